/**
 * Process instance modification (Camunda 7's `POST /process-instance/{id}/modification`): an
 * operator starts tokens before or after an activity and cancels activity instances (tokens),
 * all in one step of the instance (it is locked). Instructions apply in order; the first one
 * that cannot be applied throws an EngineError (422 naming the element) and, as the caller's
 * transaction rolls back, nothing of the modification stays.
 *
 * Scopes: a token started inside a subprocess needs the subprocess's scope token. When exactly
 * one is live it is used (or the one named by `ancestorActivityInstanceId`); when none is live
 * the missing scopes are instantiated (without running their start events), as Camunda does.
 * A multi-instance subprocess is never instantiated this way (its items are unknown).
 * After the instructions, scopes left empty by cancellation are cancelled too, and when no
 * token is left the instance ends as `cancelled` (Camunda: externally terminated).
 */
import type { Actor } from "../../../shared/http/actor.ts";
import type { ElementDef } from "../common/model.lib.ts";
import { EngineError } from "./engine.types.lib.ts";
import { resolveIncidents, type TokenRow, type Vars } from "./engine.repo.ts";
import { hooks, Step } from "./engine.step.service.ts";
import "./elements/elements.service.ts";
import { cancelTokens } from "./elements/scope.service.ts";

export type ModificationInstruction =
  | {
    type: "startBeforeActivity" | "startAfterActivity";
    activityId: string;
    /** The scope token to start in, when several instances of the enclosing scope are live. */
    ancestorActivityInstanceId?: string;
    /** Written as process variables before the token starts. */
    variables?: Vars;
  }
  | { type: "cancel"; activityInstanceId?: string; activityId?: string };

export interface ModificationResult {
  instanceId: string;
  started: { tokenId: string; elementId: string }[];
  cancelled: string[];
  /** The state the instance is in afterwards. */
  state: string;
}

/** An element as people know it: its name, else its id (the message may reach a page). */
const named = (el: ElementDef) => `"${el.name || el.id}"`;

/** Applies the instructions in one step of the instance. */
export async function modifyInstance(
  actor: Actor,
  { instanceId, instructions, annotation }: {
    instanceId: string;
    instructions: ModificationInstruction[];
    annotation?: string;
  },
): Promise<ModificationResult> {
  const s = await Step.open(actor, instanceId);
  if (!s) throw new EngineError(404, "process instance not found");
  if (s.instance.state === "suspended") {
    throw new EngineError(409, "the process is suspended: resume it before modifying it");
  }
  if (!s.active) throw new EngineError(409, "the process has already ended");
  if (!instructions.length) throw new EngineError(422, "give at least one instruction");
  const result: ModificationResult = { instanceId, started: [], cancelled: [], state: "active" };
  for (const [i, ins] of instructions.entries()) {
    if (ins.type === "cancel") {
      result.cancelled.push(...await cancelInstruction(s, ins, i));
    } else {
      const t = await startInstruction(s, ins, i);
      result.started.push({ tokenId: t.id, elementId: t.elementId });
    }
  }
  await cancelEmptyScopes(s);
  s.record(null, "process.modified", {
    instructions: instructions.map(describe),
    annotation: annotation ?? null,
  });
  if (![...s.tokens.values()].length) {
    await resolveIncidents(actor.sql, { instanceId }, "cancelled", actor.session.userId);
    s.instance.incidentCount = 0;
    s.markEnded("cancelled");
    s.record(null, "process.cancelled", { reason: "modification" });
  }
  await s.run();
  result.state = s.instance.state;
  return result;
}

/** What history keeps of an instruction (no variable values: they may be personal data). */
function describe(ins: ModificationInstruction) {
  if (ins.type === "cancel") {
    return {
      type: ins.type,
      activityId: ins.activityId,
      activityInstanceId: ins.activityInstanceId,
    };
  }
  return {
    type: ins.type,
    activityId: ins.activityId,
    variables: Object.keys(ins.variables ?? {}),
  };
}

async function cancelInstruction(
  s: Step,
  ins: Extract<ModificationInstruction, { type: "cancel" }>,
  index: number,
): Promise<string[]> {
  if (ins.activityInstanceId) {
    const t = s.tokens.get(ins.activityInstanceId);
    if (!t) {
      throw new EngineError(
        422,
        `instruction ${index + 1}: no live activity instance ${ins.activityInstanceId}`,
      );
    }
    await cancelTokens(s, [t]);
    return [t.id];
  }
  if (!ins.activityId) {
    throw new EngineError(422, `instruction ${index + 1}: say which activity to cancel`);
  }
  const el = elementOr422(s, ins.activityId, index);
  // The outermost tokens at the activity (a multi-instance body takes its children with it).
  const at = [...s.tokens.values()].filter((t) => t.elementId === el.id);
  const roots = at.filter((t) => !at.some((o) => o.id === t.parentTokenId));
  if (!roots.length) {
    throw new EngineError(422, `instruction ${index + 1}: nothing is active at ${named(el)}`);
  }
  await cancelTokens(s, roots);
  return roots.map((t) => t.id);
}

function elementOr422(s: Step, id: string, index: number): ElementDef {
  const el = s.model.elements[id];
  if (!el) {
    throw new EngineError(422, `instruction ${index + 1}: the process has no element "${id}"`);
  }
  return el;
}

async function startInstruction(
  s: Step,
  ins: Extract<ModificationInstruction, { type: "startBeforeActivity" | "startAfterActivity" }>,
  index: number,
): Promise<TokenRow> {
  const el = elementOr422(s, ins.activityId, index);
  let target = el;
  let viaFlow: string | null = null;
  if (ins.type === "startAfterActivity") {
    if (el.outgoing.length !== 1) {
      throw new EngineError(
        422,
        `instruction ${index + 1}: ${
          named(el)
        } must have exactly one outgoing flow to start after it`,
      );
    }
    viaFlow = el.outgoing[0];
    target = s.el(s.model.flows[viaFlow].target);
  }
  const parent = await scopeFor(s, target, ins.ancestorActivityInstanceId, index);
  s.setVars(ins.variables ?? {});
  return await s.spawn(target.id, parent?.id ?? null, { viaFlow });
}

/**
 * The scope token a new token at `el` lives in: null at process level; an existing scope token
 * of its subprocess; or one instantiated (with its own enclosing scopes) for the purpose.
 */
async function scopeFor(
  s: Step,
  el: ElementDef,
  ancestorId: string | undefined,
  index: number,
): Promise<TokenRow | null> {
  if (!el.parent) return null;
  const scopeEl = s.el(el.parent);
  const live = [...s.tokens.values()].filter((t) =>
    t.elementId === scopeEl.id && t.state === "scope" &&
    // Inside a multi-instance subprocess the scope of an element is one child, not the body.
    (scopeEl.loop ? t.loopIndex !== null : true)
  );
  if (ancestorId) {
    const chosen = live.find((t) => t.id === ancestorId);
    if (chosen) return chosen;
    // The named ancestor may sit further out: instantiate the scopes in between under it.
    if (!s.tokens.has(ancestorId)) {
      throw new EngineError(422, `instruction ${index + 1}: no live scope ${ancestorId}`);
    }
  } else if (live.length === 1) return live[0];
  else if (live.length > 1) {
    throw new EngineError(
      422,
      `instruction ${index + 1}: ${named(scopeEl)} is active more than once; ` +
        "name the one to start in (ancestorActivityInstanceId)",
    );
  }
  if (scopeEl.type !== "subProcess" || scopeEl.loop) {
    throw new EngineError(
      422,
      `instruction ${index + 1}: ${named(el)} is not inside a scope that can be started ` +
        `(${named(scopeEl)} is not active)`,
    );
  }
  const outer = await scopeFor(s, scopeEl, ancestorId, index);
  if (ancestorId && outer?.id !== ancestorId && !isBelow(s, outer, ancestorId)) {
    throw new EngineError(
      422,
      `instruction ${index + 1}: ${named(el)} is not inside the scope ${ancestorId}`,
    );
  }
  const scope = await s.spawn(scopeEl.id, outer?.id ?? null);
  s.record(scope, "element.started");
  await s.setState(scope, "scope");
  await hooks.armBoundaries?.(s, scope, scopeEl);
  // Its event subprocesses listen from now on, as when the subprocess starts by its flow.
  await hooks.scopeStarted?.(s, scope);
  return scope;
}

function isBelow(s: Step, t: TokenRow | null, ancestorId: string): boolean {
  for (let cur = t; cur; cur = s.parentOf(cur)) if (cur.id === ancestorId) return true;
  return false;
}

/** Scopes whose last child was cancelled are cancelled too, innermost first. */
async function cancelEmptyScopes(s: Step) {
  for (let changed = true; changed;) {
    changed = false;
    for (const t of [...s.tokens.values()]) {
      if (t.state === "scope" && !s.childrenOf(t.id).length) {
        await cancelTokens(s, [t]);
        changed = true;
      }
    }
  }
}
