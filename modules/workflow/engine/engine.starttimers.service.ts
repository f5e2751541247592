/**
 * Timer start events: each deployed version lists its timer starts (workflow_definition_versions
 * .start_timers); only the latest version of a definition that is not archived fires. Deploying
 * arms the new version's timers (workflow_timers rows of kind 'start': definition set, no
 * instance) and cancels the previous ones; archiving cancels them. A firing starts an instance
 * of the latest version as the definition's creator (like a message start) and, for a cycle,
 * arms the next occurrence. The timer row is locked and marked fired in the same transaction
 * as the start, so two dispatchers (or a job and the sweep) start one instance, not two.
 */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import { TIMER_JOB, type TimerDef } from "../common/model.lib.ts";
import { systemActor } from "./engine.actor.service.ts";
import { FeelError } from "./engine.feel.lib.ts";
import { insertTimer } from "./engine.repo.ts";
import {
  cancelStartTimersOf,
  lockOpenStartTimer,
  setStartTimerCancelled,
  setStartTimerFired,
  startTargetOf,
  startTimersOfVersion,
} from "./engine.starttimers.repo.ts";

export { dueStartTimers } from "./engine.starttimers.repo.ts";
import { createInstance } from "./engine.start.service.ts";
import { clock, nextCycle, timerDue } from "./engine.timers.lib.ts";

/** Payload of a TIMER_JOB of a start timer (an instance timer carries instanceId instead). */
export interface StartTimerPayload {
  definitionId: string;
  timerId: string;
}

async function queueStartTimer(sql: Sql, definitionId: string, timerId: string, dueAt: Date) {
  await enqueue(sql, TIMER_JOB, {
    payload: { definitionId, timerId },
    runAfter: dueAt,
    dedupeKey: `wf:timer:${timerId}`,
    serialKey: `wf:def:${definitionId}`,
    maxAttempts: 10,
    backoffSeconds: 5,
  });
}

async function armOne(
  sql: Sql,
  definitionId: string,
  elementId: string,
  due: { dueAt: Date; cycle: string | null },
) {
  const id = uuidv7();
  await insertTimer(sql, {
    id,
    instanceId: null,
    tokenId: null,
    definitionId,
    elementId,
    kind: "start",
    interrupting: true,
    dueAt: due.dueAt.toISOString(),
    cycle: due.cycle,
  });
  await queueStartTimer(sql, definitionId, id, due.dueAt);
}

/** Cancels the open start timers of a definition (a new version replaces them; archived). */
export async function disarmStartTimers(actor: Actor, definitionId: string): Promise<number> {
  return await cancelStartTimersOf(actor.sql, definitionId);
}

/**
 * Arms the timer starts of a just-deployed version (in the deploy's transaction) and cancels
 * those of earlier versions. A date already past is not armed: a redeploy would start it again.
 * A timer that cannot be computed refuses the deployment (422).
 */
export async function armStartTimers(
  actor: Actor,
  { definitionId, versionId }: { definitionId: string; versionId: string },
): Promise<void> {
  await disarmStartTimers(actor, definitionId);
  const v = await startTimersOfVersion(actor.sql, definitionId, versionId);
  if (!v) return;
  const timers = JSON.parse(v.timersJson) as { elementId: string; timer: TimerDef }[];
  const now = clock.now();
  for (const { elementId, timer } of timers) {
    let due;
    try {
      due = timerDue(timer, {}, now);
    } catch (err) {
      if (!(err instanceof FeelError)) throw err;
      throw problems.unprocessable(`The timer of start event ${elementId}: ${err.message}`);
    }
    if (timer.kind === "date" && due.dueAt.getTime() < now.getTime()) continue;
    await armOne(actor.sql, definitionId, elementId, due);
  }
}

/**
 * Fires one start timer in the current tenant's transaction; false when there was nothing to do
 * (fired or cancelled already, not due by the engine's clock, the definition archived, or the
 * latest version no longer starts by this timer — the timer is then cancelled).
 */
export async function fireStartTimer(
  system: SystemActor,
  input: { timerId: string; now?: Date },
): Promise<boolean> {
  const { sql, bus } = system;
  const { timerId, now = clock.now() } = input;
  // The row lock makes a second dispatcher wait, then see the timer fired.
  const timer = await lockOpenStartTimer(sql, timerId);
  if (!timer || new Date(timer.dueAt).getTime() > now.getTime()) return false;
  const def = await startTargetOf(sql, timer.definitionId);
  const starts = def ? JSON.parse(def.timersJson) as { elementId: string }[] : [];
  if (!def || def.archivedAt || !starts.some((x) => x.elementId === timer.elementId)) {
    await setStartTimerCancelled(sql, timerId);
    return false;
  }
  await setStartTimerFired(sql, timerId);
  if (timer.cycle) {
    const next = nextCycle(timer.cycle, now);
    if (next) await armOne(sql, timer.definitionId, timer.elementId, next);
  }
  // Nobody pressed start: the process acts for the one who made it.
  const actor = await systemActor({ sql, bus }, def.createdBy);
  await createInstance(actor, {
    definition: {
      id: timer.definitionId,
      key: def.key,
      name: def.name,
      latestVersion: def.version,
      archivedAt: null,
    },
    version: def.version,
    variables: {},
    startedBy: def.createdBy,
    startEventId: timer.elementId,
  });
  return true;
}
