/** SQL of tasks, their history and comments (tenant-scoped connection; RLS holds). */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import { foldedContains } from "../../../shared/text/fold.ts";
import { type FieldColumns, selectList } from "../../../shared/db/fieldset.ts";
import type { NewTask } from "./tasks.schemas.ts";

const US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

export interface TaskRow {
  id: string;
  instanceId: string | null;
  tokenId: string | null;
  definitionId: string | null;
  elementId: string | null;
  name: string;
  description: string;
  state: "created" | "claimed" | "delegated" | "completed" | "cancelled";
  assignee: string | null;
  assigneeName: string | null;
  owner: string | null;
  ownerName: string | null;
  candidateUsers: string[];
  candidateRoles: string[];
  priority: "dusuk" | "normal" | "yuksek" | "kritik";
  dueAt: string | null;
  followUpAt: string | null;
  overdue: boolean;
  formKey: string | null;
  form: unknown;
  data: Record<string, unknown> | null;
  createdBy: string | null;
  createdAt: string;
  claimedAt: string | null;
  completedAt: string | null;
  completedBy: string | null;
  reminded: string[];
  /** The instance's starter (sees the tasks of their process). */
  startedBy: string | null;
  sortKey: string;
}

/**
 * A task's API fields and their select items, for a sparse fieldset (`fields=`,
 * shared/db/fieldset.ts): a list reads the asked ones, the id and its keyset key.
 */
const TASK_FIELDS: FieldColumns = {
  id: "t.id",
  instanceId: "t.instance_id",
  definitionId: "t.definition_id",
  elementId: "t.element_id",
  name: "t.name",
  description: "t.description",
  state: "t.state",
  assignee: "t.assignee",
  assigneeName: "a.name as assignee_name",
  owner: "t.owner",
  ownerName: "o.name as owner_name",
  candidateUsers: "t.candidate_users",
  candidateRoles: "t.candidate_roles",
  priority: "t.priority",
  dueAt: "t.due_at",
  followUpAt: "t.follow_up_at",
  overdue: `(t.due_at is not null and t.due_at <= now()
    and t.state in ('created', 'claimed', 'delegated')) as overdue`,
  formKey: "t.form_key",
  formFields: "t.form::text as form_json",
  data: "t.data::text as data_json",
  createdBy: "t.created_by",
  createdAt: "t.created_at",
  claimedAt: "t.claimed_at",
  completedAt: "t.completed_at",
  completedBy: "t.completed_by",
};

/**
 * The task's columns and its keyset key: every API field plus what the engine and the access
 * check need (the token, reminders sent, the instance's starter), or a sparse fieldset's fields
 * and the id.
 */
const columns = (sql: Sql, fields?: readonly string[]) =>
  sql.unsafe(`${selectList(TASK_FIELDS, fields, ["id"])},
    ${fields ? "" : "t.token_id, t.reminded, i.started_by,"}
    to_char(t.created_at at time zone 'UTC', ${US}) as sort_key`);

const from = (sql: Sql) =>
  sql.unsafe(`workflow_tasks t
  left join member_directory a on a.user_id = t.assignee
  left join member_directory o on o.user_id = t.owner
  left join workflow_instances i on i.id = t.instance_id`);

export interface TaskFilter {
  view: "mine" | "pool" | "all";
  me: string;
  roles: string[];
  state?: string;
  priority?: string;
  dueBefore?: string;
  dueAfter?: string;
  followUpBefore?: string;
  instanceId?: string;
  definitionId?: string;
  overdue?: boolean;
  q?: string;
  limit: number;
  after: (string | number)[] | null;
  /** A sparse fieldset: only these fields' columns (and the id and the keyset key). */
  fields?: readonly string[];
}

// jsonb is read as text and parsed here: the driver's camel transform would rename the keys
// inside it (a form field `first_name` would come back as `firstName`).
type RawTask = Omit<TaskRow, "form" | "data"> & {
  formJson: string | null;
  dataJson: string | null;
};
// A column a sparse fieldset did not read stays undefined (and out of the answer).
const json = (text: string | null | undefined) =>
  typeof text === "string" ? JSON.parse(text) : text;
const parsed = ({ formJson, dataJson, ...row }: RawTask): TaskRow => ({
  ...row,
  form: json(formJson),
  data: json(dataJson),
});

export async function selectTasks(sql: Sql, f: TaskFilter): Promise<TaskRow[]> {
  const open = sql`t.state in ('created', 'claimed', 'delegated')`;
  const view = f.view === "mine"
    ? sql`and t.assignee = ${f.me}`
    : f.view === "pool"
    ? sql`and t.assignee is null and t.state = 'created' and (${f.me} = any(t.candidate_users)
        or t.candidate_roles && ${f.roles}::text[])`
    : sql``;
  const rows = await sql<RawTask[]>`
    select ${columns(sql, f.fields)} from ${from(sql)}
    where true ${view}
    ${f.state ? sql`and t.state = ${f.state}` : sql`and ${open}`}
    ${f.priority ? sql`and t.priority = ${f.priority}` : sql``}
    ${f.dueBefore ? sql`and t.due_at < ${f.dueBefore}` : sql``}
    ${f.dueAfter ? sql`and t.due_at >= ${f.dueAfter}` : sql``}
    ${f.followUpBefore ? sql`and t.follow_up_at < ${f.followUpBefore}` : sql``}
    ${f.instanceId ? sql`and t.instance_id = ${f.instanceId}` : sql``}
    ${f.definitionId ? sql`and t.definition_id = ${f.definitionId}` : sql``}
    ${
    f.overdue === true
      ? sql`and t.due_at <= now()`
      : f.overdue === false
      ? sql`and (t.due_at is null or t.due_at > now())`
      : sql``
  }
    ${f.q ? sql`and t.search like ${foldedContains(f.q)}` : sql``}
    ${
    f.after
      ? sql`and (t.created_at, t.id) < (${f.after[0]}::timestamptz, ${f.after[1]}::uuid)`
      : sql``
  }
    order by t.created_at desc, t.id desc limit ${f.limit + 1}`;
  return rows.map(parsed);
}

export async function findTask(sql: Sql, id: string, lock = false): Promise<TaskRow | undefined> {
  if (lock) await sql`select 1 from workflow_tasks where id = ${id} for update`;
  const [row] = await sql<RawTask[]>`select ${columns(sql)} from ${from(sql)} where t.id = ${id}`;
  return row && parsed(row);
}

export async function updateTaskRow(sql: Sql, id: string, data: Record<string, unknown>) {
  await sql`update workflow_tasks set ${sql(data)} where id = ${id}`;
}

export interface TaskEventInput {
  taskId: string;
  event: string;
  actor: string | null;
  fromUser?: string | null;
  toUser?: string | null;
  data?: Record<string, unknown>;
}

export async function insertTaskEvent(sql: Sql, e: TaskEventInput) {
  await sql`insert into workflow_task_events
    (tenant_id, id, task_id, event, actor, from_user, to_user, data)
    values (current_setting('app.tenant_id')::uuid, ${uuidv7()}, ${e.taskId}, ${e.event},
      ${e.actor}, ${e.fromUser ?? null}, ${e.toUser ?? null}, ${
    sql.json((e.data ?? {}) as never)
  })`;
}

export async function selectTaskEvents(sql: Sql, taskId: string) {
  return await sql`
    select e.id, e.event, e.actor, a.name as actor_name, e.from_user, f.name as from_name,
      e.to_user, u.name as to_name, e.at, e.data
    from workflow_task_events e
    left join member_directory a on a.user_id = e.actor
    left join member_directory f on f.user_id = e.from_user
    left join member_directory u on u.user_id = e.to_user
    where e.task_id = ${taskId} order by e.at, e.id`;
}

export async function insertComment(sql: Sql, taskId: string, author: string, body: string) {
  const id = uuidv7();
  await sql`insert into workflow_task_comments (tenant_id, id, task_id, author, body)
    values (current_setting('app.tenant_id')::uuid, ${id}, ${taskId}, ${author}, ${body})`;
  return id;
}

export async function selectComments(sql: Sql, taskId: string, only?: string) {
  return await sql`
    select c.id, c.task_id, c.author, m.name as author_name, c.body, c.created_at
    from workflow_task_comments c left join member_directory m on m.user_id = c.author
    where c.task_id = ${taskId} ${only ? sql`and c.id = ${only}` : sql``}
    order by c.created_at, c.id limit 500`;
}

export async function linkAttachment(sql: Sql, taskId: string, fileId: string, by: string) {
  await sql`insert into workflow_task_attachments (tenant_id, task_id, file_id, added_by)
    values (current_setting('app.tenant_id')::uuid, ${taskId}, ${fileId}, ${by})
    on conflict do nothing`;
}

export async function unlinkAttachment(sql: Sql, taskId: string, fileId: string) {
  await sql`delete from workflow_task_attachments where task_id = ${taskId} and file_id = ${fileId}`;
}

/** Open, assigned tasks whose due-soon or overdue reminder has not gone out yet. */
export async function tasksToRemind(sql: Sql, soonMs: number) {
  return await sql<
    { id: string; name: string; assignee: string; dueAt: string; reminded: string[] }[]
  >`
    select id, name, assignee, due_at, reminded from workflow_tasks
    where state in ('created', 'claimed', 'delegated') and due_at is not null
      and workflow_task_reminder_due(state, assignee, due_at, reminded,
        ${soonMs} * interval '1 millisecond')
    order by due_at limit 500 for update skip locked`;
}

/** The workspaces with a reminder to send (the scheduler's sweep, as the worker role). */
export async function tenantsWithReminders(sql: Sql, soonMs: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select workflow_reminder_tenants(${soonMs} * interval '1 millisecond') as id`;
  return rows.map((r) => r.id);
}

export async function markReminded(sql: Sql, id: string, kind: string) {
  await sql`update workflow_tasks set reminded = array_append(reminded, ${kind}) where id = ${id}`;
}

/** A new task row (tasks.create.service.ts decides assignee and owner). */
export async function insertTaskRow(
  sql: Sql,
  r: {
    id: string;
    task: NewTask;
    assignee: string | null;
    owner: string | null;
    createdBy: string;
    search: string;
  },
) {
  const { id, task: t, assignee, owner } = r;
  await sql`
    insert into workflow_tasks (tenant_id, id, instance_id, token_id, definition_id, element_id,
      name, description, assignee, owner, candidate_users, candidate_roles, priority, due_at,
      follow_up_at, form_key, form, created_by, state, claimed_at, search)
    values (current_setting('app.tenant_id')::uuid, ${id}, ${t.instanceId ?? null},
      ${t.tokenId ?? null}, ${t.definitionId ?? null}, ${t.elementId ?? null}, ${t.name},
      ${t.description ?? ""}, ${assignee}, ${owner}, ${t.candidateUsers ?? []},
      ${t.candidateRoles ?? []}, ${t.priority ?? "normal"}, ${t.dueAt ?? null},
      ${t.followUpAt ?? null}, ${t.formKey ?? null}, ${t.form ? sql.json(t.form as never) : null},
      ${r.createdBy}, ${assignee ? "claimed" : "created"}, ${assignee ? new Date() : null},
      ${r.search})`;
}

/** An active member's e-mail address; null when the person is not an active member. */
export async function activeMemberEmail(
  sql: Sql,
  userId: string,
): Promise<{ email: string } | null> {
  const [member] = await sql<{ email: string }[]>`
    select email from member_directory where user_id = ${userId} and status = 'active'`;
  return member ?? null;
}
