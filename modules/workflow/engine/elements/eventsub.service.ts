/**
 * Event subprocesses (BPMN 2.0, Camunda 7 semantics). They are armed while their scope (the
 * process, a subprocess, or another event subprocess) is active: a timer start arms a timer
 * (kind 'event-subprocess'), a message, signal or conditional start a subscription
 * (subscriptions.service.ts, role 'eventSubprocess'); error and escalation starts arm nothing,
 * they are found by the throw (`findCatch`). Timers and subscriptions carry the scope's token id,
 * or the instance id for the process (which has no token).
 *
 * Triggered, an interrupting one cancels everything else in its scope (tokens, and the other
 * event subprocess starts) and runs; a non-interrupting one runs beside the rest, again for each
 * trigger. Either way its scope completes only once it has ended too.
 */
import { uuidv7 } from "uuidv7";
import { insertTimer, markTimer, type TimerRow, type TokenRow, type Vars } from "../engine.repo.ts";
import { disarmEventSubprocesses } from "../engine.scopes.repo.ts";
import { clock, nextCycle } from "../engine.timers.lib.ts";
import { hooks, type Step } from "../engine.step.service.ts";
import { armTimer, queueTimer } from "./events.service.ts";
import { cancelTokens } from "./scope.service.ts";
import { armSubscription, listenedFor } from "./subscriptions.service.ts";
import { eventSubprocessStarts } from "./catch.service.ts";

const interrupts = (start: { cancelActivity?: boolean }) => start.cancelActivity !== false;

/** The id a scope's timers and subscriptions carry: its token's, or the instance's. */
const scopeIdOf = (s: Step, scope: TokenRow | null) => scope?.id ?? s.instance.id;

/** A live scope by that id: null for the process, undefined when it has ended. */
function scopeById(s: Step, id: string | null): TokenRow | null | undefined {
  if (!id || id === s.instance.id) return s.active ? null : undefined;
  const t = s.tokens.get(id);
  return t?.state === "scope" ? t : undefined;
}

hooks.scopeStarted = async (s, scope) => {
  const scopeId = scopeIdOf(s, scope);
  for (const start of eventSubprocessStarts(s.model, scope?.elementId ?? null)) {
    const ev = start.event;
    if (ev?.kind === "timer") {
      await armTimer(s, {
        tokenId: scopeId,
        elementId: start.id,
        kind: "event-subprocess",
        interrupting: interrupts(start),
        timer: ev.timer,
        vars: s.varsOf(scope),
      });
      continue;
    }
    const what = listenedFor(start);
    if (!what) continue; // error and escalation starts: found by the throw
    await armSubscription(s, {
      tokenId: scopeId,
      elementId: start.id,
      ...what,
      role: "eventSubprocess",
      interrupting: interrupts(start),
    });
  }
};

/**
 * Runs the event subprocess of `startElementId` in `scope` (a scope token, the process scope
 * row of subscriptions.service.ts, or null for the process): interrupting ones end the rest of
 * the scope first. `vars` (a message's payload) become process variables.
 */
export async function startEventSubprocess(
  s: Step,
  scope: TokenRow | null,
  startElementId: string,
  interrupting: boolean,
  vars: Vars = {},
) {
  const parentId = scope && scope.id !== s.instance.id ? scope.id : null;
  const start = s.el(startElementId);
  const sub = s.el(start.parent!);
  if (interrupting) {
    await cancelTokens(s, s.childrenOf(parentId));
    await disarmEventSubprocesses(s.sql, parentId ?? s.instance.id);
  }
  // The event subprocess's token is its scope from the start (no flow leads into it).
  const body = await s.spawn(sub.id, parentId);
  await s.setState(body, "scope");
  s.record(body, "element.started", { triggeredBy: start.id, interrupting });
  await hooks.scopeStarted?.(s, body);
  const first = await s.spawn(start.id, body.id);
  s.setVars(vars, first);
}

hooks.startEventSubprocess = (s, scope, startElementId, interrupting, vars) =>
  startEventSubprocess(s, scope, startElementId, interrupting, vars);

/**
 * An event subprocess timer fired: its scope must still be active; a non-interrupting cycle is
 * armed again for its next firing. False when there was nothing to do.
 */
export async function fireEventSubprocessTimer(s: Step, timer: TimerRow, now = clock.now()) {
  const scope = scopeById(s, timer.tokenId);
  if (scope === undefined) {
    await markTimer(s.sql, timer.id, "cancelled");
    return false;
  }
  await markTimer(s.sql, timer.id, "fired");
  s.record(scope, "timer.fired", { timerId: timer.id }, timer.elementId);
  const next = !timer.interrupting && timer.cycle ? nextCycle(timer.cycle, now) : null;
  if (next) {
    const id = uuidv7();
    await insertTimer(s.sql, {
      id,
      instanceId: s.instance.id,
      tokenId: timer.tokenId,
      elementId: timer.elementId,
      kind: "event-subprocess",
      interrupting: false,
      dueAt: next.dueAt.toISOString(),
      cycle: next.cycle,
    });
    await queueTimer(s, { instanceId: s.instance.id, timerId: id, dueAt: next.dueAt });
  }
  await startEventSubprocess(s, scope, timer.elementId, timer.interrupting);
  return true;
}
