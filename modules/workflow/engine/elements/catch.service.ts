/**
 * Where a thrown BPMN error or escalation is caught (Camunda 7 / BPMN 2.0): from the throwing
 * token outwards, boundary events and event subprocess starts, by code before catch-all. Pure
 * questions over the model and the step's tokens (no writes), shared by errors (scope.service),
 * escalation, event subprocesses and the tasks API's throws.
 */
import type { ElementDef, ProcessModel } from "../../common/model.lib.ts";
import { boundariesOf } from "../engine.rules.ts";
import type { TokenRow } from "../engine.repo.ts";
import type { Step } from "../engine.step.service.ts";

const starts = new WeakMap<ProcessModel, Map<string | null, ElementDef[]>>();

/** The start events of the event subprocesses drawn directly in a scope (null: the process). */
export function eventSubprocessStarts(model: ProcessModel, scope: string | null): ElementDef[] {
  let byScope = starts.get(model);
  if (!byScope) {
    byScope = new Map();
    for (const e of Object.values(model.elements)) {
      const sub = e.type === "startEvent" && e.parent ? model.elements[e.parent] : undefined;
      if (!sub?.triggeredByEvent) continue;
      const list = byScope.get(sub.parent) ?? [];
      list.push(e);
      byScope.set(sub.parent, list);
    }
    starts.set(model, byScope);
  }
  return byScope.get(scope) ?? [];
}

/** Whether a token is an instance of a scope (not the body of a multi-instance activity). */
export function isScopeInstance(s: Step, t: TokenRow): boolean {
  return t.state === "scope" && !(s.el(t.elementId).loop && t.loopIndex === null);
}

/** Where a thrown error or escalation is caught: a boundary event, or an event subprocess. */
export type Catch =
  | { boundary: ElementDef; on: TokenRow }
  | { start: ElementDef; scope: TokenRow | null };

/** The catcher with exactly this code, else a catch-all one (BPMN's precedence). */
export function byCode(
  candidates: ElementDef[],
  kind: "error" | "escalation",
  code: string | undefined,
): ElementDef | null {
  const codeOf = (e: ElementDef) =>
    e.event?.kind === "error"
      ? e.event.errorCode
      : e.event?.kind === "escalation"
      ? e.event.escalationCode
      : undefined;
  const of = candidates.filter((e) => e.event?.kind === kind);
  return of.find((e) => code !== undefined && codeOf(e) === code) ??
    of.find((e) => !codeOf(e)) ?? null;
}

/**
 * Walks from token `t` outwards: boundary events of `t` itself (when `includeSelf`), then at
 * each enclosing scope first its event subprocesses, then the boundary events on it. An event
 * subprocess's own throw skips its siblings (its scope is already being handled).
 */
export function findCatch(
  s: Step,
  t: TokenRow,
  includeSelf: boolean,
  pick: (candidates: ElementDef[]) => ElementDef | null,
): Catch | null {
  let cur = t;
  let self = includeSelf;
  while (true) {
    // A multi-instance child's boundaries belong to its multi-instance body (its parent).
    if (self && cur.loopIndex === null) {
      const b = pick(boundariesOf(s.model, cur.elementId));
      if (b) return { boundary: b, on: cur };
    }
    self = true;
    const parent = s.parentOf(cur);
    const fromEventSub = s.model.elements[cur.elementId]?.triggeredByEvent === true;
    if (!fromEventSub && (!parent || isScopeInstance(s, parent))) {
      const start = pick(eventSubprocessStarts(s.model, parent?.elementId ?? null));
      if (start) return { start, scope: parent };
    }
    if (!parent) return null;
    cur = parent;
  }
}

/** The process scope as a token row (it has none), for hooks that take a scope token. */
export const processScopeOf = (s: Step): TokenRow => ({
  id: s.instance.id,
  instanceId: s.instance.id,
  elementId: s.model.id,
  state: "scope",
  parentTokenId: null,
  loopIndex: null,
  vars: {},
  viaFlow: null,
});
