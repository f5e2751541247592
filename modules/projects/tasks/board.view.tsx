import { AssigneeChips } from "../assignees/assignees.view.tsx";
import { BulkCheck } from "../bulk/bulk.view.tsx";
import type { ComponentChildren } from "preact";
import {
  Badge,
  Button,
  DataTable,
  DateTime,
  Dialog,
  EmptyState,
  Field,
  Icon,
  type TableSort,
  Toast,
  useT,
} from "../../../ui/kit.ts";
import type { TaskRow } from "./tasks.schemas.ts";
import type { StatusRow, TransitionRow } from "../statuses/statuses.schemas.ts";
import {
  type Flash,
  FlashForm,
  flowNames,
  PRIORITY_VALUES,
  PriorityBadge,
  priorityLabel,
  statusName,
} from "../common/ui.view.tsx";

/**
 * A due date; overdue ones in red with an icon and the word for screen readers (the kit's
 * tone-red, so it also reads red where the module's stylesheet is not loaded, e.g. home).
 */
export function Due(
  { task, badge }: {
    task: Pick<TaskRow, "dueDate" | "overdue">;
    /** Says "Overdue" in a badge too (lists outside the module's pages). */
    badge?: boolean;
  },
) {
  const t = useT();
  if (!task.dueDate) return <span class="muted">—</span>;
  return (
    <span class={`pj-due${task.overdue ? " pj-overdue tone-red" : ""}`}>
      <Icon name={task.overdue ? "alarm-clock" : "calendar"} size={14} />
      <DateTime at={task.dueDate} dateOnly />
      {task.overdue && (badge
        ? <Badge tone="red">{t("projects.overdue")}</Badge>
        : <span class="sr-only">({t("projects.overdue")})</span>)}
    </span>
  );
}

function Labels({ labels }: { labels: string[] }) {
  if (!labels.length) return null;
  return (
    <span class="pj-labels">
      {labels.map((x) => <Badge tone="teal">{x}</Badge>)}
    </span>
  );
}

function Card({ task }: { task: TaskRow }) {
  const t = useT();
  return (
    <li class="pj-card" data-id={task.id} data-position={String(task.position)}>
      <a class="pj-card-title" href={`/projects/tasks/${task.id}`}>{task.title}</a>
      <Labels labels={task.labels} />
      <span class="pj-card-meta">
        <PriorityBadge p={task.priority} />
        {task.dueDate && <Due task={task} />}
        <span class="pj-card-who">
          {task.assigneeName
            ? <AssigneeChips task={task} compact />
            : <span class="sr-only">{t("projects.unassigned")}</span>}
        </span>
      </span>
    </li>
  );
}

/**
 * The kanban board. Allowed moves travel as data attributes so the drag script can refuse a
 * drop early; the server checks again and a refused move snaps back with its message. On a
 * phone the columns scroll sideways inside the board, never the page.
 */
export function Board(
  { statuses, transitions, tasks, canWrite, role, admin }: {
    statuses: StatusRow[];
    transitions: TransitionRow[];
    tasks: TaskRow[];
    canWrite: boolean;
    /** The viewer's project role: moves limited to other roles are not offered. */
    role: string;
    admin: boolean;
  },
) {
  const t = useT();
  const names = flowNames(t, statuses);
  const mine = (x: TransitionRow) => admin || !x.roles.length || x.roles.includes(role as "member");
  const allowed = (from: string) =>
    transitions.length === 0
      ? "*"
      : transitions.filter((x) => x.fromStatusId === from && mine(x)).map((x) => x.toStatusId)
        .join(" ");
  return (
    <section class="pj-board-wrap" aria-labelledby="board-h">
      <h2 id="board-h" class="sr-only">{t("projects.board")}</h2>
      <Toast id="board-message" />
      {canWrite && <p class="muted pj-hint">{t("projects.boardHelp")}</p>}
      <div
        class="pj-board"
        data-writable={canWrite ? "1" : "0"}
        data-refused={t("projects.moveRefused")}
        data-failed={t("projects.moveFailed")}
      >
        {statuses.map((s) => {
          const column = tasks.filter((x) => x.statusId === s.id);
          return (
            <section class="pj-column" aria-labelledby={`col-${s.id}`}>
              <header class="pj-column-head">
                <h3 id={`col-${s.id}`}>{names.get(s.id)}</h3>
                <Badge>{column.length}</Badge>
                {s.category === "done" && (
                  <Icon name="circle-check" size={16} label={t("projects.categoryDone")} />
                )}
              </header>
              <ul class="pj-cards" data-status={s.id} data-allowed={allowed(s.id)}>
                {column.map((task) => <Card task={task} />)}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}

/** Tasks as a table: the project's list view, the task list, subtasks and the dashboard. */
export function TaskTable(
  { id, tasks, showProject, empty, more, sort, compact, select }: {
    id: string;
    tasks: TaskRow[];
    /** A checkbox per row for the bulk bar (bulk.view.tsx). */
    select?: boolean;
    showProject?: boolean;
    empty?: ComponentChildren;
    more?: { href: string; label: string };
    sort?: TableSort;
    /** Fewer columns (cards on the dashboard). */
    compact?: boolean;
  },
) {
  const t = useT();
  return (
    <DataTable
      id={id}
      label={t("projects.tasks")}
      rows={tasks}
      sort={sort}
      columns={[
        ...(select
          ? [{
            label: t("projects.bulk.column"),
            cell: (task: TaskRow) => <BulkCheck id={task.id} title={task.title} />,
          }]
          : []),
        {
          label: t("projects.task"),
          cell: (task) => (
            <span class="pj-name-cell">
              <a href={`/projects/tasks/${task.id}`}>{task.title}</a>
              <Labels labels={task.labels} />
              {compact && showProject && <span class="pj-project-line">{task.projectName}</span>}
            </span>
          ),
        },
        ...(showProject && !compact
          ? [{
            label: t("projects.project"),
            cell: (task: TaskRow) => (
              <a href={`/projects/projects/${task.projectId}`}>{task.projectName}</a>
            ),
          }]
          : []),
        ...(compact ? [] : [{
          label: t("projects.taskStatus"),
          cell: (task: TaskRow) => (
            <Badge tone={task.statusCategory === "done" ? "green" : "gray"}>
              {statusName(t, task.statusName)}
            </Badge>
          ),
        }]),
        {
          label: t("projects.priority"),
          cell: (task) => <PriorityBadge p={task.priority} />,
          sort: sort ? "priority" : undefined,
        },
        ...(compact ? [] : [{
          label: t("projects.assignee"),
          cell: (task: TaskRow) => <AssigneeChips task={task} none={t("projects.unassigned")} />,
        }]),
        {
          label: t("projects.dueDate"),
          cell: (task) => <Due task={task} />,
          sort: sort ? "due" : undefined,
        },
      ]}
      empty={empty ?? <EmptyState icon="list-checks" title={t("projects.noTasks")} />}
      more={more}
    />
  );
}

/** The new-task form (a dialog on the board); answers with itself and its error on failure. */
export function NewTaskForm(
  { projectId, statuses, members, flash, parentId }: {
    projectId: string;
    /** Statuses the caller may start a task in. */
    statuses: StatusRow[];
    members: { userId: string; name: string }[];
    flash?: Flash;
    parentId?: string;
  },
) {
  const t = useT();
  const action = `/projects/projects/${projectId}/tasks`;
  const names = flowNames(t, statuses);
  return (
    <FlashForm id="new-task-form" class="form-grid" action={action} flash={flash}>
      {parentId && <input type="hidden" name="parentId" value={parentId} />}
      <Field label={t("projects.title")} wide>
        <input id="qt-title" name="title" required maxLength={300} />
      </Field>
      <Field label={t("projects.taskStatus")}>
        <select id="qt-status" name="statusId">
          {statuses.map((s) => <option value={s.id}>{names.get(s.id)}</option>)}
        </select>
      </Field>
      <Field label={t("projects.priority")}>
        <select id="qt-priority" name="priority">
          {PRIORITY_VALUES.map((p) => (
            <option value={p} selected={p === "normal"}>{priorityLabel(t, p)}</option>
          ))}
        </select>
      </Field>
      <Field label={t("projects.assignee")}>
        <select id="qt-assignee" name="assigneeId">
          <option value="">{t("projects.unassigned")}</option>
          {members.map((m) => <option value={m.userId}>{m.name}</option>)}
        </select>
      </Field>
      <Field label={t("projects.dueDate")}>
        <input id="qt-due" type="date" name="dueDate" />
      </Field>
      <div class="form-actions field-wide">
        <Button type="submit" icon="plus">{t("projects.addTask")}</Button>
      </div>
    </FlashForm>
  );
}

export function NewTaskDialog(
  props: Parameters<typeof NewTaskForm>[0] & { title?: string },
) {
  const t = useT();
  const title = props.title ?? t("projects.newTask");
  return (
    <Dialog
      id={props.parentId ? "new-subtask" : "new-task"}
      title={title}
      trigger={title}
      icon="plus"
      variant={props.parentId ? "secondary" : "primary"}
      closeLabel={t("projects.close")}
    >
      <NewTaskForm {...props} />
    </Dialog>
  );
}
