import { uuidv7 } from "uuidv7";
import type { Sql } from "../../shared/db/database.ts";
import type { RuleInput } from "./rules.schemas.ts";

export async function createRule(sql: Sql, input: RuleInput) {
  const [row] = await sql`
    insert into notification_rules (tenant_id, id, name, event, condition, actions, enabled)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${uuidv7()}, ${input.name},
            ${input.event}, ${sql.json(input.condition as never)}, ${
    sql.json(input.actions as never)
  },
            ${input.enabled})
    returning id, name, event, condition, actions, enabled, created_at, updated_at`;
  return row;
}

export async function listRules(sql: Sql, event?: string) {
  return await sql`select id, name, event, condition, actions, enabled, created_at, updated_at
                   from notification_rules ${event ? sql`where event = ${event}` : sql``}
                   order by name, id`;
}

/** The enabled rules of the current tenant for an event. */
export async function enabledRules(sql: Sql, event: string) {
  return await sql`select id, name, condition, actions from notification_rules
                   where event = ${event} and enabled`;
}

/** Which of these ids are active members of the current tenant. */
export async function activeMemberIds(sql: Sql, ids: string[]): Promise<string[]> {
  const rows = await sql`select user_id from memberships
                         where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
                           and status = 'active' and user_id = any(${ids}::uuid[])`;
  return rows.map((r) => r.userId as string);
}

/** Removes a rule; false when there is none with that id in the tenant. */
export async function deleteRule(sql: Sql, id: string): Promise<boolean> {
  return (await sql`delete from notification_rules where id = ${id} returning id`).length > 0;
}

/** Turns a rule on or off; the row, or undefined when there is none with that id. */
export async function setRuleEnabled(sql: Sql, id: string, enabled: boolean) {
  const [row] = await sql`update notification_rules set enabled = ${enabled}, updated_at = now()
    where id = ${id} returning id, name, event, condition, actions, enabled, created_at, updated_at`;
  return row;
}
