import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import type { ObjectType } from "../tags/tags.schemas.ts";

export interface CommentRow {
  id: string;
  objectType: ObjectType;
  objectId: string;
  authorId: string | null;
  authorName: string | null;
  body: string;
  createdAt: string;
  updatedAt: string;
  sortAt: string;
}

const SELECT = (sql: Sql) =>
  sql`select c.id, c.object_type, c.object_id, c.author_id, d.name as author_name, c.body,
      c.created_at, c.updated_at,
      to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_at
    from doc_comments c left join member_directory d on d.user_id = c.author_id`;

export async function objectComments(
  sql: Sql,
  type: ObjectType,
  id: string,
  limit: number,
  after: [string, string] | null,
): Promise<CommentRow[]> {
  return await sql<CommentRow[]>`${SELECT(sql)}
    where c.object_type = ${type} and c.object_id = ${id}
    ${after ? sql`and (c.created_at, c.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
    order by c.created_at, c.id limit ${limit + 1}`;
}

export async function findComment(sql: Sql, id: string): Promise<CommentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await sql<CommentRow[]>`${SELECT(sql)} where c.id = ${id}`;
  return row;
}

export async function insertComment(sql: Sql, type: ObjectType, objectId: string, body: string) {
  const id = uuidv7();
  await sql`
    insert into doc_comments (id, object_type, object_id, author_id, body)
    values (${id}, ${type}, ${objectId}, current_setting('app.user_id')::uuid, ${body})`;
  return id;
}

export async function updateComment(sql: Sql, id: string, body: string) {
  await sql`update doc_comments set body = ${body}, updated_at = now() where id = ${id}`;
}

export async function deleteComment(sql: Sql, id: string) {
  await sql`delete from doc_comments where id = ${id}`;
}

/** Active members of the workspace, as mentions and their access check need them. */
export async function mentionableMembers(sql: Sql) {
  return await sql<{ userId: string; name: string; email: string; roles: string[] }[]>`
    select user_id, name, email, roles from member_directory where status = 'active'
    order by lower(name), user_id limit 2000`;
}
