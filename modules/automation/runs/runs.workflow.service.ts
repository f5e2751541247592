/**
 * Workflow's service tasks (issue 15): a run of an agent (by name) a process token waits for
 * until its run event arrives, the agents a designer may name, and how a run ended.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { activeAgentNames, agentIdByName } from "../agents/agents.repo.ts";
import { enqueueRun } from "./runs.enqueue.service.ts";
import { runOutcomeRow } from "./runs.repo.ts";

/** Queues a run of the agent named `agent` (trigger `event`); null when there is no such agent. */
export async function queueAgentRun(
  actor: SystemActor,
  input: { agent: string; input: unknown; createdBy: string | null },
): Promise<{ runId: string; status: "queued" | "skipped" } | null> {
  const agentId = await agentIdByName(actor.sql, input.agent);
  if (!agentId) return null;
  return await enqueueRun(actor, {
    job: null,
    agentId,
    trigger: "event",
    input: input.input,
    createdBy: input.createdBy,
  });
}

/** The tenant's active agents' names, for the designer's `agent:<name>` service-task topics. */
export async function listAgentNames({ sql }: SystemActor): Promise<string[]> {
  return await activeAgentNames(sql);
}

/** How a run ended (its result as text JSON, so keys keep their spelling), or null. */
export async function runOutcome(
  { sql }: SystemActor,
  runId: string,
): Promise<{ status: string; result: unknown; error: string | null } | null> {
  const row = await runOutcomeRow(sql, runId);
  if (!row) return null;
  return {
    status: row.status,
    result: row.resultJson ? JSON.parse(row.resultJson) : null,
    error: row.error,
  };
}
