/**
 * Event subscriptions: a waiting token listens for a message, a signal or a condition (an
 * intermediate catch or receive task, a boundary event on its activity, a branch of its
 * event-based gateway, or an event subprocess start of its scope). Rows live in
 * workflow_event_subscriptions while the token waits; the database drops them when the token
 * or the instance ends (migration 0066), so no ending path has to remember them.
 *
 * The process scope has no token: an event subprocess at process level subscribes with
 * `tokenId` = the instance id (PROCESS_SCOPE), and its hook receives `processScope(s)`.
 */
import type { ElementDef, ProcessModel } from "../../common/model.lib.ts";
import { boundariesOf } from "../engine.rules.ts";
import { condition } from "../engine.feel.lib.ts";
import { cancelTimersOf, type TokenRow, type Vars } from "../engine.repo.ts";
import {
  deleteSubscription,
  deleteSubscriptionsOfTokens,
  insertSubscription,
  type SubscriptionKind,
  type SubscriptionRole,
  type SubscriptionRow,
  subscriptionsOfInstance,
} from "../engine.subscriptions.repo.ts";
import { hooks, type Step } from "../engine.step.service.ts";

export type { SubscriptionRow } from "../engine.subscriptions.repo.ts";

export interface SubscriptionInput {
  tokenId: string;
  elementId: string;
  kind: SubscriptionKind;
  name: string;
  role: SubscriptionRole;
  interrupting: boolean;
  correlation?: Record<string, unknown>;
}

/** The token id a process-level event subprocess subscribes with. */
export const PROCESS_SCOPE = (s: Step) => s.instance.id;

/** The process scope as a token row (it has none): what startEventSubprocess receives then. */
export function processScope(s: Step): TokenRow {
  return {
    id: s.instance.id,
    instanceId: s.instance.id,
    elementId: s.model.id,
    state: "scope",
    parentTokenId: null,
    loopIndex: null,
    vars: {},
    viaFlow: null,
  };
}

/** Conditional subscriptions armed in this step, evaluated when its tokens next wait. */
const fresh = new WeakMap<Step, Set<string>>();
/** The variables each step last checked its conditions against. */
const checked = new WeakMap<Step, string>();

export async function armSubscription(s: Step, sub: SubscriptionInput): Promise<void> {
  await insertSubscription(s.sql, {
    instanceId: s.instance.id,
    tokenId: sub.tokenId,
    elementId: sub.elementId,
    kind: sub.kind,
    name: sub.name,
    role: sub.role,
    interrupting: sub.interrupting,
    correlation: sub.correlation ?? {},
    businessKey: s.instance.businessKey,
  });
  if (sub.kind === "conditional") {
    const set = fresh.get(s) ?? new Set<string>();
    set.add(`${sub.tokenId}/${sub.elementId}`);
    fresh.set(s, set);
  }
}

export async function cancelSubscriptionsOf(s: Step, tokenIds: string[]) {
  await deleteSubscriptionsOfTokens(s.sql, tokenIds);
}

/** The message, signal or condition a catching element (or boundary) waits for. */
export function listenedFor(el: ElementDef): { kind: SubscriptionKind; name: string } | null {
  const e = el.event;
  if (e?.kind === "message") return { kind: "message", name: e.message };
  if (e?.kind === "signal") return { kind: "signal", name: e.signal };
  if (e?.kind === "conditional") return { kind: "conditional", name: e.condition };
  return null;
}

/** Arms the message, signal and conditional boundary events of an activity that now waits. */
export async function armEventBoundaries(s: Step, t: TokenRow, el: ElementDef) {
  for (const b of boundariesOf(s.model, el.id)) {
    const what = listenedFor(b);
    if (!what) continue;
    await armSubscription(s, {
      tokenId: t.id,
      elementId: b.id,
      ...what,
      role: "boundary",
      interrupting: b.cancelActivity !== false,
    });
  }
}

/**
 * A branch of an event-based gateway fired (message, signal, condition or timer): the gateway
 * completes, its other branches are dropped, and the winning catch event completes at once.
 */
export async function gatewayWon(s: Step, gw: TokenRow, targetId: string) {
  const flow = s.el(gw.elementId).outgoing.find((f) => s.model.flows[f]?.target === targetId);
  await cancelTimersOf(s.sql, [gw.id]);
  await cancelSubscriptionsOf(s, [gw.id]);
  await s.setState(gw, "done");
  s.record(gw, "element.completed");
  const caught = await s.spawn(targetId, gw.parentTokenId, { viaFlow: flow ?? null });
  s.record(caught, "element.started");
  await s.leave(caught);
}

const RECEIVED: Record<SubscriptionKind, string> = {
  message: "message.received",
  signal: "signal.received",
  conditional: "condition.fired",
};

/**
 * Fires one subscription in its instance's step (the instance is locked): the payload becomes
 * process variables and the waiting element moves on. False when its token has moved on.
 */
export async function fireSubscription(
  s: Step,
  sub: SubscriptionRow,
  vars: Vars = {},
): Promise<boolean> {
  const scope = sub.tokenId === s.instance.id ? processScope(s) : s.tokens.get(sub.tokenId);
  if (!s.active || !scope || (scope.state !== "waiting" && scope.state !== "scope")) {
    await deleteSubscription(s.sql, sub.id);
    return false;
  }
  const token = scope.id === s.instance.id ? null : scope;
  s.record(token, RECEIVED[sub.kind], { name: sub.name }, sub.elementId);
  if (sub.role === "eventSubprocess") {
    if (!hooks.startEventSubprocess) return false;
    if (sub.interrupting) await deleteSubscription(s.sql, sub.id);
    await hooks.startEventSubprocess(s, scope, sub.elementId, sub.interrupting, vars);
    return true;
  }
  s.setVars(vars, token);
  if (sub.role === "catch") {
    await deleteSubscription(s.sql, sub.id);
    await s.leave(scope);
  } else if (sub.role === "gateway") {
    await gatewayWon(s, scope, sub.elementId);
  } else if (sub.interrupting) {
    // Through the hook (scope.service.ts): importing it here would close an import cycle.
    await hooks.cancelToken!(s, scope);
    await s.spawn(sub.elementId, scope.parentTokenId);
  } else {
    // Non-interrupting: the activity goes on waiting (and listening); a parallel path starts.
    await s.spawn(sub.elementId, scope.parentTokenId);
  }
  return true;
}

const conditional = new WeakMap<ProcessModel, boolean>();
const hasConditions = (m: ProcessModel) => {
  let v = conditional.get(m);
  if (v === undefined) {
    v = Object.values(m.elements).some((e) => e.event?.kind === "conditional");
    conditional.set(m, v);
  }
  return v;
};

/**
 * Conditional events: ones armed in this step are checked once; all of the instance's are
 * checked again whenever the step has changed variables since the last check. True when one
 * fired (the step runs on). A condition that cannot be evaluated opens an incident on its token.
 */
hooks.checkConditions = async (s) => {
  if (!s.active || !hasConditions(s.model)) return false;
  const armed = fresh.get(s);
  const now = JSON.stringify(s.instance.variables);
  const changed = s.varsChanged.size > 0 && checked.get(s) !== now;
  if (!changed && !armed?.size) return false;
  checked.set(s, now);
  fresh.delete(s);
  const met: SubscriptionRow[] = [];
  for (const sub of await subscriptionsOfInstance(s.sql, s.instance.id, "conditional")) {
    if (!changed && !armed?.has(`${sub.tokenId}/${sub.elementId}`)) continue;
    const scope = sub.tokenId === s.instance.id ? null : s.tokens.get(sub.tokenId);
    if (sub.tokenId !== s.instance.id && !scope) continue;
    try {
      if (condition(sub.name, s.varsOf(scope ?? null))) met.push(sub);
    } catch (err) {
      if (!scope || scope.state !== "waiting") continue;
      await deleteSubscription(s.sql, sub.id);
      await s.incident(scope, "condition", (err as Error).message);
    }
  }
  let fired = false;
  // Each fires against the state the others left (an interrupting one may end the rest).
  for (const sub of met) if (await fireSubscription(s, sub)) fired = true;
  return fired;
};

/**
 * Variables written as a waiting activity completes (a user task's answer, a worker's result)
 * are set while it still waits, as in Camunda 7: the instance's conditional events, the
 * activity's own boundaries and its enclosing scopes' included, are evaluated before it moves
 * on. True when the activity may leave; false when a condition interrupted it (or could not be
 * evaluated: an incident on it).
 */
export async function mayLeaveAfterConditions(s: Step, t: TokenRow): Promise<boolean> {
  if (s.varsChanged.size) await hooks.checkConditions?.(s);
  return s.active && s.tokens.has(t.id) && t.state === "waiting";
}
