import type { SystemActor } from "../../../shared/http/actor.ts";
import { type RunEvent, RUNS_CHANNEL, type RunStatus } from "../common/common.schemas.ts";
import { currentTenant } from "./runs.repo.ts";

/** Bus channel a cancel request travels on, so the worker running the run stops at once. */
export const CANCEL_CHANNEL = "automation.cancel";
export interface CancelMessage {
  tenantId: string;
  runId: string;
}

/**
 * Announces a run's change on RUNS_CHANNEL; the bus delivers it only once `sql` commits, so
 * pages never see a run that rolled back.
 */
export async function publishRun(
  { sql, bus }: SystemActor,
  run: {
    id: string;
    jobId: string | null;
    agentId: string;
    status: RunStatus;
    log?: { line: string; end?: number };
  },
) {
  const { log } = run;
  const event: RunEvent = {
    tenantId: await currentTenant(sql),
    runId: run.id,
    jobId: run.jobId,
    agentId: run.agentId,
    status: run.status,
    ...(log ? { line: log.line, ...(log.end !== undefined ? { end: log.end } : {}) } : {}),
  };
  await bus.publish(sql, RUNS_CHANNEL, event as unknown as Record<string, unknown>);
}

/** Tells whichever worker runs `runId` to stop (after commit). */
export async function publishCancel({ sql, bus }: SystemActor, runId: string) {
  const message: CancelMessage = { tenantId: await currentTenant(sql), runId };
  await bus.publish(sql, CANCEL_CHANNEL, message as unknown as Record<string, unknown>);
}
