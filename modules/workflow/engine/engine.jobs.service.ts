/**
 * The engine's queue jobs. STEP_JOB advances one token (or resumes a call activity whose child
 * ended); TIMER_JOB fires one timer at its due time. Both lock the instance and do nothing when
 * their token or timer has moved on, so a retried or doubled job is harmless. A start timer's
 * TIMER_JOB (payload with definitionId) starts an instance (engine.starttimers.ts). The sweep
 * fires due timers whose job is missing (a suspended instance's, or lost).
 */
import type { Database, Sql } from "../../../shared/db/database.ts";
import { withScope } from "../../../shared/db/scope.ts";
import { asWorker, type JobContext } from "../../../shared/jobs/dispatcher.ts";
import { log } from "../../../shared/log.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import type { SystemActor } from "../../../shared/http/actor.ts";
import type { SystemJob } from "../../../shared/modules.ts";
import { STEP_JOB, TIMER_JOB } from "../common/model.lib.ts";
import { systemActor } from "./engine.actor.service.ts";
import { dueTimers, lateTimers, timerById } from "./engine.repo.ts";
import { ElementFailure, Step } from "./engine.step.service.ts";
import { clock } from "./engine.timers.lib.ts";
import { dueStartTimers, fireStartTimer } from "./engine.starttimers.service.ts";
import { fireTimer } from "./elements/boundary.service.ts";
import { calledEnded } from "./elements/subprocess.service.ts";
import { escalatedFromChild } from "./elements/escalation.service.ts";
import "./elements/elements.service.ts";
import { signalJob } from "./engine.correlate.service.ts";
import { SIGNAL_JOB } from "./elements/messages.service.ts";

interface StepJobPayload {
  instanceId: string;
  tokenId: string;
  childInstanceId?: string;
  /** An escalation the called instance did not catch (escalation.service.ts). */
  escalation?: { code: string | null };
}

async function openAsJob(sql: Sql, bus: Bus, instanceId: string): Promise<Step | null> {
  const actor = await systemActor({ sql, bus }, null);
  const s = await Step.open(actor, instanceId);
  if (!s) return null;
  actor.session.userId = s.instance.startedBy as string;
  s.system = true;
  return s;
}

// Exception to (actor, input): a queue job handler takes the job context (shared/jobs).
export async function stepJob(ctx: Pick<JobContext, "payload" | "scoped" | "bus">) {
  const p = ctx.payload as StepJobPayload;
  try {
    await ctx.scoped(async (sql) => {
      const s = await openAsJob(sql, ctx.bus, p.instanceId);
      if (!s || !s.active) return; // suspended: resume schedules it again
      const t = s.tokens.get(p.tokenId);
      if (p.escalation && p.childInstanceId) {
        const { code } = p.escalation;
        if (t) await escalatedFromChild(s, { token: t, childId: p.childInstanceId, code });
      } else if (p.childInstanceId) {
        if (t) await calledEnded(s, { token: t, childId: p.childInstanceId });
      } else {
        if (!t || t.state !== "ready") return; // already advanced
        s.jobTokenId = t.id;
        s.schedule(t);
      }
      await s.run();
    });
  } catch (err) {
    if (!(err instanceof ElementFailure) || err.tokenId !== p.tokenId) throw err;
    // The element's own work failed in SQL: that transaction is gone; the incident is recorded
    // in a fresh one.
    await ctx.scoped(async (sql) => {
      const s = await openAsJob(sql, ctx.bus, p.instanceId);
      const t = s?.tokens.get(p.tokenId);
      if (!s || !t || t.state !== "ready") return;
      await s.incident(t, "error", String((err.cause as Error)?.message ?? err.cause));
      await s.run();
    });
  }
}

// Exception to (actor, input): a queue job handler takes the job context (shared/jobs).
export async function timerJob(ctx: Pick<JobContext, "payload" | "scoped" | "bus">) {
  const p = ctx.payload as { instanceId?: string; definitionId?: string; timerId: string };
  if (p.definitionId) {
    return void await ctx.scoped((sql) =>
      fireStartTimer({ sql, bus: ctx.bus }, { timerId: p.timerId })
    );
  }
  await ctx.scoped((sql) => fireTimerIn(sql, ctx.bus, p.instanceId!, p.timerId));
}

async function fireTimerIn(sql: Sql, bus: Bus, instanceId: string, timerId: string, now?: Date) {
  const s = await openAsJob(sql, bus, instanceId);
  if (!s || !s.active) return false;
  const timer = await timerById(sql, timerId);
  if (!timer) return false;
  const fired = await fireTimer(s, { timer, now: now ?? clock.now() });
  await s.run();
  return fired;
}

/** Fires every due timer of the current tenant (tests call this after moving the clock). */
export async function fireDueTimers(
  system: SystemActor,
  input: { now?: Date } = {},
): Promise<number> {
  const { sql, bus } = system;
  const { now = clock.now() } = input;
  let fired = 0;
  for (const t of await dueTimers(sql, now, 500)) {
    if (await fireTimerIn(sql, bus, t.instanceId!, t.id, now)) fired++;
  }
  for (const id of await dueStartTimers(sql, now, 500)) {
    if (await fireStartTimer({ sql, bus }, { timerId: id, now })) fired++;
  }
  return fired;
}

/** Timers due longer than this without firing are fired by the sweep. */
const SWEEP_GRACE_MS = 30_000;

/** One sweep over all tenants: timers whose job is missing fire, each in its tenant's scope. */
async function sweepTimers(db: Database, bus: Bus, now = clock.now()): Promise<number> {
  const late = new Date(now.getTime() - SWEEP_GRACE_MS);
  const due = await asWorker(db.sql, (tx) => lateTimers(tx, late));
  let fired = 0;
  for (const t of due) {
    try {
      const ok = await withScope(
        db.sql,
        { tenantId: t.tenantId },
        (sql) =>
          t.instanceId
            ? fireTimerIn(sql, bus, t.instanceId, t.id, now)
            : fireStartTimer({ sql, bus }, { timerId: t.id, now }),
      );
      if (ok) fired++;
    } catch (err) {
      log.error("workflow timer could not fire", { timer: t.id, error: String(err) });
    }
  }
  return fired;
}

/**
 * Sweeps every `everyMs` until the returned function is called. Exception to (actor, input):
 * a background loop across tenants, opening its own tenant scopes from `db`.
 */
export function startTimerSweep(db: Database, bus: Bus, everyMs = 15_000): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepTimers(db, bus).catch((err) =>
      log.error("workflow timer sweep failed", { error: String(err) })
    );
  }, everyMs);
  return async () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

export const workflowEngineJobs: SystemJob[] = [
  { name: STEP_JOB, handler: stepJob },
  { name: TIMER_JOB, handler: timerJob },
  { name: SIGNAL_JOB, handler: signalJob },
];
