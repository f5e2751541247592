/**
 * What other modules may use of Automation: its domain events (to react to a failed run or an
 * agent that went to `hata`) and the operation registry other modules' services are offered in.
 */
export { type AutomationEvent, automationEvents } from "./events.ts";
export type { AgentState, RunStatus } from "./common/types.ts";

// -- Workflow's service tasks (issue 15): a platform operation called as the process starter,
// or a run of an agent (by name) a process token waits for until its run event arrives.
import type { Sql } from "../../shared/db/database.ts";
import type { Bus } from "../../shared/realtime/bus.ts";
import { enqueueRun } from "./runs/runs.enqueue.ts";
export { callOperation, OperationError, OPERATIONS } from "./operations/registry.ts";

/** Queues a run of the agent named `agent` (trigger `event`); null when there is no such agent. */
export async function queueAgentRun(
  sql: Sql,
  bus: Bus,
  input: { agent: string; input: unknown; createdBy: string | null },
): Promise<{ runId: string; status: "queued" | "skipped" } | null> {
  const [agent] = await sql<{ id: string }[]>`select id from automation_agents
                                              where name = ${input.agent}`;
  if (!agent) return null;
  return await enqueueRun(sql, bus, {
    job: null,
    agentId: agent.id,
    trigger: "event",
    input: input.input,
    createdBy: input.createdBy,
  });
}

/** The tenant's active agents' names, for the designer's `agent:<name>` service-task topics. */
export async function listAgentNames(sql: Sql): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`select name from automation_agents
                                             where state <> 'pasif' order by name limit 500`;
  return rows.map((r) => r.name);
}

/** How a run ended (its result as text JSON, so keys keep their spelling), or null. */
export async function runOutcome(
  sql: Sql,
  runId: string,
): Promise<{ status: string; result: unknown; error: string | null } | null> {
  const [row] = await sql<{ status: string; resultJson: string | null; error: string | null }[]>`
    select status, result::text as result_json, error from automation_runs where id = ${runId}`;
  if (!row) return null;
  return {
    status: row.status,
    result: row.resultJson ? JSON.parse(row.resultJson) : null,
    error: row.error,
  };
}

// -- Workflow's global variables (issue 16): secret values sealed with the same installation key
// (AES-256-GCM; the associated data binds a ciphertext to its tenant, owner and name).
export { decryptValue, encryptValue, type Sealed, SecretError } from "./secrets/secrets.crypto.ts";
