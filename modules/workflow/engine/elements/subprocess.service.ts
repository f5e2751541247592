/**
 * Embedded subprocess: the token becomes a scope and a child token starts at the subprocess's
 * none start event; the scope leaves once nothing lives in it (Step.afterEnd).
 * Call activity: a child instance of the latest version of `calledElement` starts with a copy
 * of the variables; its completion resumes the waiting token (in a step of the parent); a BPMN
 * error it ends with is thrown from the call activity.
 */
import { noneStartOf } from "../engine.rules.ts";
import { calledInstanceEnd, findDefinition, type TokenRow, versionModel } from "../engine.repo.ts";
import { ElementError, hooks, type Step } from "../engine.step.service.ts";
import { defineBehaviour } from "../engine.step.service.ts";
import { createInstance } from "../engine.start.service.ts";
import { throwError } from "./scope.service.ts";

defineBehaviour(["subProcess"], async (s, t, el) => {
  const start = noneStartOf(s.model, el.id);
  if (!start) throw new ElementError("configuration", `subprocess ${el.id} has no start event`);
  await s.setState(t, "scope");
  await s.spawn(start.id, t.id);
  await hooks.scopeStarted?.(s, t);
});

defineBehaviour(["callActivity"], async (s, t, el) => {
  if (!el.calledElement) {
    throw new ElementError("configuration", `call activity ${el.id} calls nothing`);
  }
  const def = await findDefinition(s.sql, { key: el.calledElement });
  if (!def || def.latestVersion < 1) {
    throw new ElementError("configuration", `no deployed process with key ${el.calledElement}`);
  }
  // The called process loads its own globals; they are never copied into its variables.
  const { starter: _starter, globals: _globals, ...vars } = s.varsOf(t);
  const child = await createInstance(s.actor, {
    definition: def,
    version: def.latestVersion,
    variables: vars,
    startedBy: s.instance.startedBy,
    parent: { instanceId: s.instance.id, tokenId: t.id },
    businessKey: s.instance.businessKey,
  });
  t.vars = { ...t.vars, childInstanceId: child.id };
  await s.setState(t, "waiting");
  s.record(t, "call.started", { childInstanceId: child.id });
});

/** The called instance ended: its variables come back and the call activity completes. */
export async function calledEnded(
  s: Step,
  { token: t, childId }: { token: TokenRow; childId: string },
) {
  if (t.state !== "waiting" || t.vars.childInstanceId !== childId) return;
  const child = await calledInstanceEnd(s.sql, childId);
  if (!child) return;
  const endEl = child.endElementId
    ? (await versionModel(s.sql, child.versionId)).elements[child.endElementId]
    : undefined;
  if (child.state === "terminated" && endEl?.event?.kind === "error") {
    // A BPMN error thrown in the called process: caught by a boundary of the call activity (or
    // of a scope around it), else an incident on the call activity.
    const code = endEl.event.errorCode;
    if (await throwError(s, { token: t, code, includeSelf: true })) return;
    const name = code ? `BPMN error ${code}` : "A BPMN error";
    return await s.incident(t, "uncaught-error", `${name} of the called process was not caught`);
  }
  if (child.state !== "completed" && child.state !== "terminated") {
    return await s.incident(t, "call", `the called process ended ${child.state}`);
  }
  const { starter: _starter, ...vars } = JSON.parse(child.variablesJson);
  s.setVars(vars, t);
  await s.leave(t);
}
