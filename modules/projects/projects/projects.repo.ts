import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import { foldedContains } from "../../../shared/text/fold.ts";
import type { PendingQuery } from "../../../shared/db/sql.ts";
import { pickFields } from "../../../shared/db/fieldset.ts";
import { visibleProjects } from "../access/access.repo.ts";
import type { MemberRow, ProjectRow } from "./projects.schemas.ts";
export type { MemberRow, ProjectRow };

const TENANT = (sql: Sql) => sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

type Item = (sql: Sql, session: Session) => PendingQuery;
const myRole: Item = (sql, session) =>
  sql`(select role from project_members m where m.tenant_id = p.tenant_id and m.project_id = p.id
       and m.user_id = ${session.userId}) as my_role`;
const taskCount: Item = (sql) =>
  sql`(select count(*)::int from tasks t where t.tenant_id = p.tenant_id and t.project_id = p.id)
      as task_count`;
const doneCount: Item = (sql) =>
  sql`(select count(*)::int from tasks t where t.tenant_id = p.tenant_id and t.project_id = p.id
       and t.done_at is not null) as done_count`;
const sortAt = (sql: Sql) =>
  sql`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_at`;

/**
 * A project's API fields and their select items, for a sparse fieldset (`fields=`,
 * shared/db/fieldset.ts): the task counts and the reader's role are read only when asked for.
 */
const PROJECT_FIELDS: Record<string, Item> = {
  id: (sql) => sql`p.id`,
  name: (sql) => sql`p.name`,
  description: (sql) => sql`p.description`,
  status: (sql) => sql`p.status`,
  startDate: (sql) => sql`p.start_date`,
  dueDate: (sql) => sql`p.due_date`,
  timeZone: (sql) => sql`p.time_zone`,
  archived: (sql) => sql`p.archived`,
  createdAt: (sql) => sql`p.created_at`,
  updatedAt: (sql) => sql`p.updated_at`,
  myRole,
  taskCount,
  doneCount,
};

/** The project's columns (all, or a sparse fieldset's and the id) and its keyset key. */
const columns = (sql: Sql, session: Session, fields?: readonly string[]) =>
  [...pickFields(PROJECT_FIELDS, fields, ["id"]).map((item) => item(sql, session)), sortAt(sql)]
    .reduce((acc, part) => sql`${acc}, ${part}`);

export async function selectProjects(
  sql: Sql,
  session: Session,
  f: { status?: string; archived: "true" | "false" | "all"; q?: string },
  limit: number,
  after: [string, string] | null,
  fields?: readonly string[],
): Promise<ProjectRow[]> {
  return await sql<ProjectRow[]>`
    select ${columns(sql, session, fields)} from projects p
    where ${visibleProjects(sql, session)}
      ${f.archived === "all" ? sql`` : sql`and p.archived = ${f.archived === "true"}`}
      ${f.status ? sql`and p.status = ${f.status}` : sql``}
      ${f.q ? sql`and platform_fold(p.name) like ${foldedContains(f.q)}` : sql``}
      ${
    after ? sql`and (p.created_at, p.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``
  }
    order by p.created_at desc, p.id desc limit ${limit + 1}`;
}

export async function selectProject(
  sql: Sql,
  session: Session,
  id: string,
  fields?: readonly string[],
) {
  const [row] = await sql<ProjectRow[]>`
    select ${columns(sql, session, fields)} from projects p where p.id = ${id}`;
  return row;
}

export interface ProjectFields {
  name: string;
  description: string;
  status: string;
  startDate: string | null;
  dueDate: string | null;
  /** Null or absent: the workspace's zone (set by the database). */
  timeZone?: string | null;
}

export async function insertProject(sql: Sql, userId: string, p: ProjectFields) {
  const id = uuidv7();
  await sql`
    insert into projects (tenant_id, id, name, description, status, start_date, due_date, created_by,
      time_zone)
    values (${TENANT(sql)}, ${id}, ${p.name}, ${p.description}, ${p.status}, ${p.startDate},
      ${p.dueDate}, ${userId}, ${p.timeZone ?? null})`;
  return id;
}

export async function updateProject(
  sql: Sql,
  id: string,
  p: ProjectFields & { archived: boolean },
) {
  await sql`
    update projects set name = ${p.name}, description = ${p.description}, status = ${p.status},
      start_date = ${p.startDate}, due_date = ${p.dueDate}, archived = ${p.archived},
      time_zone = coalesce(${p.timeZone ?? null}, time_zone), updated_at = now()
    where id = ${id}`;
}

export async function selectMembers(sql: Sql, projectId: string): Promise<MemberRow[]> {
  return await sql<MemberRow[]>`
    select pm.user_id, d.name, d.email, pm.role, pm.created_at
    from project_members pm join member_directory d on d.user_id = pm.user_id
    where pm.project_id = ${projectId}
    order by lower(d.name), pm.user_id`;
}

export async function upsertMember(sql: Sql, projectId: string, userId: string, role: string) {
  await sql`
    insert into project_members (tenant_id, project_id, user_id, role)
    values (${TENANT(sql)}, ${projectId}, ${userId}, ${role})
    on conflict (tenant_id, project_id, user_id) do update set role = excluded.role`;
}

export async function deleteMember(sql: Sql, projectId: string, userId: string) {
  const r = await sql`delete from project_members
    where project_id = ${projectId} and user_id = ${userId}`;
  return r.count > 0;
}

/** Tasks of the project assigned to the user lose their assignee. */
export async function unassignMember(sql: Sql, projectId: string, userId: string) {
  await sql`update tasks set assignee_id = null, updated_at = now()
    where project_id = ${projectId} and assignee_id = ${userId}`;
}
