/**
 * Gateways. Exclusive: the first outgoing flow whose condition holds, else the default, else an
 * incident. Parallel: forks on every flow; joins once a token arrived on every incoming flow.
 * Inclusive: forks on every flow whose condition holds; joins once no token of its scope can
 * still arrive (checked whenever a step has nothing left to run).
 */
import type { ElementDef } from "../../common/model.lib.ts";
import { canReach } from "../engine.rules.ts";
import type { TokenRow } from "../engine.repo.ts";
import { ElementError, hooks, type Step } from "../engine.step.service.ts";
import { defineBehaviour } from "../engine.step.service.ts";
import { condition } from "../engine.feel.lib.ts";
import { withDataQueries } from "../../queries/queries.feel.service.ts";

defineBehaviour(["exclusiveGateway"], async (s, t, el) => {
  if (!el.outgoing.length) return await s.leave(t, []);
  // dataQuery(...) in a condition: its saved queries are run first (queries.feel.ts).
  const conds = el.outgoing.map((f) => s.model.flows[f]?.condition);
  const vars = await withDataQueries(s.actor, {
    vars: s.varsOf(t),
    texts: conds,
    evaluate: condition,
  });
  const hit = el.outgoing.find((f) => {
    const c = s.model.flows[f]?.condition;
    return f !== el.defaultFlow && (!c || condition(c, vars));
  }) ?? el.defaultFlow;
  if (!hit) {
    throw new ElementError("no-matching-flow", `no condition of ${el.name || el.id} holds`);
  }
  await s.leave(t, [hit]);
});

/** Tokens joined at this gateway in the token's scope, oldest first. */
function joinedAt(s: Step, el: ElementDef, parent: string | null): TokenRow[] {
  return [...s.tokens.values()].filter((x) =>
    x.elementId === el.id && x.state === "joined" && x.parentTokenId === parent
  );
}

/** Consumes the arrived tokens: one passes the gateway, the others end there. */
async function fire(s: Step, arrived: TokenRow[], flows: string[]) {
  const [first, ...rest] = arrived;
  for (const x of rest) {
    await s.setState(x, "done");
    s.record(x, "element.completed", { joinedInto: first.id });
  }
  first.state = "ready"; // leave() ends it
  await s.leave(first, flows);
}

defineBehaviour(["parallelGateway"], async (s, t, el) => {
  if (el.incoming.length <= 1) return await s.leave(t, el.outgoing);
  await s.setState(t, "joined");
  const waiting = joinedAt(s, el, t.parentTokenId);
  const pick: TokenRow[] = [];
  for (const f of el.incoming) {
    const x = waiting.find((w) => w.viaFlow === f);
    if (!x) return; // still waiting for a branch
    pick.push(x);
  }
  // The arriving token goes on; the others of the set end here.
  const ordered = pick.includes(t) ? [t, ...pick.filter((x) => x !== t)] : pick;
  await fire(s, ordered, el.outgoing);
});

function inclusiveFlows(s: Step, el: ElementDef, t: TokenRow): string[] {
  const flows = s.chooseFlows(el, t);
  if (!flows.length && el.outgoing.length) {
    throw new ElementError("no-matching-flow", `no condition of ${el.name || el.id} holds`);
  }
  return flows;
}

defineBehaviour(["inclusiveGateway"], async (s, t, el) => {
  if (el.incoming.length <= 1) return await s.leave(t, inclusiveFlows(s, el, t));
  await s.setState(t, "joined");
  await tryInclusive(s, el, t.parentTokenId);
});

/** Fires the inclusive join when nothing else alive in its scope can reach it. */
async function tryInclusive(s: Step, el: ElementDef, parent: string | null): Promise<boolean> {
  const arrived = joinedAt(s, el, parent);
  if (!arrived.length) return false;
  const blocking = [...s.tokens.values()].some((x) =>
    x.parentTokenId === parent && !(x.elementId === el.id && x.state === "joined") &&
    x.state !== "done" && x.state !== "cancelled" && canReach(s.model, x.elementId, el.id)
  );
  if (blocking) return false;
  await fire(s, arrived, inclusiveFlows(s, el, arrived[0]));
  return true;
}

hooks.settleJoins = async (s) => {
  const seen = new Set<string>();
  let fired = false;
  for (const x of [...s.tokens.values()]) {
    if (x.state !== "joined") continue;
    const el = s.model.elements[x.elementId];
    if (el?.type !== "inclusiveGateway") continue;
    const key = `${el.id}:${x.parentTokenId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      if (await tryInclusive(s, el, x.parentTokenId)) fired = true;
    } catch (err) {
      if (!(err instanceof ElementError)) throw err;
      await s.incident(x, err.kind, err.message);
    }
  }
  return fired;
};
