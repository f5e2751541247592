import type { Sql } from "../../../shared/db/database.ts";
import { tableRepo } from "../common/table.repo.ts";
import type { Customer, CustomerActivity } from "./customers.schemas.ts";

export const customersRepo = tableRepo<Customer>({
  table: "support_customers",
  columns: ["kind", "name", "email", "phone", "locale", "companyId", "contactId", "notes"],
  sort: "lower(name)",
  search: ["name", "email", "phone"],
  searchColumn: "searchText",
});

/**
 * Newest first: the customer's tickets (opened, then changed), public comments on them,
 * contracts and their renewal reminders, and edits of the customer itself, each with who did
 * it (member_directory) and, for changes, the fields that changed.
 */
export async function selectCustomerActivity(
  sql: Sql,
  customerId: string,
  limit: number,
  after: [string, string] | null,
) {
  return await sql<(CustomerActivity & { sortAt: string })[]>`
    with lines as (
      select t.id, t.created_at as at, 'ticket' as kind, 'created' as action, t.id as ref_id,
             t.number || ' ' || t.subject as title, t.number || ' ' || t.subject as about,
             null::text as excerpt, t.created_by as actor_id, '{}'::jsonb as changes
      from support_tickets t where t.customer_id = ${customerId}
      union all
      select a.id, a.occurred_at, 'ticket', a.action, t.id, t.number || ' ' || t.subject,
             t.number || ' ' || t.subject, null, a.actor_id, a.changes
      from activity a join support_tickets t on a.entity_id = t.id::text
      where a.module = 'support' and a.entity_type = 'ticket' and t.customer_id = ${customerId}
        and a.action not in ('created', 'commented')
      union all
      select c.id, c.created_at, 'comment', 'commented', t.id,
             t.number || ': ' || left(c.body, 200), t.number || ' ' || t.subject,
             left(c.body, 200), c.author_id, '{}'::jsonb
      from support_comments c join support_tickets t on t.id = c.ticket_id
      where t.customer_id = ${customerId} and c.visibility = 'public'
      union all
      select k.id, k.created_at, 'contract', 'created', k.id,
             k.name || ' (' || k.starts_on || ' – ' || k.ends_on || ')', k.name, null,
             (select a.actor_id from activity a
              where a.module = 'support' and a.entity_type = 'contract'
                and a.entity_id = k.id::text and a.action = 'created' limit 1),
             '{}'::jsonb
      from support_contracts k where k.customer_id = ${customerId}
      union all
      select r.contract_id, r.sent_at, 'contract', 'reminded', r.contract_id,
             'Renewal reminder for ' || k.name, k.name, null, null, '{}'::jsonb
      from support_contract_reminders r join support_contracts k on k.id = r.contract_id
      where k.customer_id = ${customerId}
      union all
      select a.id, a.occurred_at, 'change', a.action, ${customerId}::uuid, a.summary, '', null,
             a.actor_id, a.changes
      from activity a
      where a.module = 'support' and a.entity_type = 'customer' and a.entity_id = ${customerId}
    )
    select lines.id, lines.at, lines.kind, lines.action, lines.ref_id, lines.title, lines.about,
      lines.excerpt, lines.actor_id, d.name as actor_name, lines.changes,
      to_char(lines.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_at
    from lines left join member_directory d on d.user_id = lines.actor_id
    ${
    after ? sql`where (lines.at, lines.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``
  }
    order by lines.at desc, lines.id desc limit ${limit + 1}`;
}

export async function hasTickets(sql: Sql, customerId: string): Promise<boolean> {
  return (await sql`select 1 from support_tickets where customer_id = ${customerId} limit 1`)
    .length > 0;
}
