import type { Sql } from "../../../shared/db/database.ts";
import { orderedMatches } from "../../../shared/db/search.ts";

export interface TicketHit {
  id: string;
  number: string;
  subject: string;
  customerName: string | null;
}

/**
 * The newest tickets whose folded number, subject and description (the generated
 * `search_text`, trigram-indexed) contain the folded query; a whole ticket number on its own.
 */
export async function ticketHits(sql: Sql, folded: string, raw: string, limit: number) {
  const columns = sql`id, number, subject,
    (select c.name from support_customers c where c.id = customer_id) as customer_name`;
  // A ticket number is looked up as such (the unique index), so the trigrams that every number
  // shares ("202", "026", …) are never read for it.
  if (/\d/.test(raw)) {
    const exact = await sql<TicketHit[]>`select ${columns} from support_tickets
      where number = any(${[raw, raw.toUpperCase()]})`;
    if (exact.length) return exact;
  }
  return await orderedMatches<TicketHit>(sql, {
    table: "support_tickets",
    column: "search_text",
    key: "created_at, id",
    desc: true,
    folded,
    limit,
    columns,
  });
}

/** Customers whose folded name, e-mail or phone contain the folded query, by name. */
export async function customerHits(sql: Sql, folded: string, limit: number) {
  return await orderedMatches<
    { id: string; name: string; email: string | null; phone: string | null }
  >(sql, {
    table: "support_customers",
    column: "search_text",
    key: "lower(name), id",
    desc: false,
    folded,
    limit,
    // Name order is not the rows' physical order: each row of the window is a page read.
    window: 500,
    columns: sql`id, name, email, phone`,
  });
}
