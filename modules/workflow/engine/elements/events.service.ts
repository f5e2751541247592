/**
 * Events: start (none, message, timer — the instance is already started when its token runs),
 * end (none, terminate, error — in a called process an uncaught error ends it and goes on to the
 * parent's call activity), intermediate timer catch, and the token a boundary event
 * starts once it fired. Boundary arming and firing live in boundary.ts.
 */
import { uuidv7 } from "uuidv7";
import type { SystemActor } from "../../../../shared/http/actor.ts";
import { enqueue } from "../../../../shared/jobs/queue.ts";
import { TIMER_JOB, type TimerDef } from "../../common/model.lib.ts";
import { insertTimer, type TokenRow } from "../engine.repo.ts";
import { timerDue } from "../engine.timers.lib.ts";
import { ElementError, type Step } from "../engine.step.service.ts";
import { defineBehaviour } from "../engine.step.service.ts";
import { cancelTokens, throwError } from "./scope.service.ts";

defineBehaviour(["startEvent", "boundaryEvent"], (s, t) => s.leave(t));

// A none intermediate throw event only marks a milestone; typed ones register their own kinds
// (`intermediateThrowEvent:escalation`, `:compensate`, `:message`).
defineBehaviour(["intermediateThrowEvent"], async (s, t, el) => {
  if (el.event && el.event.kind !== "none") {
    throw new ElementError("unsupported", `${el.event.kind} throw events are not supported`);
  }
  await s.leave(t);
});

defineBehaviour(["endEvent"], async (s, t, el) => {
  const kind = el.event?.kind ?? "none";
  if (kind === "error") {
    const code = el.event?.kind === "error" ? el.event.errorCode : undefined;
    if (await throwError(s, { token: t, code, includeSelf: false })) return;
    // A called process: the error ends it and travels on to the parent's call activity.
    if (s.instance.parentInstanceId) return await endByError(s, t, code);
    throw new ElementError("uncaught-error", `BPMN error ${code ?? ""} was not caught`.trim());
  }
  if (kind === "terminate") {
    const scope = s.parentOf(t);
    // Everything else in the scope ends with it.
    const others = scope ? s.subtree(scope).filter((x) => x.id !== t.id) : [...s.tokens.values()]
      .filter((x) => x.id !== t.id);
    await cancelTokens(s, others);
    await s.setState(t, "done");
    s.record(t, "element.completed");
    if (!scope) return await s.completeInstance(el.id, "terminated");
    return await s.leave(scope);
  }
  await s.setState(t, "done");
  s.record(t, "element.completed");
  await s.afterEnd(t);
});

/**
 * Ends a called instance by an uncaught BPMN error: everything else in it is cancelled and it
 * ends `terminated` at the error end event; the parent's step (queued by completeInstance) reads
 * the end event and throws the error from its call activity (subprocess.ts calledEnded).
 */
async function endByError(s: Step, t: TokenRow, code: string | undefined) {
  await s.setState(t, "done");
  s.record(t, "error.thrown", { errorCode: code ?? null, caughtBy: null, toParent: true });
  s.record(t, "element.completed");
  await cancelTokens(s, [...s.tokens.values()].filter((x) => !x.parentTokenId));
  await s.completeInstance(t.elementId, "terminated");
}

defineBehaviour(["intermediateCatchEvent"], async (s, t, el) => {
  if (el.event?.kind !== "timer") {
    // Message, signal and conditional catches have behaviours of their own (messages.service.ts).
    throw new ElementError(
      "unsupported",
      `${el.event?.kind ?? "none"} catch events are not supported (${el.name || el.id})`,
    );
  }
  await armTimer(s, {
    tokenId: t.id,
    elementId: el.id,
    kind: "catch",
    interrupting: true,
    timer: el.event.timer,
    vars: s.varsOf(t),
  });
  await s.setState(t, "waiting");
});

/** Writes a timer row and queues its job for the due time (deduped by the timer id). */
export async function armTimer(
  s: Step,
  { tokenId, elementId, kind, interrupting, timer, vars }: {
    tokenId: string;
    elementId: string;
    kind: "catch" | "boundary" | "gateway" | "event-subprocess";
    interrupting: boolean;
    timer: TimerDef;
    vars: Record<string, unknown>;
  },
) {
  const due = timerDue(timer, vars);
  const id = uuidv7();
  await insertTimer(s.sql, {
    id,
    instanceId: s.instance.id,
    tokenId,
    elementId,
    kind,
    interrupting,
    dueAt: due.dueAt.toISOString(),
    cycle: due.cycle,
  });
  await queueTimer(s, { instanceId: s.instance.id, timerId: id, dueAt: due.dueAt });
}

/** Queues the job that fires timer `timerId` at `dueAt` (in the actor's transaction). */
export async function queueTimer(
  actor: Pick<SystemActor, "sql">,
  { instanceId, timerId, dueAt }: { instanceId: string; timerId: string; dueAt: Date },
) {
  await enqueue(actor.sql, TIMER_JOB, {
    payload: { instanceId, timerId },
    runAfter: dueAt,
    dedupeKey: `wf:timer:${timerId}`,
    serialKey: `wf:${instanceId}`,
    maxAttempts: 10,
    backoffSeconds: 5,
  });
}
