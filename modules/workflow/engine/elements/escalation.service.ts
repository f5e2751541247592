/**
 * Escalation (BPMN 2.0, Camunda 7 semantics): an intermediate throw or end event with an
 * escalation code is caught by the nearest escalation boundary event on an enclosing
 * subprocess or call activity, or by an escalation event subprocess start of an enclosing scope
 * — the one with the same code, else a catch-all one. Interrupting catchers end the scope they
 * guard and the throwing path with it; non-interrupting ones start beside it and the throw
 * event completes like a none event. An uncaught escalation does nothing (no incident, as in
 * Camunda); in a called process it travels on to the parent's call activity, in a step of the
 * parent (locks are taken parent → child only), while the child goes on.
 */
import { enqueue } from "../../../../shared/jobs/queue.ts";
import { STEP_JOB } from "../../common/model.lib.ts";
import type { TokenRow } from "../engine.repo.ts";
import { defineBehaviour, type Step } from "../engine.step.service.ts";
import { byCode, findCatch } from "./catch.service.ts";
import { startEventSubprocess } from "./eventsub.service.ts";
import { cancelTokens } from "./scope.service.ts";

/**
 * Throws escalation `code` from `from` (its own boundaries too when `includeSelf`). `thrower`
 * is the throw event's token, completed when an interrupting catcher ends its path (then the
 * answer is "interrupted"); otherwise the thrower goes on.
 */
export async function escalate(
  s: Step,
  { from, includeSelf, code, thrower }: {
    from: TokenRow;
    includeSelf: boolean;
    code: string | undefined;
    thrower: TokenRow | null;
  },
): Promise<"interrupted" | "beside" | "uncaught"> {
  const caught = findCatch(s, from, includeSelf, (c) => byCode(c, "escalation", code));
  const by = caught ? ("boundary" in caught ? caught.boundary : caught.start) : null;
  s.record(from, "escalation.thrown", { escalationCode: code ?? null, caughtBy: by?.id ?? null });
  if (!caught || !by) {
    if (thrower) await toParent(s, code);
    return "uncaught";
  }
  const interrupting = by.cancelActivity !== false;
  if (interrupting && thrower) {
    await s.setState(thrower, "done");
    s.record(thrower, "element.completed");
  }
  if ("start" in caught) {
    await startEventSubprocess(s, caught.scope, caught.start.id, interrupting);
  } else {
    if (interrupting) await cancelTokens(s, [caught.on]);
    await s.spawn(caught.boundary.id, caught.on.parentTokenId);
  }
  return interrupting ? "interrupted" : "beside";
}

/** Uncaught in a called process: the parent's call activity throws it in the parent's step. */
async function toParent(s: Step, code: string | undefined) {
  const { parentInstanceId, parentTokenId, id } = s.instance;
  if (!parentInstanceId || !parentTokenId) return;
  await enqueue(s.sql, STEP_JOB, {
    payload: {
      instanceId: parentInstanceId,
      tokenId: parentTokenId,
      childInstanceId: id,
      escalation: { code: code ?? null },
    },
    serialKey: `wf:${parentInstanceId}`,
    maxAttempts: 10,
    backoffSeconds: 5,
  });
}

/** The escalation a called instance did not catch, thrown from its waiting call activity. */
export async function escalatedFromChild(
  s: Step,
  { token: t, childId, code }: { token: TokenRow; childId: string; code: string | null },
) {
  if (t.state !== "waiting" || t.vars.childInstanceId !== childId) return;
  await escalate(s, { from: t, includeSelf: true, code: code ?? undefined, thrower: null });
}

const codeOf = (s: Step, t: TokenRow) => {
  const e = s.el(t.elementId).event;
  return e?.kind === "escalation" ? e.escalationCode : undefined;
};

const throwing = (s: Step, t: TokenRow) =>
  escalate(s, { from: t, includeSelf: false, code: codeOf(s, t), thrower: t });

defineBehaviour(["intermediateThrowEvent:escalation"], async (s, t) => {
  if (await throwing(s, t) === "interrupted") return;
  await s.leave(t);
});

defineBehaviour(["endEvent:escalation"], async (s, t) => {
  if (await throwing(s, t) === "interrupted") return;
  await s.setState(t, "done");
  s.record(t, "element.completed");
  await s.afterEnd(t);
});
