/**
 * The SQL of scopes: event subprocess triggers of a scope (timers and subscriptions armed with
 * the scope's id) and compensation subscriptions (workflow_compensations, migration 0067).
 */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";

/** Disarms the event subprocess starts of a scope (an interrupting one took over). */
export async function disarmEventSubprocesses(sql: Sql, scopeId: string) {
  await sql`update workflow_timers set cancelled_at = now()
            where token_id = ${scopeId} and kind = 'event-subprocess' and fired_at is null
              and cancelled_at is null`;
  await sql`delete from workflow_event_subscriptions
            where token_id = ${scopeId} and role = 'eventSubprocess'`;
}

export interface CompensationRow {
  id: string;
  elementId: string;
  handlerId: string;
  tokenId: string;
}

export async function insertCompensation(
  sql: Sql,
  c: { instanceId: string; scopeId: string; tokenId: string; elementId: string; handlerId: string },
) {
  await sql`insert into workflow_compensations (tenant_id, id, instance_id, scope_id, token_id,
              element_id, handler_id)
            values (current_setting('app.tenant_id')::uuid, ${uuidv7()}, ${c.instanceId},
              ${c.scopeId}, ${c.tokenId}, ${c.elementId}, ${c.handlerId})`;
}

/**
 * Claims the open compensations of a scope (all, or one activity's), newest completion first:
 * they are marked compensated now, so a second throw finds nothing left to undo.
 */
export async function claimCompensations(
  sql: Sql,
  { instanceId, scopeId, elementId }: { instanceId: string; scopeId: string; elementId?: string },
): Promise<CompensationRow[]> {
  return await sql<CompensationRow[]>`
    with claimed as (
      update workflow_compensations set compensated_at = now()
      where instance_id = ${instanceId} and scope_id = ${scopeId} and compensated_at is null
        ${elementId ? sql`and element_id = ${elementId}` : sql``}
      returning id, element_id, handler_id, token_id, seq)
    select id, element_id, handler_id, token_id from claimed order by seq desc`;
}

/** Hands a scope's open compensations to the scope around it (the subprocess completed). */
export async function moveCompensations(
  sql: Sql,
  { instanceId, from, to }: { instanceId: string; from: string; to: string },
) {
  await sql`update workflow_compensations set scope_id = ${to}
            where instance_id = ${instanceId} and scope_id = ${from} and compensated_at is null`;
}
