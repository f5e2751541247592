import type { Sql } from "../../../shared/db/database.ts";
import { tableRepo } from "../common/table.repo.ts";
import type { Customer, CustomerActivity } from "./customers.schemas.ts";

export const customersRepo = tableRepo<Customer>({
  table: "support_customers",
  columns: ["kind", "name", "email", "phone", "locale", "companyId", "contactId", "notes"],
  sort: "lower(name)",
  search: ["name", "email", "phone"],
});

/** Newest first: the customer's tickets, comments on them, contract events and edits. */
export async function selectCustomerActivity(
  sql: Sql,
  customerId: string,
  limit: number,
  after: [string, string] | null,
) {
  return await sql<(CustomerActivity & { sortAt: string })[]>`
    with lines as (
      select t.id, t.created_at as at, 'ticket' as kind, t.id as ref_id,
             t.number || ' ' || t.subject as title
      from support_tickets t where t.customer_id = ${customerId}
      union all
      select c.id, c.created_at, 'comment', t.id, t.number || ': ' || left(c.body, 200)
      from support_comments c join support_tickets t on t.id = c.ticket_id
      where t.customer_id = ${customerId} and c.visibility = 'public'
      union all
      select k.id, k.created_at, 'contract', k.id,
             k.name || ' (' || k.starts_on || ' – ' || k.ends_on || ')'
      from support_contracts k where k.customer_id = ${customerId}
      union all
      select r.contract_id, r.sent_at, 'contract', r.contract_id,
             'Renewal reminder for ' || k.name
      from support_contract_reminders r join support_contracts k on k.id = r.contract_id
      where k.customer_id = ${customerId}
      union all
      select a.id, a.occurred_at, 'change', ${customerId}::uuid, a.summary
      from activity a
      where a.module = 'support' and a.entity_type = 'customer' and a.entity_id = ${customerId}
    )
    select *, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_at
    from lines
    ${after ? sql`where (at, id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
    order by at desc, id desc limit ${limit + 1}`;
}

export async function hasTickets(sql: Sql, customerId: string): Promise<boolean> {
  return (await sql`select 1 from support_tickets where customer_id = ${customerId} limit 1`)
    .length > 0;
}
