import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { nextRuns } from "../../../shared/jobs/scheduler.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import type { JobRecord } from "../common/common.schemas.ts";
import { loadSettings } from "../settings/settings.repo.ts";
import { enqueueRun } from "../runs/runs.enqueue.service.ts";
import {
  agentChoices,
  currentTenant,
  deleteJob as removeJob,
  findAgent,
  findJob,
  findJobRow,
  insertJob,
  jobNameTaken,
  type JobRow,
  type JobWrite,
  lastQueuedAt,
  selectJobs,
  setWebhookHash,
  updateJob as writeJob,
} from "./jobs.repo.ts";
import {
  checkInput,
  checkTrigger,
  computeNextRunAt,
  isTimeZone,
  normalizeTrigger,
  scheduleChanged,
  secondsUntilAllowed,
  smallestGapSeconds,
} from "./jobs.rules.ts";
import type { Job, JobInput, JobQuery, JobUpdate } from "./jobs.schemas.ts";
import { sha256, webhookPath } from "./jobs.webhook.lib.ts";

/** The API's job: the secret's hash never leaves; the webhook URL is spelled out. */
function toJob(r: JobRow, tenantId: string): Job {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    agentId: r.agentId,
    agentName: r.agentName,
    agentState: r.agentState,
    triggerKind: r.triggerKind,
    cron: r.cron,
    timezone: r.timezone,
    runAt: r.runAt,
    intervalSeconds: r.intervalSeconds,
    event: r.event,
    webhookUrl: r.triggerKind === "webhook" ? webhookPath(tenantId, r.id) : null,
    hasWebhookSecret: r.webhookSecretHash !== null,
    input: r.input,
    priority: r.priority,
    timeoutSeconds: r.timeoutSeconds,
    maxAttempts: r.maxAttempts,
    backoffSeconds: r.backoffSeconds,
    concurrency: r.concurrency,
    catchup: r.catchup,
    catchupLimit: r.catchupLimit,
    notifyOnFailure: r.notifyOnFailure,
    enabled: r.enabled,
    nextRunAt: r.nextRunAt,
    lastFiredAt: r.lastFiredAt,
    running: r.running,
    queued: r.queued,
    lastRun: r.lastRunId && r.lastRunStatus && r.lastRunAt
      ? { id: r.lastRunId, status: r.lastRunStatus, at: r.lastRunAt }
      : null,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** What the activity log keeps of a job (before → after): its settings, not its counters. */
function snapshot(j: JobRecord | JobWrite) {
  return {
    name: j.name,
    description: j.description,
    agentId: j.agentId,
    triggerKind: j.triggerKind,
    cron: j.cron,
    timezone: j.timezone,
    runAt: j.runAt,
    intervalSeconds: j.intervalSeconds,
    event: j.event,
    input: j.input,
    priority: j.priority,
    timeoutSeconds: j.timeoutSeconds,
    maxAttempts: j.maxAttempts,
    backoffSeconds: j.backoffSeconds,
    concurrency: j.concurrency,
    catchup: j.catchup,
    catchupLimit: j.catchupLimit,
    notifyOnFailure: j.notifyOnFailure,
    enabled: j.enabled,
  };
}

export async function listJobs({ sql }: Actor, q: JobQuery) {
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await selectJobs(sql, q, q.limit, after);
  const page = toPage(rows, q.limit, (r) => [r.sortKey, r.id]);
  const tenantId = await currentTenant(sql);
  return { items: page.items.map((r) => toJob(r, tenantId)), nextCursor: page.nextCursor };
}

export async function getJob({ sql }: SystemActor, id: string): Promise<Job> {
  const row = await findJobRow(sql, id);
  if (!row) throw problems.notFound("No such job.");
  return toJob(row, await currentTenant(sql));
}

/** The workspace's minimum gap between two runs of a job (the form's hint). */
export const minIntervalSeconds = async ({ sql }: Actor) =>
  (await loadSettings(sql)).minIntervalSeconds;

/** The agents a job may name (the form's picker). */
export const jobAgents = ({ sql }: Actor) => agentChoices(sql);

/** Checks a whole job as it would be stored and fills in its next run. */
async function prepare(
  sql: Sql,
  w: JobWrite,
  events: string[],
  now: Date,
  reschedule: boolean,
): Promise<JobWrite> {
  const trigger = normalizeTrigger(w);
  const settings = await loadSettings(sql);
  // A one-off's time must lie ahead only when it is (re)scheduled, not on a rename.
  const ctx = { minIntervalSeconds: settings.minIntervalSeconds, events, now };
  checkTrigger(trigger, ctx, w.enabled && reschedule);
  checkInput(w.input);
  if (!await findAgent(sql, w.agentId)) {
    throw problems.unprocessable("The agent does not exist.");
  }
  const job = { ...w, ...trigger };
  if (trigger.triggerKind !== "webhook") job.webhookSecretHash = null;
  if (reschedule || !job.enabled) job.nextRunAt = computeNextRunAt(job, now)?.toISOString() ?? null;
  return job;
}

/** A new random webhook secret and its SHA-256 (only the hash is stored). */
async function newSecret(): Promise<{ secret: string; hash: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const secret = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
  return { secret, hash: await sha256(secret) };
}

async function assertNameFree(sql: Sql, name: string, except?: string) {
  if (await jobNameTaken(sql, name, except)) {
    throw problems.conflict(`A job named "${name}" already exists.`);
  }
}

export async function createJob(
  actor: Actor,
  { job: input, events, now = new Date() }: { job: JobInput; events: string[]; now?: Date },
): Promise<Job & { webhookSecret?: string }> {
  const { sql, session } = actor;
  const draft: JobWrite = {
    name: input.name,
    description: input.description,
    agentId: input.agentId,
    triggerKind: input.triggerKind,
    cron: input.cron ?? null,
    timezone: input.timezone ?? null,
    runAt: input.runAt ?? null,
    intervalSeconds: input.intervalSeconds ?? null,
    event: input.event ?? null,
    webhookSecretHash: null,
    input: input.input,
    priority: input.priority,
    timeoutSeconds: input.timeoutSeconds ?? null,
    maxAttempts: input.maxAttempts,
    backoffSeconds: input.backoffSeconds,
    concurrency: input.concurrency,
    catchup: input.catchup,
    catchupLimit: input.catchupLimit,
    notifyOnFailure: input.notifyOnFailure,
    enabled: input.enabled,
    nextRunAt: null,
  };
  const job = await prepare(sql, draft, events, now, true);
  await assertNameFree(sql, job.name);
  const secret = job.triggerKind === "webhook" ? await newSecret() : null;
  if (secret) job.webhookSecretHash = secret.hash;
  const id = uuidv7();
  await insertJob(sql, id, job, session.userId);
  await recordActivity({ sql }, {
    module: "automation",
    entityType: "job",
    entityId: id,
    action: "created",
    summary: `Created the job ${job.name}`,
    after: snapshot(job),
  });
  const created = await getJob(actor, id);
  return secret ? { ...created, webhookSecret: secret.secret } : created;
}

async function lockedJob(sql: Sql, id: string): Promise<JobRecord> {
  const job = await findJob(sql, id, true);
  if (!job) throw problems.notFound("No such job.");
  return job;
}

export async function updateJob(
  actor: Actor,
  { id, patch, events, now = new Date() }: {
    id: string;
    patch: JobUpdate;
    events: string[];
    now?: Date;
  },
): Promise<Job> {
  const { sql } = actor;
  const before = await lockedJob(sql, id);
  const merged: JobWrite = { ...before, ...patch } as JobWrite;
  const reschedule = scheduleChanged(before, normalizeTrigger(merged)) ||
    (merged.enabled && !before.enabled);
  const job = await prepare(sql, merged, events, now, reschedule);
  if (job.name !== before.name) await assertNameFree(sql, job.name, id);
  await writeJob(sql, id, job);
  const action = patch.enabled !== undefined && Object.keys(patch).length === 1
    ? (patch.enabled ? "enabled" : "disabled")
    : "updated";
  await recordActivity({ sql }, {
    module: "automation",
    entityType: "job",
    entityId: id,
    action,
    summary: `${action[0].toUpperCase()}${action.slice(1)} the job ${job.name}`,
    before: snapshot(before),
    after: snapshot(job),
  });
  return await getJob(actor, id);
}

export const setJobEnabled = (
  actor: Actor,
  { id, enabled, events, now }: { id: string; enabled: boolean; events: string[]; now?: Date },
) => updateJob(actor, { id, patch: { enabled }, events, now });

export async function deleteJob(actor: Actor, id: string): Promise<void> {
  const { sql } = actor;
  const before = await lockedJob(sql, id);
  await removeJob(sql, id);
  await recordActivity({ sql }, {
    module: "automation",
    entityType: "job",
    entityId: id,
    action: "deleted",
    summary: `Deleted the job ${before.name}`,
    before: snapshot(before),
  });
}

/**
 * "Run now": a manual run with the job's input (and the given keys over it). Refused (422)
 * while the agent is disabled or failing, or when the last run is more recent than the
 * workspace's minimum interval.
 */
export async function runJobNow(
  actor: Actor,
  { id, override, now = new Date() }: {
    id: string;
    override?: Record<string, unknown>;
    now?: Date;
  },
) {
  const { sql, bus, session } = actor;
  const job = await lockedJob(sql, id);
  const agent = await findAgent(sql, job.agentId);
  if (!agent) throw problems.notFound("No such job.");
  if (agent.state === "pasif") {
    throw problems.unprocessable(`The agent ${agent.name} is disabled; enable it first.`);
  }
  if (agent.state === "hata") {
    throw problems.unprocessable(
      `The agent ${agent.name} is failing; fix it and run a successful test first.`,
    );
  }
  const { minIntervalSeconds } = await loadSettings(sql);
  const wait = secondsUntilAllowed(await lastQueuedAt(sql, id), minIntervalSeconds, now);
  if (wait > 0) {
    throw problems.unprocessable(
      `This job ran less than ${minIntervalSeconds} seconds ago (the workspace's minimum interval); try again in ${wait} seconds.`,
    );
  }
  const input = override ? { ...job.input, ...override } : job.input;
  checkInput(input);
  const queued = await enqueueRun({ sql, bus }, {
    job,
    agentId: job.agentId,
    trigger: "manual",
    input,
    createdBy: session.userId,
  });
  if (!queued) throw problems.notFound("No such job.");
  await recordActivity({ sql }, {
    module: "automation",
    entityType: "job",
    entityId: id,
    action: "run",
    summary: `Started the job ${job.name} by hand`,
    after: { runId: queued.runId, status: queued.status },
  });
  return queued;
}

/** The next occurrences of a scheduled job (none for manual, event and webhook jobs). */
export async function jobNextRuns(
  { sql }: Actor,
  { id, count, now = new Date() }: { id: string; count: number; now?: Date },
) {
  const job = await findJob(sql, id);
  if (!job) throw problems.notFound("No such job.");
  return { items: upcoming(job, count, now) };
}

function upcoming(job: JobRecord, count: number, now = new Date()): string[] {
  if (!job.enabled) return [];
  switch (job.triggerKind) {
    case "cron":
      return nextRuns(job.cron!, job.timezone ?? undefined, count, now)
        .map((d) => d.toISOString());
    case "once":
      return job.nextRunAt ? [job.nextRunAt] : [];
    case "interval": {
      const step = job.intervalSeconds! * 1000;
      let at = job.nextRunAt ? Date.parse(job.nextRunAt) : now.getTime() + step;
      while (at < now.getTime()) at += step;
      return Array.from({ length: count }, (_, i) => new Date(at + i * step).toISOString());
    }
    default:
      return [];
  }
}

/** A cron expression's next runs, as people type it; a bad one is a 400 with croner's reason. */
export async function previewSchedule(
  { sql }: Actor,
  p: { cron: string; timezone?: string | null; count: number; now?: Date },
) {
  const now = p.now ?? new Date();
  const zone = p.timezone || undefined;
  if (zone && !isTimeZone(zone)) {
    throw problems.validation([{ path: "timezone", message: `Unknown time zone "${zone}".` }]);
  }
  const items = nextRuns(p.cron, zone, p.count, now).map((d) => d.toISOString());
  const gap = smallestGapSeconds(p.cron, zone ?? null, now);
  const { minIntervalSeconds } = await loadSettings(sql);
  return { items, smallestGapSeconds: Number.isFinite(gap) ? gap : null, minIntervalSeconds };
}

/** A new webhook secret for a webhook job (shown once; the old one stops working). */
export async function regenerateWebhookSecret(actor: Actor, id: string) {
  const { sql } = actor;
  const job = await lockedJob(sql, id);
  if (job.triggerKind !== "webhook") {
    throw problems.unprocessable("Only a webhook job has a webhook secret.");
  }
  const { secret, hash } = await newSecret();
  await setWebhookHash(sql, id, hash);
  await recordActivity({ sql }, {
    module: "automation",
    entityType: "job",
    entityId: id,
    action: "secret-rotated",
    summary: `Generated a new webhook secret for the job ${job.name}`,
    // The secret itself never enters the log; that it changed does.
    before: { webhookSecret: job.webhookSecretHash ? "set" : "none" },
    after: { webhookSecret: "renewed" },
  });
  return { secret, webhookUrl: webhookPath(await currentTenant(sql), id) };
}
