/**
 * The portal's reads of tickets and comments. They run as the portal role: row-level security
 * already limits them to the customer's own tickets (and their company's when it shares), and
 * to public comments; the filters here say what the page asks for, and select only the
 * columns a customer may see.
 */
import type { Sql } from "../../../shared/db/database.ts";
import { rowOf, rowsOf } from "../../../shared/db/rows.ts";

const US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

export interface PortalListRow {
  id: string;
  number: string;
  subject: string;
  status: "acik" | "islemde" | "cozuldu" | "kapandi";
  customerId: string;
  createdAt: string;
  updatedAt: string;
  createdKey: string;
}

/** A page of tickets, newest first: the customer's own, or their company's. */
export async function selectPortalTickets(
  sql: Sql,
  o: {
    customerId: string | null;
    companyId: string | null;
    statuses: readonly string[] | null;
    after: [string, string] | null;
    limit: number;
  },
): Promise<PortalListRow[]> {
  return await rowsOf<PortalListRow>(sql`
    select id, number, subject, status, customer_id, created_at, updated_at,
           to_char(created_at at time zone 'UTC', ${sql.unsafe(US)}) as created_key
    from support_tickets
    where true
      ${o.customerId ? sql`and customer_id = ${o.customerId}` : sql``}
      ${o.companyId ? sql`and company_id = ${o.companyId}` : sql``}
      ${o.statuses ? sql`and status = any(${o.statuses as string[]}::text[])` : sql``}
      ${
    o.after ? sql`and (created_at, id) < (${o.after[0]}::timestamptz, ${o.after[1]}::uuid)` : sql``
  }
    order by created_at desc, id desc
    limit ${o.limit + 1}`);
}

export interface PortalTicketRow {
  id: string;
  number: string;
  subject: string;
  description: string;
  status: "acik" | "islemde" | "cozuldu" | "kapandi";
  priority: "dusuk" | "normal" | "yuksek" | "kritik";
  customerId: string;
  assigneeName: string | null;
  mergedIntoId: string | null;
  resolvedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One ticket the scope may see, with its assignee's name only when `names` (else null). */
export async function findPortalTicket(
  sql: Sql,
  id: string,
  names: boolean,
): Promise<PortalTicketRow | undefined> {
  return await rowOf<PortalTicketRow>(sql`
    select t.id, t.number, t.subject, t.description, t.status, t.priority, t.customer_id,
           ${names ? sql`md.name` : sql`null::text`} as assignee_name, t.merged_into_id,
           t.resolved_at, t.closed_at, t.created_at, t.updated_at
    from support_tickets t
    ${names ? sql`left join member_directory md on md.user_id = t.assignee_id` : sql``}
    where t.id = ${id}`);
}

export interface PortalCommentRow {
  id: string;
  authorId: string | null;
  authorName: string | null;
  body: string;
  format: "text" | "markdown";
  fromAddress: string | null;
  createdAt: string;
}

/**
 * The public comments of a ticket, oldest first. Public is asked for here too: the policy is
 * the guard, this says what the page means even under a role that could see more.
 */
export async function selectPublicComments(
  sql: Sql,
  ticketId: string,
  names: boolean,
): Promise<PortalCommentRow[]> {
  return await rowsOf<PortalCommentRow>(sql`
    select c.id, c.author_id, ${names ? sql`md.name` : sql`null::text`} as author_name, c.body,
           c.format, c.from_address, c.created_at
    from support_comments c
    ${names ? sql`left join member_directory md on md.user_id = c.author_id` : sql``}
    where c.ticket_id = ${ticketId} and c.visibility = 'public'
    order by c.created_at, c.id
    limit 1000`);
}

/** Whether the customer's company shares its tickets with its members (visible to the scope). */
export async function companySharesTickets(sql: Sql, companyId: string): Promise<boolean> {
  const [row] = await sql<{ shared: boolean }[]>`
    select portal_shared_tickets as shared from support_companies where id = ${companyId}`;
  return row?.shared ?? false;
}
