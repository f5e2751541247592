/**
 * Compensation (BPMN 2.0, Camunda 7 semantics). An activity with a compensation boundary event
 * that completes leaves a compensation subscription in its scope (workflow_compensations). A
 * compensation throw (intermediate or end event; all, or the activity its `activityRef` names)
 * claims the open subscriptions of its scope and runs their handlers one after another, the
 * last completed activity's first, while the throw event waits; then it completes. A throw
 * inside an event subprocess compensates the scope around it. Each subscription is compensated
 * once. A completed subprocess without a handler of its own hands its open subscriptions to the
 * scope around it. Not done: one handler per multi-instance child (the body's one handler runs
 * once; a multi-instance subprocess's inner subscriptions stay inside it).
 */
import type { ElementDef, ProcessModel } from "../../common/model.lib.ts";
import type { TokenRow } from "../engine.repo.ts";
import {
  claimCompensations,
  insertCompensation,
  moveCompensations,
} from "../engine.scopes.repo.ts";
import { defineBehaviour, hooks, type Step } from "../engine.step.service.ts";

const handlers = new WeakMap<ProcessModel, Map<string, string>>();

/** The compensation handler of an activity (through its compensation boundary event). */
function handlerOf(model: ProcessModel, activityId: string): string | undefined {
  let map = handlers.get(model);
  if (!map) {
    map = new Map();
    for (const e of Object.values(model.elements)) {
      if (e.type !== "boundaryEvent" || e.event?.kind !== "compensate") continue;
      if (e.attachedTo && e.compensationHandler) map.set(e.attachedTo, e.compensationHandler);
    }
    handlers.set(model, map);
  }
  return map.get(activityId);
}

/** The scope a throw compensates: its own, or the one around its event subprocess. */
function compensatedScope(s: Step, t: TokenRow): string {
  const owner = t.parentTokenId ? s.tokens.get(t.parentTokenId) : undefined;
  if (owner && s.el(owner.elementId).triggeredByEvent) {
    return owner.parentTokenId ?? s.instance.id;
  }
  return t.parentTokenId ?? s.instance.id;
}

interface Pending {
  handler: string;
  activity: string;
}

/** Throws compensation from `t`; it waits while handlers run, or completes now when none. */
async function throwCompensation(s: Step, t: TokenRow, el: ElementDef) {
  const activityRef = el.event?.kind === "compensate" ? el.event.activityRef : undefined;
  const rows = await claimCompensations(s.sql, {
    instanceId: s.instance.id,
    scopeId: compensatedScope(s, t),
    elementId: activityRef,
  });
  s.record(t, "compensation.thrown", { activityRef: activityRef ?? null, count: rows.length });
  if (!rows.length) return await finish(s, t, null);
  const pending: Pending[] = rows.map((r) => ({ handler: r.handlerId, activity: r.elementId }));
  t.vars = { ...t.vars, compensating: pending };
  await s.setState(t, "waiting");
  await runNext(s, t, null);
}

/** Starts the next handler, or completes the throw event once none is left. */
async function runNext(s: Step, thrower: TokenRow, handlerDone: TokenRow | null) {
  const [next, ...rest] = (thrower.vars.compensating ?? []) as Pending[];
  if (!next) return await finish(s, thrower, handlerDone);
  thrower.vars = { ...thrower.vars, compensating: rest };
  await s.setState(thrower, "waiting");
  // Handlers run in the throwing scope: they see its variables and it waits for them.
  const h = await s.spawn(next.handler, thrower.parentTokenId, {
    vars: { compensationOf: thrower.id },
  });
  s.record(h, "compensation.started", { activity: next.activity });
}

async function finish(s: Step, t: TokenRow, handlerDone: TokenRow | null) {
  const { compensating: _c, ...vars } = t.vars;
  t.vars = vars;
  if (s.el(t.elementId).type !== "endEvent") return await s.leave(t);
  await s.setState(t, "done");
  s.record(t, "element.completed");
  // When a handler just ended, its own ending (same scope) completes the scope if empty.
  if (!handlerDone) await s.afterEnd(t);
}

hooks.completed = async (s, t, el) => {
  if (el.isForCompensation) {
    const thrower = typeof t.vars.compensationOf === "string"
      ? s.tokens.get(t.vars.compensationOf)
      : undefined;
    if (thrower?.state === "waiting") await runNext(s, thrower, t);
    return;
  }
  const handler = handlerOf(s.model, el.id);
  if (!handler) {
    // A completed subprocess without a handler of its own: what was done inside it stays
    // compensable from the scope around it (in completion order, so newest first still holds).
    if (el.type === "subProcess" && t.loopIndex === null && !el.loop) {
      await moveCompensations(s.sql, {
        instanceId: s.instance.id,
        from: t.id,
        to: t.parentTokenId ?? s.instance.id,
      });
    }
    return;
  }
  await insertCompensation(s.sql, {
    instanceId: s.instance.id,
    scopeId: t.parentTokenId ?? s.instance.id,
    tokenId: t.id,
    elementId: el.id,
    handlerId: handler,
  });
};

defineBehaviour(
  ["intermediateThrowEvent:compensate", "endEvent:compensate"],
  (s, t, el) => throwCompensation(s, t, el),
);
