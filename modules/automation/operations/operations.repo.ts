import type { Sql } from "../../../shared/db/database.ts";
import type { AgentIdentity } from "./operations.actor.lib.ts";

/**
 * Marks a transaction as the agent's work before it calls an operation: rows and activity
 * lines get its owner as the person (app.user_id) and the agent in the request id
 * (`automation.agent:<id>`), so the log tells an agent's change from its owner's own.
 */
export async function actAs(sql: Sql, agent: AgentIdentity) {
  await sql`select set_config('app.user_id', ${agent.createdBy ?? ""}, true),
                   set_config('app.request_id', ${`automation.agent:${agent.id}`}, true)`;
}

/** One mail operation at a time per run, until the caller's transaction ends. */
export async function lockRunMail(sql: Sql, runId: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`automation.mail:${runId}`}, 0))`;
}

/** E-mails the run has queued so far (its `mailed` lines). */
export async function mailedByRun(sql: Sql, runId: string, action: string): Promise<number> {
  const [row] = await sql<{ sent: number }[]>`
    select coalesce(sum((after->>'count')::int), 0)::int as sent from activity
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and module = 'automation' and entity_type = 'run' and entity_id = ${runId}
      and action = ${action}`;
  return row.sent;
}
