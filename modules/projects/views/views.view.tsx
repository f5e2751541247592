import type { ComponentChildren } from "preact";
import {
  Badge,
  Button,
  type Column,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  Filters,
  Icon,
  IconButton,
  useT,
} from "../../../ui/kit.ts";
import type { TaskRow } from "../tasks/tasks.schemas.ts";
import { Due } from "../tasks/board.view.tsx";
import { AssigneeSelect, PrioritySelect, StatusSelect } from "../tasks/tasks.view.tsx";
import { BulkCheck } from "../bulk/bulk.view.tsx";
import { AssigneeChips } from "../assignees/assignees.view.tsx";
import {
  type Flash,
  FlashForm,
  flowNames,
  PRIORITY_VALUES,
  PriorityBadge,
  priorityLabel,
  statusName,
} from "../common/ui.view.tsx";
import { groupField, groupTasks } from "./views.rules.ts";
import {
  VIEW_COLUMNS,
  VIEW_GROUPS,
  type ViewColumn,
  type ViewGroup,
  type ViewLayout,
  type ViewRow,
} from "./views.schemas.ts";

type Saved = ViewRow & { canEdit: boolean };

/** Where a saved view opens (its layout's page with its filters). */
export const viewHref = (v: { id: string; projectId: string }) =>
  `/projects/projects/${v.projectId}/views/${v.id}`;

/**
 * The "Views" menu: the project's saved views (personal and shared), each a link that opens it
 * with its filters, grouping, sort and columns; editable ones can be deleted here.
 */
export function ViewsMenu(
  { projectId, views, currentId }: { projectId: string; views: Saved[]; currentId?: string },
) {
  const t = useT();
  const current = views.find((v) => v.id === currentId);
  const group = (title: string, list: Saved[]) =>
    list.length > 0 && (
      <li class="pj-views-group">
        <span class="pj-views-group-title">{title}</span>
        <ul>
          {list.map((v) => (
            <li class="pj-views-item">
              <a
                href={viewHref(v)}
                aria-current={v.id === currentId ? "true" : undefined}
                data-view-name={v.name}
              >
                <Icon name={LAYOUT_ICONS[v.layout]} size={14} />
                <span>{v.name}</span>
              </a>
              {v.canEdit && (
                <form
                  method="post"
                  action={`/projects/projects/${projectId}/views/${v.id}/delete`}
                  class="pj-views-delete"
                >
                  <IconButton
                    type="submit"
                    icon="trash-2"
                    label={t("projects.savedViews.deleteNamed", { name: v.name })}
                  />
                </form>
              )}
            </li>
          ))}
        </ul>
      </li>
    );
  return (
    <details class="pj-views-menu">
      <summary class="btn btn-secondary btn-sm">
        <Icon name="bookmark" size={16} />
        <span>{current ? current.name : t("projects.savedViews")}</span>
        <Icon name="chevron-down" size={14} />
      </summary>
      <div class="pj-views-pop" role="group" aria-label={t("projects.savedViews.menu")}>
        {views.length === 0
          ? <p class="muted">{t("projects.savedViews.none")}</p>
          : (
            <ul class="pj-views-list">
              {group(t("projects.savedViews.mine"), views.filter((v) => !v.shared))}
              {group(t("projects.savedViews.sharedGroup"), views.filter((v) => v.shared))}
            </ul>
          )}
      </div>
    </details>
  );
}

const LAYOUT_ICONS: Record<ViewLayout, string> = {
  list: "list",
  board: "square-kanban",
  calendar: "calendar",
  timeline: "gantt-chart",
};

/** The "Save view" form: what is shown now travels in the `state` field beside the list. */
export function SaveViewForm(
  { projectId, layout, canShare, flash }: {
    projectId: string;
    layout: ViewLayout;
    canShare: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  const action = `/projects/projects/${projectId}/views`;
  return (
    <FlashForm id="pj-save-view" class="form-grid" action={action} flash={flash}>
      <p class="muted field-wide">{t("projects.savedViews.saveHint")}</p>
      <Field label={t("projects.savedViews.name")} wide>
        <input id="sv-name" name="name" required maxLength={80} />
      </Field>
      <Field label={t("projects.savedViews.layout")}>
        <select id="sv-layout" name="layout">
          {(["list", "board", "calendar", "timeline"] as const).map((x) => (
            <option value={x} selected={x === layout}>
              {t(`projects.savedViews.layout.${x}`)}
            </option>
          ))}
        </select>
      </Field>
      {canShare && (
        <label class="pj-check field-wide">
          <input type="checkbox" name="shared" value="true" />
          {t("projects.savedViews.share")}
        </label>
      )}
      <div class="form-actions field-wide">
        <Button type="submit" icon="bookmark-plus">{t("projects.savedViews.save")}</Button>
      </div>
    </FlashForm>
  );
}

export function SaveViewDialog(props: Parameters<typeof SaveViewForm>[0]) {
  const t = useT();
  return (
    <Dialog
      id="save-view"
      title={t("projects.savedViews.save")}
      trigger={t("projects.savedViews.save")}
      icon="bookmark-plus"
      variant="secondary"
      small
      closeLabel={t("projects.close")}
    >
      <SaveViewForm {...props} />
    </Dialog>
  );
}

/** The current filters, grouping, sort and columns for the save form (swapped with the list). */
export function SaveViewState({ state }: { state: string }) {
  return <input type="hidden" form="pj-save-view" name="state" value={state} />;
}

/** "Clear filters", shown with the results while any filter is set (swapped with them). */
export function ClearFilters({ href, filters }: { href: string; filters: Record<string, string> }) {
  const t = useT();
  if (Object.keys(filters).length === 0) return null;
  return (
    <a class="pj-clear-filters" href={href}>
      <Icon name="x" size={14} />
      <span>{t("projects.clearFilters")}</span>
    </a>
  );
}

/** A custom field the list can be grouped by, with what its values are called. */
export interface GroupField {
  id: string;
  name: string;
  type: "select" | "multi_select" | "person";
  options: { id: string; label: string }[];
}

/**
 * The project's compact filter bar (list, board and calendar): status, assignee, priority,
 * label, due range and text; the list adds grouping, sort and visible columns.
 */
export function ProjectFilterBar(
  { action, layout, target, query, statuses, members, groupBy, sort, columns, fields = [] }: {
    action: string;
    /** Custom fields offered as groupings. */
    fields?: GroupField[];
    layout?: ViewLayout;
    target: string;
    query: Record<string, string>;
    statuses: { id: string; name: string }[];
    members: { userId: string; name: string }[];
    groupBy?: ViewGroup;
    sort?: string;
    columns?: ViewColumn[];
  },
) {
  const t = useT();
  const extra = ["dueFrom", "dueTo", "label"].some((k) => query[k]) || layout === "list";
  return (
    <div class="pj-filterbar">
      <Filters
        action={action}
        target={target}
        label={t("projects.filters")}
        submitLabel={t("projects.filter")}
      >
        {layout && <input type="hidden" name="view" value={layout} />}
        {query.month && <input type="hidden" name="month" value={query.month} />}
        <Field label={t("projects.search")}>
          <input id="pf-q" type="search" name="q" value={query.q ?? ""} />
        </Field>
        <StatusSelect id="pf-status" query={query} statuses={statuses} />
        <AssigneeSelect id="pf-assignee" query={query} members={members} />
        <PrioritySelect id="pf-priority" query={query} />
        <details class="pj-more-filters" open={extra}>
          <summary>{t("projects.moreFilters")}</summary>
          <span class="pj-more-fields">
            <Field label={t("projects.label")}>
              <input id="pf-label" name="label" value={query.label ?? ""} maxLength={40} />
            </Field>
            <Field label={t("projects.dueFrom")}>
              <input id="pf-from" type="date" name="dueFrom" value={query.dueFrom ?? ""} />
            </Field>
            <Field label={t("projects.dueTo")}>
              <input id="pf-to" type="date" name="dueTo" value={query.dueTo ?? ""} />
            </Field>
            {groupBy && (
              <Field label={t("projects.groupBy")}>
                <select id="pf-group" name="groupBy">
                  {VIEW_GROUPS.map((g) => (
                    <option value={g} selected={g === groupBy}>{t(`projects.groupBy.${g}`)}</option>
                  ))}
                  {fields.map((f) => (
                    <option value={`field:${f.id}`} selected={groupBy === `field:${f.id}`}>
                      {f.name}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            {sort && (
              <Field label={t("projects.sort")}>
                <select id="pf-sort" name="sort">
                  {(["created", "updated", "due", "priority"] as const).map((s) => (
                    <option value={s} selected={sort === s}>{t(`projects.sort.${s}`)}</option>
                  ))}
                </select>
              </Field>
            )}
            {columns && (
              <fieldset class="pj-columns">
                <legend>{t("projects.columns")}</legend>
                <input type="hidden" name="columns" value="" />
                {VIEW_COLUMNS.map((col) => (
                  <label class="pj-check">
                    <input
                      type="checkbox"
                      name="columns"
                      value={col}
                      checked={columns.includes(col)}
                    />
                    {t(`projects.column.${col}`)}
                  </label>
                ))}
              </fieldset>
            )}
          </span>
        </details>
      </Filters>
    </div>
  );
}

function Labels({ labels }: { labels: string[] }) {
  if (!labels.length) return <span class="muted">—</span>;
  return (
    <span class="pj-labels">
      {labels.map((x) => <Badge tone="teal">{x}</Badge>)}
    </span>
  );
}

/** The list layout: the chosen columns, in groups when grouped. */
export function ViewTaskList(
  { tasks, groupBy, columns, statuses, filtered, truncated, select, fields = [], people = [] }: {
    tasks: TaskRow[];
    /** The groupable custom fields (a field grouping names its values from them). */
    fields?: GroupField[];
    /** Project members (a person field's groups are named after them). */
    people?: { userId: string; name: string }[];
    /** A checkbox per row for the bulk bar (bulk.view.tsx). */
    select?: boolean;
    groupBy: ViewGroup;
    columns: ViewColumn[];
    statuses: { id: string; name: string }[];
    filtered: boolean;
    truncated?: number;
  },
) {
  const t = useT();
  const names = flowNames(t, statuses);
  const cols: Record<ViewColumn, Column<TaskRow>> = {
    status: {
      label: t("projects.column.status"),
      cell: (task) => (
        <Badge tone={task.statusCategory === "done" ? "green" : "gray"}>
          {names.get(task.statusId) ?? statusName(t, task.statusName)}
        </Badge>
      ),
    },
    priority: {
      label: t("projects.column.priority"),
      cell: (x) => <PriorityBadge p={x.priority} />,
    },
    assignee: {
      label: t("projects.column.assignee"),
      cell: (x) => <AssigneeChips task={x} none={t("projects.unassigned")} />,
    },
    dueDate: { label: t("projects.column.dueDate"), cell: (x) => <Due task={x} /> },
    startDate: {
      label: t("projects.column.startDate"),
      cell: (x) =>
        x.startDate
          ? <Due task={{ dueDate: x.startDate, overdue: false }} />
          : <span class="muted">—</span>,
    },
    labels: { label: t("projects.column.labels"), cell: (x) => <Labels labels={x.labels} /> },
    estimate: {
      label: t("projects.column.estimate"),
      numeric: true,
      cell: (x) =>
        x.estimate === null
          ? <span class="muted">—</span>
          : t("projects.hours", { hours: String(x.estimate) }),
    },
  };
  const columnsOf = (): Column<TaskRow>[] => [
    ...(select
      ? [{
        label: t("projects.bulk.column"),
        cell: (task: TaskRow) => <BulkCheck id={task.id} title={task.title} />,
      }]
      : []),
    {
      label: t("projects.task"),
      cell: (task) => <a href={`/projects/tasks/${task.id}`}>{task.title}</a>,
    },
    ...columns.map((c) => cols[c]),
  ];
  const empty = (
    <EmptyState
      icon="list-checks"
      title={t(filtered ? "projects.noMatchingTasks" : "projects.noTasks")}
    />
  );
  const table = (id: string, rows: TaskRow[]) => (
    <DataTable id={id} label={t("projects.tasks")} rows={rows} columns={columnsOf()} />
  );
  let body: ComponentChildren;
  if (tasks.length === 0) body = empty;
  else if (groupBy === "none") body = table("project-tasks", tasks);
  else {
    const field = fields.find((f) => f.id === groupField(groupBy));
    const valueNames = new Map<string, string>([
      ...(field?.options ?? []).map((o) => [o.id, o.label] as [string, string]),
      ...people.map((p) => [p.userId, p.name] as [string, string]),
    ]);
    const groups = orderGroups(groupTasks(tasks, keyOf(groupBy)), groupBy, statuses, field);
    body = groups.map((g, i) => (
      <section class="pj-group" aria-labelledby={`pj-group-${i}`}>
        <h3 id={`pj-group-${i}`} class="pj-group-head">
          <span>
            {field
              ? (valueNames.get(g.key) ?? t("projects.groupBy.noValue"))
              : groupTitle(t, groupBy, g.key, g.tasks[0], names)}
          </span>
          <Badge>{g.tasks.length}</Badge>
          <span class="sr-only">{t("projects.groupCount", { count: g.tasks.length })}</span>
        </h3>
        {table(`project-tasks-${i}`, g.tasks)}
      </section>
    ));
  }
  return (
    <div class="pj-view-list" id="project-tasks-list">
      {truncated !== undefined && (
        <p class="muted">{t("projects.savedViews.truncated", { count: truncated })}</p>
      )}
      {body}
    </div>
  );
}

const keyOf = (g: ViewGroup) => (task: TaskRow): string[] => {
  const fieldId = groupField(g);
  if (fieldId) {
    const v = task.customFields?.[fieldId];
    return Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
  }
  switch (g) {
    case "status":
      return [task.statusId];
    case "assignee":
      return [task.assigneeId ?? ""];
    case "priority":
      return [task.priority];
    case "label":
      return task.labels;
    default:
      return [""];
  }
};

function orderGroups<T>(
  groups: { key: string; tasks: T[] }[],
  g: ViewGroup,
  statuses: { id: string }[],
  field?: GroupField,
) {
  const rank = (key: string): number | string => {
    // A select field's groups follow its options; tasks without a value come last.
    if (field && field.type !== "person") {
      return key === "" ? 1e9 : field.options.findIndex((o) => o.id === key);
    }
    if (g === "status") return statuses.findIndex((s) => s.id === key);
    if (g === "priority") return -PRIORITY_VALUES.indexOf(key as "normal");
    return key === "" ? "\uffff" : key.toLowerCase();
  };
  return [...groups].sort((a, b) => {
    const x = rank(a.key), y = rank(b.key);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

function groupTitle(
  t: ReturnType<typeof useT>,
  g: ViewGroup,
  key: string,
  sample: TaskRow,
  names: Map<string, string>,
) {
  switch (g) {
    case "status":
      return names.get(key) ?? statusName(t, sample.statusName);
    case "assignee":
      return key ? sample.assigneeName ?? "" : t("projects.unassigned");
    case "priority":
      return priorityLabel(t, key as "normal");
    default:
      return key || t("projects.noLabel");
  }
}
