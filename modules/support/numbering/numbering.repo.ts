import type { Sql } from "../../../shared/db/database.ts";
import { tableRepo } from "../common/table.repo.ts";
import type { NumberingTemplate } from "./numbering.schemas.ts";

export const numberingRepo = tableRepo<NumberingTemplate>({
  table: "support_numbering_templates",
  columns: ["name", "pattern", "reset", "active"],
  sort: "lower(name)",
  search: ["name", "pattern"],
});

export async function deactivateOthers(sql: Sql, exceptId: string | null) {
  await sql`update support_numbering_templates set active = false
            where active and id is distinct from ${exceptId}::uuid`;
}

export async function activeTemplate(sql: Sql) {
  const [row] = await sql<NumberingTemplate[]>`
    select id, name, pattern, reset, active from support_numbering_templates where active`;
  return row;
}

/**
 * Takes the next value of a counter. The row lock it holds until the caller's transaction ends
 * serializes concurrent tickets, and a rollback gives the number back: no gaps.
 */
export async function bumpCounter(sql: Sql, templateId: string, period: string): Promise<number> {
  const [row] = await sql`
    insert into support_number_counters (template_id, period, value)
    values (${templateId}, ${period}, 1)
    on conflict (tenant_id, template_id, period)
    do update set value = support_number_counters.value + 1
    returning value`;
  return Number(row.value);
}

export async function peekCounter(sql: Sql, templateId: string, period: string): Promise<number> {
  const [row] = await sql`select value from support_number_counters
                          where template_id = ${templateId} and period = ${period}`;
  return row ? Number(row.value) : 0;
}

export async function numberTaken(sql: Sql, number: string): Promise<boolean> {
  return (await sql`select 1 from support_tickets where number = ${number}`).length > 0;
}
