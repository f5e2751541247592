/**
 * Tasks: none task (passes), user task (a task row through insertTask; the token waits for
 * continueAfterTask), script task (FEEL or sandboxed JavaScript), send task (an e-mail through
 * the outbox) and service task (a platform operation called as the process starter, an
 * Automation agent run the token waits for, or an external task a worker fetches: also for send
 * tasks and message throw events with camunda:type="external").
 */
import { insertTask } from "../../tasks/tasks.create.service.ts";
import { pinnedForm } from "../../forms/forms.pins.service.ts";
import { runDataOperation } from "../../data/data.operations.service.ts";
import { isDataOperation } from "../../data/data.rules.ts";
import { queueMail } from "../../../../platform/notifications/public.ts";
import { memberPermissions } from "../../../../platform/identity/public.ts";
import { callOperation, queueAgentRun } from "../../../automation/public.ts";
import type { ElementDef } from "../../common/model.lib.ts";
import { attribute, feel, parameter } from "../engine.feel.lib.ts";
import { withDataQueries } from "../../queries/queries.feel.service.ts";
import { commaList, fillTemplate, taskPriority } from "../engine.rules.ts";
import { memberIdOf, type TokenRow, type Vars } from "../engine.repo.ts";
import { runScript } from "../engine.script.lib.ts";
import { dueDateOf } from "../engine.timers.lib.ts";
import { ElementError, type Step } from "../engine.step.service.ts";
import { defineBehaviour } from "../engine.step.service.ts";
import { throwError } from "./scope.service.ts";
import { waitForWorker } from "./external.service.ts";

defineBehaviour(["task"], async (s, t, el) => {
  applyOutputs(s, t, el, null);
  await s.leave(t);
});

/** Values of a list attribute: each entry a literal or an expression giving one or many. */
function listOf(entries: string[] | undefined, vars: Vars): string[] {
  return commaList(entries).flatMap((e) => {
    const v = attribute(e, vars);
    return Array.isArray(v) ? v.map(String) : v === null || v === "" ? [] : commaList(String(v));
  });
}

defineBehaviour(["userTask"], async (s, t, el) => {
  const vars = s.varsOf(t);
  let assignee: string | null = null;
  if (el.assignee?.trim()) {
    const who = attribute(el.assignee, vars);
    if (who !== null && who !== "") {
      assignee = await memberIdOf(s.sql, String(who));
      if (!assignee) s.record(t, "task.assignee-unknown", { assignee: String(who) });
    }
  }
  const candidateUsers: string[] = [];
  for (const who of listOf(el.candidateUsers, vars)) {
    const id = await memberIdOf(s.sql, who);
    if (id) candidateUsers.push(id);
  }
  const { id } = await insertTask(s.actor, {
    instanceId: s.instance.id,
    tokenId: t.id,
    definitionId: s.instance.definitionId,
    elementId: el.id,
    name: el.name || el.id,
    description: s.instance.name,
    assignee,
    candidateUsers,
    candidateRoles: listOf(el.candidateGroups, vars),
    priority: taskPriority(el.priority ? attribute(el.priority, vars) : null),
    dueAt: dueDateOf(el.dueDate, vars),
    followUpAt: dueDateOf(el.followUpDate, vars),
    formKey: el.formKey ?? null,
    // An embedded field list, else the form-js form this version pinned for the formKey.
    form: el.formFields?.length
      ? el.formFields
      : await pinnedForm(s.actor, { versionId: s.instance.versionId, formKey: el.formKey }),
  });
  s.record(t, "task.created", { taskId: id });
  await s.setState(t, "waiting");
});

defineBehaviour(["scriptTask"], async (s, t, el) => {
  if (!el.script) throw new ElementError("configuration", `script task ${el.id} has no script`);
  const body = el.script.language === "feel" ? el.script.body.replace(/^\s*=/, "") : null;
  const vars = await withDataQueries(s.actor, { vars: s.varsOf(t), texts: [body], evaluate: feel });
  const result = body !== null ? feel(body, vars) : await runScript(el.script.body, vars);
  if (el.script.resultVariable) s.setVars({ [el.script.resultVariable]: result }, t);
  applyOutputs(s, t, el, result);
  await s.leave(t);
});

/** The element's input parameters as an object (FEEL `=x` evaluated, literals as written). */
function inputsOf(el: ElementDef, vars: Vars): Vars {
  const out: Vars = {};
  for (const p of el.io?.inputs ?? []) out[p.name] = parameter(p.expression, vars);
  return out;
}

/** Output parameters: FEEL over the variables plus `result`, written to the process. */
function applyOutputs(s: Step, t: TokenRow, el: ElementDef, result: unknown) {
  const outputs = el.io?.outputs ?? [];
  if (!outputs.length) return;
  const vars = { ...s.varsOf(t), result };
  const values: Vars = {};
  for (const p of outputs) values[p.name] = parameter(p.expression, vars);
  s.setVars(values, t);
}

defineBehaviour(["sendTask"], async (s, t, el) => {
  // camunda:type="external": an external task, an agent or an operation, like a service task.
  if (el.service) return await runService(s, t, el);
  const vars = s.varsOf(t);
  const inputs = inputsOf(el, vars);
  const pick = (k: "to" | "subject" | "body") => String(inputs[k] ?? el.mail?.[k] ?? "");
  const to = fillTemplate(pick("to"), vars).trim();
  if (!to) throw new ElementError("configuration", `send task ${el.id} has no recipient`);
  const subject = fillTemplate(pick("subject"), vars);
  const text = fillTemplate(pick("body"), vars);
  for (const address of commaList(to)) {
    try {
      await queueMail(s, { to: address, subject, text });
    } catch (err) {
      throw new ElementError("mail", (err as Error).message);
    }
  }
  s.record(t, "mail.queued", { to: commaList(to) });
  await s.leave(t);
});

/** Service tasks, external send tasks and message throw events: what their topic names. */
async function runService(s: Step, t: TokenRow, el: ElementDef) {
  const service = el.service;
  if (!service) return await s.leave(t);
  const vars = s.varsOf(t);
  if (service.kind === "external") {
    return await waitForWorker(s, t, el, { ...service, inputs: inputsOf(el, vars) });
  }
  const input = service.input ? parameter(service.input, vars) : inputsOf(el, vars);
  if (service.kind === "agent") {
    const run = await queueAgentRun({ sql: s.sql, bus: s.actor.bus }, {
      agent: service.agent,
      input,
      createdBy: s.instance.startedBy,
    });
    if (!run) throw new ElementError("configuration", `no agent named ${service.agent}`);
    if (run.status !== "queued") {
      throw new ElementError("agent", `the agent ${service.agent} did not run (${run.status})`);
    }
    t.vars = { ...t.vars, runId: run.runId };
    s.record(t, "agent.run-queued", { runId: run.runId });
    return await s.setState(t, "waiting");
  }
  const starter = s.instance.startedBy;
  const grants = starter ? await memberPermissions(s.sql, starter) ?? [] : [];
  const actor = {
    ...s.actor,
    session: { ...s.actor.session, userId: starter ?? s.actor.session.userId },
  };
  let result: unknown;
  try {
    // Data-model operations run in workflow itself, as the process (history names the
    // instance); whoever deployed the definition decided what its processes write.
    result = isDataOperation(service.operation)
      ? await runDataOperation(s.actor, {
        op: service.operation,
        input,
        ctx: { instanceId: s.instance.id },
      })
      : await callOperation(actor, { grants, op: service.operation, input });
  } catch (err) {
    if ((err as Error)?.constructor?.name === "PostgresError") throw err;
    // A boundary error event on the task (catch-all) takes the failure as a BPMN error.
    if (await throwError(s, { token: t, code: undefined, includeSelf: true })) return;
    throw new ElementError("operation", (err as Error)?.message ?? String(err));
  }
  applyOutputs(s, t, el, result);
  await s.leave(t);
}

defineBehaviour(["serviceTask"], runService);
// A message throw event is sent by what its definition names (it has no e-mail form).
defineBehaviour(["intermediateThrowEvent:message", "endEvent:message"], runService);

/** An agent run the token waited for has ended: its result flows out, a failure is an incident. */
export async function agentRunEnded(
  s: Step,
  { token: t, outcome }: {
    token: TokenRow;
    outcome: { status: string; result: unknown; error: string | null };
  },
) {
  const el = s.el(t.elementId);
  if (outcome.status !== "succeeded") {
    if (await throwError(s, { token: t, code: undefined, includeSelf: true })) return;
    return await s.incident(t, "agent", outcome.error ?? `the agent run ${outcome.status}`);
  }
  try {
    applyOutputs(s, t, el, outcome.result);
    await s.leave(t);
  } catch (err) {
    await s.incident(t, "expression", (err as Error).message);
  }
}
