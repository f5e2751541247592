/** SQL of saved questions (tenant-scoped connection; RLS keeps tenants apart). */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { Question, QuestionParam } from "./questions.schemas.ts";

type Raw = Omit<Question, "createdAt" | "updatedAt" | "target"> & {
  createdAt: Date;
  updatedAt: Date;
};

const toQuestion = (r: Raw): Question => ({
  id: r.id,
  name: r.name,
  description: r.description,
  sql: r.sql,
  sourceId: r.sourceId ?? null,
  target: r.sourceId ? "external" : "tenant",
  params: (Array.isArray(r.params) ? r.params : []) as QuestionParam[],
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

export async function selectQuestions(sql: Sql): Promise<Question[]> {
  const rows = await sql<Raw[]>`select id, name, description, sql, source_id, params,
      created_at, updated_at
    from analytics_questions order by lower(name), id limit 500`;
  return rows.map(toQuestion);
}

export async function findQuestion(sql: Sql, id: string): Promise<Question | null> {
  const [row] = await sql<Raw[]>`select id, name, description, sql, source_id, params,
      created_at, updated_at
    from analytics_questions where id = ${id}`;
  return row ? toQuestion(row) : null;
}

export interface QuestionWrite {
  name: string;
  description: string;
  sql: string;
  sourceId: string | null;
  params: QuestionParam[];
}

export const newQuestionId = () => uuidv7();

export async function insertQuestion(
  sql: Sql,
  id: string,
  q: QuestionWrite,
  createdBy: string,
): Promise<void> {
  await sql`insert into analytics_questions (id, name, description, sql, source_id, params,
      created_by)
    values (${id}, ${q.name}, ${q.description}, ${q.sql}, ${q.sourceId},
      ${JSON.stringify(q.params)}::text::jsonb, ${createdBy})`;
}

export async function updateQuestion(sql: Sql, id: string, q: QuestionWrite): Promise<void> {
  await sql`update analytics_questions set name = ${q.name}, description = ${q.description},
      sql = ${q.sql}, source_id = ${q.sourceId}, params = ${JSON.stringify(q.params)}::text::jsonb,
      updated_at = now()
    where id = ${id}`;
}

export async function deleteQuestion(sql: Sql, id: string): Promise<void> {
  await sql`delete from analytics_questions where id = ${id}`;
}

/** Whether another question (not `id`) has this name, whatever the case. */
export async function questionNameTaken(sql: Sql, name: string, id: string): Promise<boolean> {
  const [taken] = await sql`select 1 from analytics_questions
    where lower(name) = lower(${name}) and id <> ${id}`;
  return !!taken;
}

/** The engine of one of the tenant's external sources (another tenant's is not found). */
export async function sourceEngine(sql: Sql, id: string): Promise<"postgres" | "mysql" | null> {
  const [row] = await sql<{ engine: "postgres" | "mysql" }[]>`
    select engine from analytics_sources where id = ${id}`;
  return row?.engine ?? null;
}
