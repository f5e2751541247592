import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import type { SystemActor } from "../../../shared/http/actor.ts";
import { cancelQueued, enqueue } from "../../../shared/jobs/queue.ts";
import type { JobRecord, RunTrigger } from "../common/common.schemas.ts";
import { loadSettings } from "../settings/settings.repo.ts";
import {
  activeRunsOfJob,
  agentForRun,
  cancelQueuedRun,
  insertRun,
  requestCancel,
  setQueueJob,
} from "./runs.repo.ts";
import { publishCancel, publishRun } from "./runs.events.service.ts";

/** The queue job that executes one run (engine/engine.ts handles it). */
export const RUN_JOB = "automation.run";
/** Every run of a tenant shares this group key: the tenant's concurrency setting caps it. */
export const RUN_GROUP = "automation";

export interface EnqueueRunInput {
  job: JobRecord | null;
  agentId: string;
  trigger: RunTrigger;
  /** The scheduled instant (cron, once, interval): a second run of it is refused. */
  occurrence?: Date;
  input?: unknown;
  createdBy?: string | null;
}

/** Why a run was not started, as stored in its error (the page shows it as the reason). */
export const SKIP_REASONS = {
  pasif: "skipped: the agent is disabled",
  hata: "skipped: the agent is failing; fix it and run a test",
  running: "skipped: the previous run of this job has not finished",
} as const;

/**
 * Creates a run in the caller's transaction and queues it, applying the agent's state and the
 * job's concurrency policy. Returns null when the occurrence already has a run (another
 * instance fired it) or the agent does not exist.
 */
export async function enqueueRun(
  { sql, bus }: SystemActor,
  input: EnqueueRunInput,
): Promise<{ runId: string; status: "queued" | "skipped" } | null> {
  const { job } = input;
  const agent = await agentForRun(sql, input.agentId);
  if (!agent) return null;
  let skip: string | null = null;
  if (agent.state === "pasif") skip = SKIP_REASONS.pasif;
  else if (agent.state === "hata" && input.trigger !== "test") skip = SKIP_REASONS.hata;
  else if (job && (job.concurrency === "skip" || job.concurrency === "replace")) {
    const active = await activeRunsOfJob(sql, job.id);
    if (job.concurrency === "skip" && active.length) skip = SKIP_REASONS.running;
    if (job.concurrency === "replace") {
      for (const run of active) await replaceRun(sql, bus, { ...run, jobId: job.id, agent });
    }
  }
  const runId = uuidv7();
  const inserted = await insertRun(sql, {
    id: runId,
    jobId: job?.id ?? null,
    agentId: agent.id,
    agentVersion: agent.version,
    trigger: input.trigger,
    occurrence: input.occurrence ?? null,
    status: skip ? "skipped" : "queued",
    maxAttempts: job?.maxAttempts ?? 1,
    input: input.input ?? job?.input ?? {},
    error: skip,
    createdBy: input.createdBy ?? null,
  });
  if (!inserted) return null;
  if (!skip) {
    const settings = await loadSettings(sql);
    const queueJobId = await enqueue(sql, RUN_JOB, {
      payload: { runId },
      // Test runs are someone waiting at the agent page: ahead of routine work.
      priority: job?.priority ?? 10,
      maxAttempts: job?.maxAttempts ?? 1,
      backoffSeconds: job?.backoffSeconds ?? 30,
      groupKey: RUN_GROUP,
      groupLimit: settings.concurrency,
      ...(job?.concurrency === "queue" ? { serialKey: `automation.job:${job.id}` } : {}),
    });
    if (queueJobId) await setQueueJob(sql, runId, queueJobId);
  }
  const status = skip ? "skipped" as const : "queued" as const;
  await publishRun({ sql, bus }, { id: runId, jobId: job?.id ?? null, agentId: agent.id, status });
  return { runId, status };
}

/** `replace`: a waiting run is cancelled outright, a running one is asked to stop. */
async function replaceRun(
  sql: Sql,
  bus: Bus,
  run: {
    id: string;
    status: string;
    queueJobId: string | null;
    jobId: string;
    agent: { id: string };
  },
) {
  const ref = { id: run.id, jobId: run.jobId, agentId: run.agent.id };
  if (run.status === "queued" && await cancelQueuedRun(sql, run.id)) {
    if (run.queueJobId) await cancelQueued(sql, run.queueJobId);
    await publishRun({ sql, bus }, { ...ref, status: "cancelled" });
  } else if (await requestCancel(sql, run.id)) {
    await publishCancel({ sql, bus }, run.id);
  }
}
