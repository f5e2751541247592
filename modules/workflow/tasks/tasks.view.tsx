/** Task lists (mine, pool, all): filters, the table with overdue and priority badges, new task. */
import {
  Badge,
  type Column,
  DataTable,
  DateTime,
  Dialog,
  EmptyState,
  Field,
  Filters,
  RelativeTime,
  type Tone,
  UserChip,
  useT,
} from "../../../ui/kit.ts";
import type { Task } from "./tasks.schemas.ts";
import { dueState, PRIORITIES, type Priority, TASK_STATES, type TaskState } from "./tasks.rules.ts";

const PRIORITY_TONES: Record<string, Tone> = {
  dusuk: "gray",
  normal: "blue",
  yuksek: "amber",
  kritik: "red",
};
const STATE_TONES: Record<string, Tone> = {
  created: "purple",
  claimed: "blue",
  delegated: "teal",
  completed: "green",
  cancelled: "gray",
};

export function PriorityBadge({ value }: { value: Priority }) {
  const t = useT();
  return (
    <Badge tone={PRIORITY_TONES[value] ?? "gray"}>{t(`workflow.tasks.priority.${value}`)}</Badge>
  );
}
export function TaskStateBadge({ value }: { value: TaskState }) {
  const t = useT();
  return <Badge tone={STATE_TONES[value] ?? "gray"}>{t(`workflow.tasks.state.${value}`)}</Badge>;
}

/** Due date with an overdue / due-soon mark. */
export function Due({ task }: { task: Task }) {
  const t = useT();
  const s = dueState(task.dueAt, task.state);
  return (
    <span class="due">
      <DateTime at={task.dueAt} />{" "}
      {s === "overdue" && <Badge tone="red">{t("workflow.tasks.overdue")}</Badge>}
      {s === "soon" && <Badge tone="amber">{t("workflow.tasks.dueSoon")}</Badge>}
    </span>
  );
}

export interface TaskFilterValues {
  q: string;
  priority: string;
  state: string;
  due: string;
}

const DUE_KINDS = ["overdue", "today", "week", "followUp"] as const;
export const DUE_FILTERS: readonly string[] = DUE_KINDS;

export function TaskFilters(
  { action, v }: { action: string; v: TaskFilterValues },
) {
  const t = useT();
  const opt = (value: string, label: string, current: string) => (
    <option value={value} selected={value === current}>{label}</option>
  );
  return (
    <Filters action={action} target="#tasks" label={t("workflow.tasks.filters")}>
      <Field label={t("workflow.tasks.filter.q")}>
        <input type="search" name="q" value={v.q} maxLength={200} />
      </Field>
      <Field label={t("workflow.tasks.filter.priority")}>
        <select name="priority">
          {opt("", t("workflow.tasks.filter.any"), v.priority)}
          {PRIORITIES.map((p) => opt(p, t(`workflow.tasks.priority.${p}`), v.priority))}
        </select>
      </Field>
      <Field label={t("workflow.tasks.filter.due")}>
        <select name="due">
          {opt("", t("workflow.tasks.filter.any"), v.due)}
          {DUE_KINDS.map((d) => opt(d, t(`workflow.tasks.filter.${d}`), v.due))}
        </select>
      </Field>
      <Field label={t("workflow.tasks.filter.state")}>
        <select name="state">
          {opt("", t("workflow.tasks.filter.open"), v.state)}
          {TASK_STATES.map((s) => opt(s, t(`workflow.tasks.state.${s}`), v.state))}
        </select>
      </Field>
    </Filters>
  );
}

export function TaskTable(
  { rows, more, showAssignee }: {
    rows: Task[];
    more: string | null;
    showAssignee: boolean;
  },
) {
  const t = useT();
  const columns: Column<Task>[] = [
    {
      label: t("workflow.tasks.col.name"),
      cell: (r) => <a href={`/workflow/tasks/${r.id}`}>{r.name}</a>,
    },
    {
      label: t("workflow.tasks.col.priority"),
      cell: (r) => <PriorityBadge value={r.priority} />,
    },
    { label: t("workflow.tasks.col.state"), cell: (r) => <TaskStateBadge value={r.state} /> },
    { label: t("workflow.tasks.col.due"), cell: (r) => <Due task={r} /> },
    {
      label: t("workflow.tasks.col.followUp"),
      cell: (r) => <DateTime at={r.followUpAt} />,
      wide: true,
    },
    {
      label: t("workflow.tasks.col.created"),
      cell: (r) => <RelativeTime at={r.createdAt} />,
      wide: true,
    },
  ];
  if (showAssignee) {
    columns.splice(3, 0, {
      label: t("workflow.tasks.col.assignee"),
      cell: (r) => <UserChip name={r.assigneeName} none={t("workflow.tasks.nobody")} />,
    });
  }
  return (
    <DataTable
      id="tasks"
      label={t("workflow.tasks.col.name")}
      columns={columns}
      rows={rows}
      empty={<EmptyState icon="list-checks" title={t("workflow.tasks.empty")} />}
      more={more ? { href: more, label: t("workflow.tasks.more") } : undefined}
    />
  );
}

export function NewTaskDialog(
  { people, roles, me }: {
    people: { userId: string; name: string }[];
    roles: { key: string; name: string }[];
    me: string;
  },
) {
  const t = useT();
  return (
    <Dialog
      id="new-task"
      title={t("workflow.tasks.new.title")}
      trigger={t("workflow.tasks.new")}
      icon="plus"
      closeLabel={t("workflow.tasks.cancel.dialog")}
    >
      <form method="post" action="/workflow/tasks" class="form">
        <Field label={t("workflow.tasks.field.name")}>
          <input name="name" required maxLength={300} />
        </Field>
        <Field label={t("workflow.tasks.field.description")}>
          <textarea name="description" rows={3} maxLength={20000}></textarea>
        </Field>
        <Field label={t("workflow.tasks.field.assignee")}>
          <select name="assignee">
            <option value="">{t("workflow.tasks.nobody")}</option>
            {people.map((p) => <option value={p.userId} selected={p.userId === me}>{p.name}
            </option>)}
          </select>
        </Field>
        <Field label={t("workflow.tasks.field.candidateRoles")}>
          <select name="candidateRole">
            <option value="">{t("workflow.tasks.field.candidateRoles.none")}</option>
            {roles.map((r) => <option value={r.key}>{r.name}</option>)}
          </select>
        </Field>
        <Field label={t("workflow.tasks.field.priority")}>
          <select name="priority">
            {PRIORITIES.map((p) => (
              <option value={p} selected={p === "normal"}>
                {t(`workflow.tasks.priority.${p}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("workflow.tasks.field.dueAt")}>
          <input type="datetime-local" name="dueAt" />
        </Field>
        <Field label={t("workflow.tasks.field.followUpAt")}>
          <input type="datetime-local" name="followUpAt" />
        </Field>
        <button type="submit" class="btn btn-primary">{t("workflow.tasks.create")}</button>
      </form>
    </Dialog>
  );
}
