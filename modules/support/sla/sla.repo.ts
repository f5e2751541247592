import type { Sql } from "../../../shared/db/database.ts";
import { tableRepo } from "../common/table.repo.ts";
import type { SlaPolicy } from "./sla.schemas.ts";

export const slaRepo = tableRepo<SlaPolicy>({
  table: "support_sla_policies",
  columns: ["name", "targets", "calendar", "warningPercent", "escalation", "isDefault"],
  sort: "lower(name)",
  search: ["name"],
  json: ["targets", "calendar", "escalation"],
});

export async function clearDefault(sql: Sql, exceptId: string | null) {
  await sql`update support_sla_policies set is_default = false
            where is_default and id is distinct from ${exceptId}::uuid`;
}

/** The policy for a customer's tickets: their running contract's, else the tenant default. */
export async function policyForCustomer(
  sql: Sql,
  customerId: string,
): Promise<SlaPolicy | undefined> {
  const [row] = await sql<SlaPolicy[]>`
    select p.id, p.name, p.targets, p.calendar, p.warning_percent, p.escalation, p.is_default,
           p.created_at, p.updated_at
    from support_sla_policies p
    left join support_contracts k on k.sla_policy_id = p.id and k.customer_id = ${customerId}
      and current_date between k.starts_on and k.ends_on
    where k.id is not null or p.is_default
    order by (k.id is not null) desc, k.ends_on desc limit 1`;
  return row;
}
