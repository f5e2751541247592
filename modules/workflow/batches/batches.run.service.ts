/**
 * Working a batch in the background: each queue job takes the next CHUNK pending instances and
 * runs each in a transaction of its own (the engine's change and the item's "done" commit
 * together, so a repeated job never applies an instance twice); a failure rolls that instance
 * back and records the engine's message. The job queues its successor while items remain; the
 * serial key keeps one job of a batch running at a time. Jobs act as the batch's creator.
 */
import type { Sql } from "../../../shared/db/database.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import type { JobContext } from "../../../shared/jobs/dispatcher.ts";
import type { SystemJob } from "../../../shared/modules.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import {
  cancelInstance,
  migrateInstances,
  type ModificationInstruction,
  modifyInstance,
  resumeInstance,
  suspendInstance,
} from "../engine/engine.service.ts";
import { systemActor } from "../engine/engine.actor.service.ts";
import {
  type BatchRow,
  findBatch,
  finishIfDone,
  instanceNow,
  markItem,
  nextPending,
  pendingCount,
} from "./batches.repo.ts";
import { CHUNK } from "./batches.rules.ts";

export const BATCH_JOB = "workflow.batch";

/** Queues the batch's next job (inside the caller's transaction). */
export async function queueBatch(sql: Sql, batchId: string) {
  await enqueue(sql, BATCH_JOB, {
    payload: { batchId },
    serialKey: `wf-batch:${batchId}`,
    maxAttempts: 10,
    backoffSeconds: 5,
  });
}

interface BatchInputs {
  reason?: string;
  migration?: { toVersionId: string; mapping: Record<string, string> };
  modification?: { instructions: ModificationInstruction[]; annotation?: string };
}

/** The state cancel, suspend and resume leave an instance in. */
const REACHES: Partial<Record<BatchRow["type"], string>> = {
  cancel: "cancelled",
  suspend: "suspended",
  resume: "active",
};

/** Does the batch's work on one instance; throws what the engine refuses. */
async function runOne(actor: Actor, batch: BatchRow, instanceId: string) {
  const input = batch.input as BatchInputs;
  const now = await instanceNow(actor.sql, instanceId);
  if (!now) throw new Error("process instance not found");
  // Already there (a parent's cancel took its called child along, someone resumed it by hand):
  // nothing to do, and nothing failed.
  if (REACHES[batch.type] === now.state) return;
  switch (batch.type) {
    case "cancel":
      return await cancelInstance(actor, { id: instanceId, reason: input.reason ?? "batch" });
    case "suspend":
      return await suspendInstance(actor, instanceId);
    case "resume":
      return await resumeInstance(actor, instanceId);
    case "modify":
      return void await modifyInstance(actor, {
        instanceId,
        instructions: input.modification!.instructions,
        annotation: input.modification!.annotation,
      });
    case "migrate": {
      const { toVersionId, mapping } = input.migration!;
      const report = await migrateInstances(actor, {
        plan: { fromVersionId: now.versionId, toVersionId, mapping, instanceIds: [instanceId] },
        dryRun: false,
      });
      if (!report.valid) throw new Error(report.problems.map((p) => p.message).join("; "));
    }
  }
}

// Exception to (actor, input): a queue job handler takes the job context (shared/jobs).
export async function batchJob(ctx: Pick<JobContext, "payload" | "scoped" | "bus">) {
  const { batchId } = ctx.payload as { batchId: string };
  const load = await ctx.scoped(async (sql) => {
    const batch = await findBatch(sql, batchId);
    return batch && { batch, ids: await nextPending(sql, batchId, CHUNK) };
  });
  if (!load) return;
  const { batch, ids } = load;
  for (const instanceId of ids) {
    try {
      await ctx.scoped(async (sql) => {
        const actor = await systemActor({ sql, bus: ctx.bus }, batch.createdBy);
        await runOne(actor, batch, instanceId);
        await markItem(sql, { batchId, instanceId, ok: true });
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await ctx.scoped((sql) => markItem(sql, { batchId, instanceId, ok: false, message }));
    }
  }
  await ctx.scoped(async (sql) => {
    // Only while items remain: a repeated job of a finished batch queues nothing.
    if (await pendingCount(sql, batchId)) await queueBatch(sql, batchId);
    else await finishIfDone(sql, batchId);
  });
}

export const batchJobs: SystemJob[] = [{ name: BATCH_JOB, handler: batchJob }];
