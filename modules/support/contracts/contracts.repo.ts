import type { Sql } from "../../../shared/db/database.ts";
import { tableRepo } from "../common/table.repo.ts";
import type { Contract } from "./contracts.schemas.ts";

export type ContractRow = Omit<Contract, "status">;

export const contractsRepo = tableRepo<ContractRow>({
  table: "support_contracts",
  columns: ["customerId", "name", "startsOn", "endsOn", "reminderDays", "slaPolicyId", "notes"],
  sort: "ends_on::text || lower(name)",
  search: ["name"],
});

export interface DueReminder {
  id: string;
  name: string;
  endsOn: string;
  remindOn: string;
  customerName: string;
  customerEmail: string | null;
  customerLocale: string;
}

/**
 * Contracts whose reminder date (end − reminder days) has come and that have not had that
 * reminder yet; each is marked in the same statement, so a second run finds nothing.
 */
export async function claimDueReminders(sql: Sql): Promise<DueReminder[]> {
  return await sql<DueReminder[]>`
    with due as (
      select k.id, (k.ends_on - k.reminder_days) as remind_on from support_contracts k
      where current_date >= k.ends_on - k.reminder_days and current_date <= k.ends_on
    ), marked as (
      insert into support_contract_reminders (contract_id, remind_on)
      select id, remind_on from due on conflict do nothing
      returning contract_id, remind_on
    )
    select k.id, k.name, k.ends_on, m.remind_on, c.name as customer_name,
           c.email as customer_email, c.locale as customer_locale
    from marked m join support_contracts k on k.id = m.contract_id
    join support_customers c on c.id = k.customer_id`;
}
