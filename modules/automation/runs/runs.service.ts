import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { cancelQueued } from "../../../shared/jobs/queue.ts";
import { enqueueRun } from "./runs.enqueue.service.ts";
import { publishCancel, publishRun } from "./runs.events.service.ts";
import {
  agentForRun,
  cancelQueuedRun,
  findRun,
  findRunLog,
  historyChoices as choicesOf,
  requestCancel,
  type RunRow,
  runStats,
  selectRuns,
} from "./runs.repo.ts";
import type { HistoryQuery, Run, RunDetail } from "./runs.schemas.ts";

/** The API's run: internal columns (worker, queue job, keys) stay inside. */
function toRun(r: RunRow): Run {
  return {
    id: r.id,
    jobId: r.jobId,
    jobName: r.jobName,
    agentId: r.agentId,
    agentName: r.agentName,
    agentVersion: r.agentVersion,
    trigger: r.trigger,
    occurrence: r.occurrence,
    status: r.status,
    attempt: r.attempt,
    maxAttempts: r.maxAttempts,
    input: r.input,
    result: r.result,
    error: r.error,
    logTruncated: r.logTruncated,
    cancelRequested: r.cancelRequested,
    queuedAt: r.queuedAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    durationMs: r.durationMs,
    createdBy: r.createdBy,
  };
}

/** The run history; `fields` (a sparse fieldset) reads only those columns. */
export async function listHistory(
  { sql }: Actor,
  q: HistoryQuery,
  fields?: readonly string[],
) {
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await selectRuns(sql, { ...q, statuses: q.status }, q.limit, after, fields);
  const page = toPage(rows, q.limit, (r) => [r.sortKey, r.id]);
  return { items: page.items.map(toRun), nextCursor: page.nextCursor };
}

/** The jobs and agents the history's filters offer. */
export const historyChoices = ({ sql }: Actor) => choicesOf(sql);

export async function getRun({ sql }: Actor, id: string): Promise<RunDetail> {
  const row = await findRun(sql, id);
  if (!row) throw problems.notFound("No such run.");
  return { ...toRun(row), log: row.log };
}

/** The log a live run page starts from (404 for a run the reader cannot see). */
export async function getRunLog({ sql }: Actor, id: string) {
  const row = await findRunLog(sql, id);
  if (!row) throw problems.notFound("No such run.");
  return row;
}

export async function runStatistics(
  { sql }: Actor,
  q: { days: number; groupBy: "agent" | "job" | "day" },
) {
  const rows = await runStats(sql, q.days, q.groupBy);
  return {
    ...q,
    items: rows.map((r) => ({
      ...r,
      // Cancelled and skipped runs say nothing about the agent's health.
      successRate: r.succeeded + r.failed ? r.succeeded / (r.succeeded + r.failed) : null,
    })),
  };
}

/**
 * Cancels a run: one that waits is cancelled at once (and its queue job with it); one that runs
 * is asked to stop, which its worker does within moments (bus message, else its heartbeat).
 */
export async function cancelRun(actor: Actor, id: string): Promise<Run> {
  const { sql, bus } = actor;
  const before = await findRun(sql, id, false);
  if (!before) throw problems.notFound("No such run.");
  const ref = { id, jobId: before.jobId, agentId: before.agentId };
  if (before.status === "queued" && await cancelQueuedRun(sql, id)) {
    if (before.queueJobId) await cancelQueued(sql, before.queueJobId);
    await publishRun({ sql, bus }, { ...ref, status: "cancelled" });
  } else if (before.status === "running" && await requestCancel(sql, id)) {
    await publishCancel({ sql, bus }, id);
  } else {
    throw problems.conflict("The run has already finished.");
  }
  const after = (await findRun(sql, id, false))!;
  await recordActivity({ sql }, {
    module: "automation",
    entityType: "run",
    entityId: id,
    action: "cancelled",
    summary: `Cancelled a run of ${before.jobName ?? before.agentName}`,
    before: { status: before.status, cancelRequested: before.cancelRequested },
    after: { status: after.status, cancelRequested: after.cancelRequested },
  });
  return toRun(after);
}

/** Queues a test run of an agent (allowed when it is failing: that is how it is fixed). */
export async function testRun(
  actor: Actor,
  { agentId, input }: { agentId: string; input: unknown },
) {
  const { sql, bus, session } = actor;
  const agent = await agentForRun(sql, agentId);
  if (!agent) throw problems.notFound("No such agent.");
  const queued = await enqueueRun({ sql, bus }, {
    job: null,
    agentId,
    trigger: "test",
    input: input ?? {},
    createdBy: session.userId,
  });
  if (!queued) throw problems.notFound("No such agent.");
  await recordActivity({ sql }, {
    module: "automation",
    entityType: "agent",
    entityId: agentId,
    action: "test-run",
    summary: `Started a test run of ${agent.name}`,
    after: { runId: queued.runId, status: queued.status },
  });
  return queued;
}
