import type { Sql } from "../../../shared/db/database.ts";

/** A ticket's comments: which files belong to the ticket, and which are internal. */
export async function ticketComments(
  sql: Sql,
  ticketId: string,
): Promise<{ id: string; visibility: "public" | "internal" }[]> {
  return await sql<{ id: string; visibility: "public" | "internal" }[]>`
    select id, visibility from support_comments where ticket_id = ${ticketId}
    order by created_at, id`;
}
