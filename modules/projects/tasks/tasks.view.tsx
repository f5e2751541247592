import { Field, Filters, useT } from "../../../ui/kit.ts";
import { flowNames, PRIORITY_VALUES, priorityLabel } from "../common/ui.view.tsx";

/**
 * Cross-project task filters: a GET form, so every filter lives in the query string. The
 * everyday ones sit in one row; dates and labels wait behind "More filters".
 */
export function TaskFilters(
  { query, projects, statuses = [], members = [], fieldFilter }: {
    query: Record<string, string>;
    projects: { id: string; name: string }[];
    /** The chosen project's statuses and members (statuses belong to one project's flow). */
    statuses?: { id: string; name: string }[];
    members?: { userId: string; name: string }[];
    /** The chosen project's custom-field filter (fields/fields.view.tsx FieldFilter). */
    fieldFilter?: preact.ComponentChildren;
  },
) {
  const t = useT();
  const extra = ["dueFrom", "dueTo", "label"].some((k) => query[k]);
  return (
    <Filters
      action="/projects/tasks"
      target="#tasks"
      label={t("projects.filters")}
      submitLabel={t("projects.filter")}
    >
      <Field label={t("projects.search")}>
        <input id="tq-q" type="search" name="q" value={query.q ?? ""} />
      </Field>
      <Field label={t("projects.project")}>
        <select id="tq-project" name="projectId">
          <option value="">{t("projects.any")}</option>
          {projects.map((p) => (
            <option value={p.id} selected={query.projectId === p.id}>{p.name}</option>
          ))}
        </select>
      </Field>
      <StatusFilter query={query} statuses={statuses} />
      <PrioritySelect id="tq-prio" query={query} />
      <AssigneeFilter query={query} members={members} />
      {fieldFilter}
      <Field label={t("projects.sort")}>
        <select id="tq-sort" name="sort">
          {(["created", "updated", "due", "priority"] as const).map((s) => (
            <option value={s} selected={(query.sort ?? "created") === s}>
              {t(`projects.sort.${s}`)}
            </option>
          ))}
        </select>
      </Field>
      <span class="pj-filter-checks">
        <label class="pj-check">
          <input type="checkbox" name="overdue" value="true" checked={query.overdue === "true"} />
          {t("projects.overdueOnly")}
        </label>
        <label class="pj-check">
          <input type="checkbox" name="done" value="false" checked={query.done === "false"} />
          {t("projects.openOnly")}
        </label>
      </span>
      <details class="pj-more-filters" open={extra}>
        <summary>{t("projects.moreFilters")}</summary>
        <span class="pj-more-fields">
          <Field label={t("projects.dueFrom")}>
            <input id="tq-from" type="date" name="dueFrom" value={query.dueFrom ?? ""} />
          </Field>
          <Field label={t("projects.dueTo")}>
            <input id="tq-to" type="date" name="dueTo" value={query.dueTo ?? ""} />
          </Field>
          <Field label={t("projects.label")}>
            <input id="tq-label" name="label" value={query.label ?? ""} />
          </Field>
        </span>
      </details>
    </Filters>
  );
}

/** The chosen project's statuses; swapped out of band when the project filter changes. */
export function StatusFilter(
  { query, statuses, oob }: {
    query: Record<string, string>;
    statuses: { id: string; name: string }[];
    oob?: boolean;
  },
) {
  return (
    <span id="tq-status-wrap" hx-swap-oob={oob ? "true" : undefined} class="pj-filter-slot">
      {statuses.length > 0 && <StatusSelect id="tq-status" query={query} statuses={statuses} />}
    </span>
  );
}

/** Me, unassigned, and the chosen project's members (swapped like StatusFilter). */
export function AssigneeFilter(
  { query, members, oob }: {
    query: Record<string, string>;
    members: { userId: string; name: string }[];
    oob?: boolean;
  },
) {
  return (
    <span id="tq-assignee-wrap" hx-swap-oob={oob ? "true" : undefined} class="pj-filter-slot">
      <AssigneeSelect id="tq-assignee" query={query} members={members} />
    </span>
  );
}

/** The status select of a task filter (the project's flow, "any" first). */
export function StatusSelect(
  { id, query, statuses }: {
    id: string;
    query: Record<string, string>;
    statuses: { id: string; name: string }[];
  },
) {
  const t = useT();
  const names = flowNames(t, statuses);
  return (
    <Field label={t("projects.taskStatus")}>
      <select id={id} name="statusId">
        <option value="">{t("projects.any")}</option>
        {statuses.map((s) => (
          <option value={s.id} selected={query.statusId === s.id}>{names.get(s.id)}</option>
        ))}
      </select>
    </Field>
  );
}

/** The assignee select of a task filter: any, me, unassigned, then the members. */
export function AssigneeSelect(
  { id, query, members }: {
    id: string;
    query: Record<string, string>;
    members: { userId: string; name: string }[];
  },
) {
  const t = useT();
  return (
    <Field label={t("projects.assignee")}>
      <select id={id} name="assigneeId">
        <option value="">{t("projects.any")}</option>
        <option value="me" selected={query.assigneeId === "me"}>{t("projects.me")}</option>
        <option value="unassigned" selected={query.assigneeId === "unassigned"}>
          {t("projects.unassigned")}
        </option>
        {members.map((m) => (
          <option value={m.userId} selected={query.assigneeId === m.userId}>{m.name}</option>
        ))}
      </select>
    </Field>
  );
}

/** The priority select of a task filter. */
export function PrioritySelect({ id, query }: { id: string; query: Record<string, string> }) {
  const t = useT();
  return (
    <Field label={t("projects.priority")}>
      <select id={id} name="priority">
        <option value="">{t("projects.any")}</option>
        {PRIORITY_VALUES.map((p) => (
          <option value={p} selected={query.priority === p}>{priorityLabel(t, p)}</option>
        ))}
      </select>
    </Field>
  );
}
