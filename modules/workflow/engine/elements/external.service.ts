/**
 * External tasks in the interpreter (Camunda 7's model): a token whose element names a topic
 * for external workers waits, and its row in workflow_external_tasks is what workers fetch
 * (modules/workflow/external/). The worker's answer resumes the token in a step of its
 * instance: complete (variables, then on), a failure with no retries left (an incident on the
 * token), or a BPMN error (thrown from the task, caught by a boundary error event).
 */
import { uuidv7 } from "uuidv7";
import type { ElementDef } from "../../common/model.lib.ts";
import { attribute, parameter } from "../engine.feel.lib.ts";
import { definitionKeyOf, type TokenRow, type Vars } from "../engine.repo.ts";
import { ElementError, type Step } from "../engine.step.service.ts";
import { throwError } from "./scope.service.ts";
import { mayLeaveAfterConditions } from "./subscriptions.service.ts";
import {
  deleteExternalTask,
  type ExternalTaskRow,
  upsertExternalTask,
} from "../../external/external.repo.ts";
import { EXTERNAL_CHANNEL } from "../../external/external.rules.ts";

/** The token waits for a worker; `inputs` (input mappings) become the token's own variables. */
export async function waitForWorker(
  s: Step,
  t: TokenRow,
  el: ElementDef,
  { topic, priority, inputs }: { topic: string; priority?: string; inputs: Vars },
) {
  const vars = s.varsOf(t);
  let rank = 0;
  if (priority) {
    const value = Number(attribute(priority, vars));
    if (!Number.isFinite(value)) {
      throw new ElementError("configuration", `the task priority of ${el.id} is not a number`);
    }
    rank = Math.trunc(value);
  }
  if (Object.keys(inputs).length) t.vars = { ...t.vars, ...inputs };
  const id = await upsertExternalTask(s.sql, {
    id: uuidv7(),
    instanceId: s.instance.id,
    tokenId: t.id,
    elementId: el.id,
    activityName: el.name,
    definitionId: s.instance.definitionId,
    definitionKey: await definitionKeyOf(s.sql, s.instance.definitionId) ?? "",
    businessKey: s.instance.businessKey,
    topic,
    priority: rank,
  });
  s.record(t, "external.created", { externalTaskId: id, topic });
  await s.setState(t, "waiting");
  // Long-polling workers of this tenant wake up once the step commits.
  await s.actor.bus.publish(s.sql, EXTERNAL_CHANNEL, { tenantId: s.actor.session.tenantId, topic });
}

/** Output mappings see the variables plus the worker's (also as `result`). */
function applyOutputs(s: Step, t: TokenRow, el: ElementDef, given: Vars) {
  const outputs = el.io?.outputs ?? [];
  if (!outputs.length) return s.setVars(given, t);
  const vars = { ...s.varsOf(t), ...given, result: given };
  const values: Vars = {};
  for (const p of outputs) values[p.name] = parameter(p.expression, vars);
  s.setVars(values, t);
}

/** The worker completed the task: its variables are written and the token moves on. */
export async function workerCompleted(
  s: Step,
  { token: t, task, variables }: { token: TokenRow; task: ExternalTaskRow; variables: Vars },
) {
  await deleteExternalTask(s.sql, task.id);
  s.record(t, "external.completed", { externalTaskId: task.id, workerId: task.workerId });
  // A multi-instance child keeps its own answer too (its completion condition reads it).
  if (t.loopIndex !== null) t.vars = { ...t.vars, ...variables };
  try {
    applyOutputs(s, t, s.el(t.elementId), variables);
  } catch (err) {
    return await s.incident(t, "expression", (err as Error).message);
  }
  if (await mayLeaveAfterConditions(s, t)) await s.leave(t);
}

/** No retries left: an incident on the token; retrying it makes the task fetchable again. */
export async function workerGaveUp(
  s: Step,
  { token: t, task, message }: { token: TokenRow; task: ExternalTaskRow; message: string },
) {
  s.record(t, "external.failed", { externalTaskId: task.id, workerId: task.workerId });
  await s.incident(t, "external", message);
}

/**
 * A BPMN error from the worker: the variables are written, then the error is thrown from the
 * task itself (its boundary error events first, then the enclosing scopes'). Uncaught, it is
 * an incident naming the code.
 */
export async function workerThrewError(
  s: Step,
  { token: t, task, code, message, variables }: {
    token: TokenRow;
    task: ExternalTaskRow;
    code: string;
    message: string | null;
    variables: Vars;
  },
) {
  s.record(t, "external.bpmn-error", {
    externalTaskId: task.id,
    workerId: task.workerId,
    errorCode: code,
  });
  s.setVars(variables, t);
  await deleteExternalTask(s.sql, task.id);
  if (await throwError(s, { token: t, code, includeSelf: true })) return;
  await s.incident(
    t,
    "bpmn-error",
    `the error ${code} was not caught${message ? `: ${message}` : ""}`,
  );
}
