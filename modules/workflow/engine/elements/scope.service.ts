/**
 * Scopes: cancelling tokens with everything hanging on them (child tokens, open tasks, timers,
 * incidents, called instances), and BPMN errors travelling up the scopes to the nearest
 * boundary error event that catches them.
 */
import type { ElementDef } from "../../common/model.lib.ts";
import { boundariesOf } from "../engine.rules.ts";
import {
  cancelTasksOf,
  cancelTimersOf,
  openIncidentsOfToken,
  resolveIncidents,
  type TokenRow,
} from "../engine.repo.ts";
import { hooks, Step } from "../engine.step.service.ts";

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

function catcher(s: Step, activity: string, code: string | undefined): ElementDef | null {
  const errors = boundariesOf(s.model, activity).filter((b) => b.event?.kind === "error");
  const exact = errors.find((b) =>
    b.event?.kind === "error" && b.event.errorCode && b.event.errorCode === code
  );
  return exact ?? errors.find((b) => b.event?.kind === "error" && !b.event.errorCode) ?? null;
}

/**
 * Throws a BPMN error from token `t` (from its element itself when `includeSelf`, e.g. a failed
 * service task; from its enclosing scope for an error end event). True when a boundary caught
 * it: the activity it sits on is cancelled and the boundary's path starts.
 */
export async function throwError(
  s: Step,
  { token: t, code, includeSelf }: {
    token: TokenRow;
    code: string | undefined;
    includeSelf: boolean;
  },
): Promise<boolean> {
  let cur: TokenRow | null = includeSelf ? t : s.parentOf(t);
  while (cur) {
    // A multi-instance child's boundaries belong to its multi-instance body (its parent).
    if (cur.loopIndex === null) {
      const b = catcher(s, cur.elementId, code);
      if (b) {
        s.record(t, "error.thrown", { errorCode: code ?? null, caughtBy: b.id });
        const parent = cur.parentTokenId;
        if (t.id !== cur.id && s.tokens.has(t.id)) {
          await s.setState(t, "done");
          s.record(t, "element.completed");
        }
        await cancelTokens(s, [cur]);
        await s.spawn(b.id, parent);
        return true;
      }
    }
    cur = s.parentOf(cur);
  }
  return false;
}

hooks.cancelToken = (s, t) => cancelTokens(s, [t]);
