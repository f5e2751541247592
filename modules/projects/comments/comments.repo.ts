import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";

export interface CommentRow {
  id: string;
  taskId: string;
  authorId: string | null;
  authorName: string | null;
  body: string;
  createdAt: string;
  updatedAt: string;
  sortAt: string;
}

const select = (sql: Sql) =>
  sql`select c.id, c.task_id, c.author_id, d.name as author_name,
      c.body, c.created_at, c.updated_at,
      to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_at
    from task_comments c left join member_directory d on d.user_id = c.author_id`;

export async function selectComments(
  sql: Sql,
  taskId: string,
  limit: number,
  after: [string, string] | null,
): Promise<CommentRow[]> {
  return await sql<CommentRow[]>`${select(sql)}
    where c.task_id = ${taskId}
      ${
    after ? sql`and (c.created_at, c.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``
  }
    order by c.created_at, c.id limit ${limit + 1}`;
}

export async function selectComment(sql: Sql, id: string): Promise<CommentRow | undefined> {
  const [row] = await sql<CommentRow[]>`${select(sql)} where c.id = ${id}`;
  return row;
}

export async function insertComment(sql: Sql, taskId: string, authorId: string, body: string) {
  const id = uuidv7();
  await sql`insert into task_comments (tenant_id, id, task_id, author_id, body)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${id}, ${taskId},
      ${authorId}, ${body})`;
  return id;
}

export async function updateComment(sql: Sql, id: string, body: string) {
  await sql`update task_comments set body = ${body}, updated_at = now() where id = ${id}`;
}

export async function deleteComment(sql: Sql, id: string) {
  await sql`delete from task_comments where id = ${id}`;
}
