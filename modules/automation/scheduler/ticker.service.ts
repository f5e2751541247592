/**
 * The schedule ticker: fires tenants' cron, one-off and interval jobs. It runs every second on
 * every instance that runs dispatchers; however many run at once, each occurrence fires once:
 * a due job is locked `for update skip locked` in its tenant's transaction (a racing ticker
 * skips it), and the unique (tenant, job, occurrence) index refuses a second run anyway.
 */
import type { Sql } from "../../../shared/db/database.ts";
import type { SystemActor } from "../../../shared/http/actor.ts";
import { withScope } from "../../../shared/db/scope.ts";
import { asWorker } from "../../../shared/jobs/dispatcher.ts";
import { log } from "../../../shared/log.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import type { RunTrigger } from "../common/common.schemas.ts";
import { enqueueRun } from "../runs/runs.enqueue.service.ts";
import { planOccurrences } from "./catchup.lib.ts";
import { advanceJob, dueJobs, lockDueJob } from "./ticker.repo.ts";

/** Jobs claimed per query; a tick takes several batches when many are due. */
const BATCH = 50;
const MAX_BATCHES = 20;
/** A job whose firing failed is left alone this long by this instance (no hot error loop). */
const RETRY_AFTER_MS = 60_000;
const failing = new Map<string, number>();

/** Fires one due job's occurrences in its tenant's transaction; the runs it enqueued. */
async function fireJob(tx: Sql, bus: Bus, id: string, now: Date): Promise<number> {
  const job = await lockDueJob(tx, id, now);
  if (!job || !job.nextRunAt) return 0;
  const plan = planOccurrences(job, new Date(job.nextRunAt), now, job.catchup, job.catchupLimit);
  let enqueued = 0;
  for (const occurrence of plan.fire) {
    const run = await enqueueRun({ sql: tx, bus }, {
      job,
      agentId: job.agentId,
      trigger: job.triggerKind as RunTrigger,
      occurrence,
    });
    if (run) enqueued++;
  }
  // A one-off is done once its time has passed, fired or (catch-up "none") dropped.
  await advanceJob(tx, id, plan.next, plan.fire.at(-1) ?? null, job.triggerKind === "once");
  if (plan.fire.length === 0) log.info("automation occurrence missed", { job: id });
  return enqueued;
}

/**
 * One tick (`actor.sql`: the pool; each tenant's jobs fire in a transaction of their own):
 * every due job of an active tenant fires per its catch-up policy and moves on to its next
 * occurrence. Returns how many runs were enqueued. One bad job does not stop the rest.
 */
export async function tickAutomation(
  { sql: pool, bus }: SystemActor,
  now = new Date(),
): Promise<number> {
  let enqueued = 0;
  const seen: string[] = [];
  for (const [id, until] of failing) if (until <= now.getTime()) failing.delete(id);
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await asWorker(
      pool,
      (tx) => dueJobs(tx, now, BATCH, [...seen, ...failing.keys()]),
    );
    for (const { tenantId, id } of due) {
      seen.push(id);
      try {
        enqueued += await withScope(pool, { tenantId }, (tx) => fireJob(tx, bus, id, now));
      } catch (err) {
        failing.set(id, now.getTime() + RETRY_AFTER_MS);
        log.error("automation job could not fire", { job: id, error: String(err) });
      }
    }
    if (due.length < BATCH) break;
  }
  return enqueued;
}

/**
 * Ticks every `everyMs` (default one second: cron expressions may have seconds) until the
 * returned function is called; that function waits for a tick in progress. Ticks never overlap.
 */
export function startAutomationTicker(
  actor: SystemActor,
  opts: { everyMs?: number } = {},
): () => Promise<void> {
  const everyMs = opts.everyMs ?? 1000;
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const loop = () => {
    if (stopped) return;
    current = tickAutomation(actor)
      .catch((err) => log.error("automation tick failed", { error: String(err) }))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, everyMs);
      });
  };
  timer = setTimeout(loop, 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
