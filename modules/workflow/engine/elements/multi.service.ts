/**
 * Multi-instance activities (several approvers): the token becomes the multi-instance body (a
 * scope holding nrOfInstances, nrOfCompletedInstances, nrOfActiveInstances and the items) and
 * child tokens run the activity once per item: all at once (parallel) or one after another
 * (sequential). The body completes when every child is done or the completion condition holds;
 * children still open are then cancelled.
 */
import type { ElementDef, LoopDef } from "../../common/model.lib.ts";
import { condition, feel, parameter } from "../engine.feel.lib.ts";
import { expressionOf } from "../engine.rules.ts";
import type { TokenRow, Vars } from "../engine.repo.ts";
import { ElementError, hooks, type Step } from "../engine.step.service.ts";
import { cancelTokens } from "./scope.service.ts";

function itemsOf(loop: LoopDef, vars: Vars, el: ElementDef): unknown[] {
  if (loop.collection?.trim()) {
    const e = expressionOf(loop.collection);
    // camunda:collection is usually a bare variable name, which is also valid FEEL.
    const v = "feel" in e ? feel(e.feel, vars) : feel(e.literal, vars);
    if (!Array.isArray(v)) {
      throw new ElementError("expression", `the collection of ${el.name || el.id} is not a list`);
    }
    return v;
  }
  // The compiler stores the cardinality as FEEL (`3`, `count(approvers)`).
  const n = Number(loop.cardinality ? parameter(loop.cardinality, vars) : NaN);
  if (!Number.isInteger(n) || n < 0 || n > 1000) {
    throw new ElementError("expression", `the loop cardinality of ${el.id} is not 0-1000`);
  }
  return Array.from({ length: n }, (_, i) => i);
}

async function startChild(s: Step, body: TokenRow, el: ElementDef, index: number) {
  const items = body.vars.items as unknown[];
  const vars: Vars = { loopCounter: index };
  if (el.loop?.elementVariable) vars[el.loop.elementVariable] = items[index];
  await s.spawn(el.id, body.id, { loopIndex: index, vars });
}

hooks.enterLoop = async (s, t, el) => {
  const loop = el.loop!;
  const items = itemsOf(loop, s.varsOf(t), el);
  if (!items.length) return await s.leave(t);
  t.vars = {
    ...t.vars,
    items,
    nrOfInstances: items.length,
    nrOfCompletedInstances: 0,
    nrOfActiveInstances: loop.sequential ? 1 : items.length,
  };
  await s.setState(t, "scope");
  const first = loop.sequential ? 1 : items.length;
  for (let i = 0; i < first; i++) await startChild(s, t, el, i);
};

hooks.loopChildDone = async (s, child) => {
  const body = s.parentOf(child);
  if (!body || body.state !== "scope") return;
  const el = s.el(body.elementId);
  const v = body.vars as Vars & {
    nrOfInstances: number;
    nrOfCompletedInstances: number;
    nrOfActiveInstances: number;
  };
  v.nrOfCompletedInstances += 1;
  v.nrOfActiveInstances = Math.max(0, v.nrOfActiveInstances - 1);
  const cc = el.loop?.completionCondition?.trim();
  const ctx = { ...s.varsOf(body), ...child.vars };
  let met = false;
  try {
    met = cc ? condition(cc, ctx) : false;
  } catch (err) {
    // A broken completion condition does not stop the approvals: every child is awaited.
    s.record(body, "loop.condition-failed", { message: (err as Error).message });
  }
  const done = v.nrOfCompletedInstances >= v.nrOfInstances || met;
  if (done) {
    await cancelTokens(s, s.childrenOf(body.id));
    body.state = "ready";
    return await s.leave(body);
  }
  if (el.loop?.sequential) {
    v.nrOfActiveInstances = 1;
    await s.setState(body, "scope");
    return await startChild(s, body, el, v.nrOfCompletedInstances);
  }
  await s.setState(body, "scope");
};
