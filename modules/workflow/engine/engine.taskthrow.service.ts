/**
 * BPMN events raised from a user task by the person working on it (Camunda 7's
 * TaskService.handleBpmnError / handleEscalation, which the embedded task forms of its examples
 * call): the error or escalation is thrown from the task's activity and caught by a boundary
 * event on it (or an enclosing scope's catcher). An interrupting catcher cancels the task; a
 * non-interrupting escalation leaves it open. Nothing catches it → 422 and nothing changes.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import type { Vars } from "./engine.repo.ts";
import { Step } from "./engine.step.service.ts";
import { EngineError } from "./engine.types.lib.ts";
import { byCode, findCatch } from "./elements/catch.service.ts";
import { escalate } from "./elements/escalation.service.ts";
import { throwError } from "./elements/scope.service.ts";
import "./elements/elements.service.ts";

export interface TaskThrow {
  task: { id: string; instanceId: string; tokenId: string };
  kind: "error" | "escalation";
  code: string;
  variables?: Vars;
}

/** Throws from the task; answers the element that caught it. */
export async function throwFromTask(
  actor: Actor,
  { task, kind, code, variables = {} }: TaskThrow,
): Promise<{ caughtBy: string }> {
  const s = await Step.open(actor, task.instanceId);
  if (!s) throw new EngineError(404, "process instance not found");
  if (!s.active) throw new EngineError(409, "the process is not running");
  const t = s.tokens.get(task.tokenId);
  if (!t || t.state !== "waiting" || s.el(t.elementId).type !== "userTask") {
    throw new EngineError(409, "the task's process has moved on");
  }
  const caught = findCatch(s, t, true, (c) => byCode(c, kind, code));
  if (!caught) {
    throw new EngineError(422, `no ${kind} event catches ${code} at ${s.el(t.elementId).id}`);
  }
  s.setVars(variables, t);
  if (kind === "error") await throwError(s, { token: t, code, includeSelf: true });
  else await escalate(s, { from: t, includeSelf: true, code, thrower: null });
  await s.run();
  return { caughtBy: "boundary" in caught ? caught.boundary.id : caught.start.id };
}
