import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import { rowOf, rowsOf } from "../../../shared/db/rows.ts";
import type { MilestoneRow } from "./milestones.schemas.ts";

const columns = (sql: Sql) =>
  sql`m.id, m.project_id, m.name, m.date::text as date, m.description, m.created_at,
    m.updated_at,
    (select count(*)::int from tasks t where t.tenant_id = m.tenant_id and t.milestone_id = m.id)
      as total,
    (select count(*)::int from tasks t where t.tenant_id = m.tenant_id and t.milestone_id = m.id
      and t.done_at is not null) as done,
    (select coalesce(sum(t.estimate), 0)::float8 from tasks t
      where t.tenant_id = m.tenant_id and t.milestone_id = m.id) as estimate_hours,
    (select coalesce(sum(t.estimate), 0)::float8 from tasks t
      where t.tenant_id = m.tenant_id and t.milestone_id = m.id and t.done_at is not null)
      as done_hours`;

export async function selectMilestones(sql: Sql, projectId: string): Promise<MilestoneRow[]> {
  return await rowsOf<MilestoneRow>(sql`
    select ${columns(sql)} from project_milestones m
    where m.project_id = ${projectId} order by m.date, m.name, m.id`);
}

export async function selectMilestone(sql: Sql, id: string): Promise<MilestoneRow | undefined> {
  return await rowOf<MilestoneRow>(sql`
    select ${columns(sql)} from project_milestones m where m.id = ${id}`);
}

export interface MilestoneFields {
  name: string;
  date: string;
  description: string;
}

export async function insertMilestone(
  sql: Sql,
  projectId: string,
  userId: string,
  f: MilestoneFields,
) {
  const id = uuidv7();
  await sql`insert into project_milestones (id, project_id, name, date, description, created_by)
    values (${id}, ${projectId}, ${f.name}, ${f.date}, ${f.description}, ${userId})`;
  return id;
}

export async function updateMilestone(sql: Sql, id: string, f: MilestoneFields) {
  await sql`update project_milestones set name = ${f.name}, date = ${f.date},
    description = ${f.description}, updated_at = now() where id = ${id}`;
}

export async function deleteMilestone(sql: Sql, id: string) {
  await sql`delete from project_milestones where id = ${id}`;
}

/** The project a milestone belongs to, or undefined (another tenant's id finds nothing). */
export async function milestoneProject(sql: Sql, id: string): Promise<string | undefined> {
  const [row] = await sql<{ projectId: string }[]>`
    select project_id from project_milestones where id = ${id}`;
  return row?.projectId;
}
