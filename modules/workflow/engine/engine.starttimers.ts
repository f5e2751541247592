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
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import { TIMER_JOB, type TimerDef } from "../common/model.ts";
import { systemActor } from "./engine.actor.ts";
import { FeelError } from "./engine.feel.ts";
import { insertTimer, type TimerRow } from "./engine.repo.ts";
import { createInstance } from "./engine.start.ts";
import { clock, nextCycle, timerDue } from "./engine.timers.ts";

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
  const rows = await actor.sql`
    update workflow_timers set cancelled_at = now()
    where definition_id = ${definitionId} and kind = 'start' and fired_at is null
      and cancelled_at is null
    returning id`;
  return rows.length;
}

/**
 * Arms the timer starts of a just-deployed version (in the deploy's transaction) and cancels
 * those of earlier versions. A date already past is not armed: a redeploy would start it again.
 * A timer that cannot be computed refuses the deployment (422).
 */
export async function armStartTimers(
  actor: Actor,
  definitionId: string,
  versionId: string,
): Promise<void> {
  await disarmStartTimers(actor, definitionId);
  const [v] = await actor.sql<{ timersJson: string }[]>`
    select start_timers::text as timers_json from workflow_definition_versions
    where id = ${versionId} and definition_id = ${definitionId}`;
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

interface StartTarget {
  key: string;
  name: string;
  version: number;
  createdBy: string | null;
  archivedAt: string | null;
  timersJson: string;
}

/**
 * Fires one start timer in the current tenant's transaction; false when there was nothing to do
 * (fired or cancelled already, not due by the engine's clock, the definition archived, or the
 * latest version no longer starts by this timer — the timer is then cancelled).
 */
export async function fireStartTimer(
  sql: Sql,
  bus: Bus,
  timerId: string,
  now = clock.now(),
): Promise<boolean> {
  // The row lock makes a second dispatcher wait, then see the timer fired.
  const [timer] = await sql<(TimerRow & { definitionId: string })[]>`
    select * from workflow_timers
    where id = ${timerId} and kind = 'start' and fired_at is null and cancelled_at is null
    for update`;
  if (!timer || new Date(timer.dueAt).getTime() > now.getTime()) return false;
  const [def] = await sql<StartTarget[]>`
    select d.key, d.name, d.latest_version as version, d.created_by, d.archived_at,
      v.start_timers::text as timers_json
    from workflow_definitions d
    join workflow_definition_versions v on v.definition_id = d.id and v.version = d.latest_version
    where d.id = ${timer.definitionId}`;
  const starts = def ? JSON.parse(def.timersJson) as { elementId: string }[] : [];
  if (!def || def.archivedAt || !starts.some((x) => x.elementId === timer.elementId)) {
    await sql`update workflow_timers set cancelled_at = now() where id = ${timerId}`;
    return false;
  }
  await sql`update workflow_timers set fired_at = now() where id = ${timerId}`;
  if (timer.cycle) {
    const next = nextCycle(timer.cycle, now);
    if (next) await armOne(sql, timer.definitionId, timer.elementId, next);
  }
  // Nobody pressed start: the process acts for the one who made it.
  const actor = await systemActor(sql, bus, def.createdBy);
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

/** Due start timers of the current tenant (tests and the sweep fire them). */
export async function dueStartTimers(sql: Sql, now: Date, limit: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from workflow_timers
    where kind = 'start' and fired_at is null and cancelled_at is null and due_at <= ${now}
    order by due_at limit ${limit}`;
  return rows.map((r) => r.id);
}
