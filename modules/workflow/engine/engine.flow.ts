/**
 * How tokens move on once an element has done its work: the outgoing flows chosen, the token
 * ended and its successors spawned, scopes and the instance completed when nothing lives in
 * them any more, and incidents opened when an element cannot go on. The Step's methods of the
 * same names delegate here.
 */
import { enqueue } from "../../../shared/jobs/queue.ts";
import type { ElementDef } from "../common/model.ts";
import { STEP_JOB } from "../common/model.ts";
import { publishWorkflow } from "../events.ts";
import { ElementError, errorKind, hooks, isElementError } from "./engine.behaviours.ts";
import { condition } from "./engine.feel.ts";
import { cancelTimersOf, insertIncident, type TokenRow } from "./engine.repo.ts";
import type { Step } from "./engine.step.ts";

/** The flows an element leaves by: unconditioned or true ones, else its default. */
export function chooseFlows(s: Step, el: ElementDef, t: TokenRow, lenient = false): string[] {
  const vars = s.varsOf(t);
  const taken = el.outgoing.filter((f) => {
    if (f === el.defaultFlow) return false;
    const c = s.model.flows[f]?.condition;
    if (!c) return true;
    if (!lenient) return condition(c, vars);
    try {
      return condition(c, vars);
    } catch {
      return false;
    }
  });
  if (taken.length) return taken;
  if (el.defaultFlow) return [el.defaultFlow];
  if (el.outgoing.length === 0) return [];
  if (lenient) return [el.outgoing[0]];
  throw new ElementError("no-matching-flow", `no outgoing flow of ${el.name || el.id} matches`);
}

/** The element is done: the token ends and new tokens go out on the chosen flows. */
export async function leave(s: Step, t: TokenRow, flows?: string[]) {
  const el = s.el(t.elementId);
  let out: string[] = [];
  if (t.loopIndex === null) {
    try {
      out = flows ?? chooseFlows(s, el, t);
    } catch (err) {
      if (!isElementError(err)) throw err;
      // Retrying this incident tries leaving again (the element's work is done).
      t.vars = { ...t.vars, leaving: true };
      return await incident(s, t, errorKind(err), (err as Error).message);
    }
  }
  if (el.type === "intermediateCatchEvent" || s.hasBoundaries(el.id)) {
    await cancelTimersOf(s.sql, [t.id]);
  }
  await s.setState(t, "done");
  s.record(t, "element.completed");
  if (t.loopIndex !== null && hooks.loopChildDone) return await hooks.loopChildDone(s, t);
  for (const f of out) {
    await s.spawn(s.model.flows[f].target, t.parentTokenId, { viaFlow: f });
  }
  if (!out.length) await afterEnd(s, t);
}

/** A path ended in a scope: the scope (subprocess, process) completes when nothing lives in it. */
export async function afterEnd(s: Step, t: TokenRow) {
  if (s.childrenOf(t.parentTokenId).length) return;
  const parent = s.parentOf(t);
  if (!parent) return await completeInstance(s, t.elementId, "completed");
  if (parent.state === "scope") await leave(s, parent);
}

export async function completeInstance(
  s: Step,
  endElementId: string | null,
  state: "completed" | "terminated",
) {
  if (s.end) return;
  s.end = { state, endElementId };
  s.instance.state = state;
  s.record(null, state === "completed" ? "process.completed" : "process.terminated", {
    endElementId,
  });
  const i = s.instance;
  s.publish(async () => {
    await publishWorkflow(s.sql, "workflow.process.completed", {
      ...(await eventRef(s)),
      endElementId,
    });
  });
  if (i.parentInstanceId && i.parentTokenId) {
    // The parent resumes in its own step: locks are taken parent → child only.
    await enqueue(s.sql, STEP_JOB, {
      payload: {
        instanceId: i.parentInstanceId,
        tokenId: i.parentTokenId,
        childInstanceId: i.id,
      },
      serialKey: `wf:${i.parentInstanceId}`,
      maxAttempts: 10,
      backoffSeconds: 5,
    });
  }
}

/** What the workflow's domain events say about the instance. */
export async function eventRef(s: Step) {
  const [d] = await s.sql`select key from workflow_definitions
                          where id = ${s.instance.definitionId}`;
  return {
    instanceId: s.instance.id,
    definitionId: s.instance.definitionId,
    definitionKey: (d?.key as string) ?? "",
    name: s.instance.name,
  };
}

export async function incident(s: Step, t: TokenRow, kind: string, message: string) {
  await s.setState(t, "incident");
  const id = await insertIncident(s.sql, {
    instanceId: s.instance.id,
    tokenId: t.id,
    elementId: t.elementId,
    kind,
    message,
  });
  s.instance.incidentCount++;
  s.record(t, "incident.opened", { incidentId: id, kind, message });
  s.publish(async () => {
    await publishWorkflow(s.sql, "workflow.incident.opened", {
      ...(await eventRef(s)),
      elementId: t.elementId,
      message,
    });
  });
}

/** Tokens live in a scope and below it (cancel takes the whole subtree). */
export function subtree(s: Step, root: TokenRow): TokenRow[] {
  const out: TokenRow[] = [];
  const walk = (id: string) => {
    for (const c of s.childrenOf(id)) {
      out.push(c);
      walk(c.id);
    }
  };
  walk(root.id);
  return out;
}
