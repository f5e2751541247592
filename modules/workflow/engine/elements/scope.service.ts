/**
 * Scopes: cancelling tokens with everything hanging on them (child tokens, open tasks, timers,
 * incidents, called instances), and BPMN errors travelling up the scopes to the nearest
 * boundary error event that catches them.
 */
import {
  cancelTasksOf,
  cancelTimersOf,
  openIncidentsOfToken,
  resolveIncidents,
  type TokenRow,
} from "../engine.repo.ts";
import { hooks, Step } from "../engine.step.service.ts";
import { deleteExternalTasksOfTokens } from "../../external/external.repo.ts";
import { byCode, findCatch, processScopeOf } from "./catch.service.ts";

/** Cancels the tokens and their subtrees; a called instance is cancelled with its token. */
export async function cancelTokens(s: Step, roots: TokenRow[]) {
  const all = new Map<string, TokenRow>();
  for (const r of roots) {
    if (!s.tokens.has(r.id)) continue;
    all.set(r.id, r);
    for (const c of s.subtree(r)) all.set(c.id, c);
  }
  if (!all.size) return;
  const ids = [...all.keys()];
  await cancelTasksOf(s.sql, ids);
  await cancelTimersOf(s.sql, ids);
  await deleteExternalTasksOfTokens(s.sql, ids);
  for (const t of all.values()) {
    if (t.state === "incident") {
      const n = await resolveIncidentsOfToken(s, t);
      s.instance.incidentCount = Math.max(0, s.instance.incidentCount - n);
    }
    const child = t.vars.childInstanceId;
    if (typeof child === "string" && t.state === "waiting") await cancelCalled(s, child);
    await s.setState(t, "cancelled");
    s.record(t, "element.cancelled");
  }
}

async function resolveIncidentsOfToken(s: Step, t: TokenRow): Promise<number> {
  const rows = await openIncidentsOfToken(s.sql, t.id);
  let n = 0;
  for (const r of rows) {
    n += await resolveIncidents(s.sql, { id: r.id }, "cancelled", s.actor.session.userId ?? null);
  }
  return n;
}

/** A called (child) instance ends with the call activity that waits for it. */
export async function cancelCalled(s: Step, childId: string) {
  const child = await Step.open(s.actor, childId);
  if (!child || (child.instance.state !== "active" && child.instance.state !== "suspended")) return;
  await cancelTokens(child, [...child.tokens.values()]);
  await resolveIncidents(child.sql, { instanceId: childId }, "cancelled", null);
  child.instance.incidentCount = 0;
  child.markEnded("cancelled");
  child.record(null, "process.cancelled", { reason: "parent" });
  await child.run();
}

/**
 * Throws a BPMN error from token `t` (from its element itself when `includeSelf`, e.g. a failed
 * service task; from its enclosing scope for an error end event). True when it was caught: by a
 * boundary event (the activity it sits on is cancelled and the boundary's path starts) or by an
 * error event subprocess of an enclosing scope (always interrupting: the scope's other work is
 * cancelled and the event subprocess runs).
 */
export async function throwError(
  s: Step,
  { token: t, code, includeSelf }: {
    token: TokenRow;
    code: string | undefined;
    includeSelf: boolean;
  },
): Promise<boolean> {
  const caught = findCatch(s, t, includeSelf, (c) => byCode(c, "error", code));
  if (!caught) return false;
  const by = "boundary" in caught ? caught.boundary : caught.start;
  s.record(t, "error.thrown", { errorCode: code ?? null, caughtBy: by.id });
  const cur = "boundary" in caught ? caught.on : null;
  if (t.id !== cur?.id && s.tokens.has(t.id)) {
    await s.setState(t, "done");
    s.record(t, "element.completed");
  }
  if ("start" in caught) {
    // Error starts always interrupt (eventsub.service.ts fills the hook).
    await hooks.startEventSubprocess?.(
      s,
      caught.scope ?? processScopeOf(s),
      caught.start.id,
      true,
      {},
    );
    return true;
  }
  await cancelTokens(s, [caught.on]);
  await s.spawn(caught.boundary.id, caught.on.parentTokenId);
  return true;
}

hooks.cancelToken = (s, t) => cancelTokens(s, [t]);
