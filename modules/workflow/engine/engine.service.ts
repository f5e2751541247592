/**
 * What the rest of the Workflow module asks of the engine. The instances, tasks and migration
 * features call only these; everything else in engine/ is the engine's own business.
 * Every function runs in the caller's tenant-scoped transaction (actor.sql) and locks the
 * instance row it changes (FOR UPDATE), so it is one step of the instance.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { publishWorkflow } from "../events.ts";
import { createInstance } from "./engine.start.service.ts";
import {
  findDefinition,
  incidentById,
  insertTimer,
  markTimer,
  openTimersOfInstance,
  resolveIncidents,
} from "./engine.repo.ts";
import { Step } from "./engine.step.service.ts";
import "./elements/elements.service.ts";
import { cancelTokens } from "./elements/scope.service.ts";
import { mayLeaveAfterConditions } from "./elements/subscriptions.service.ts";
import { queueTimer } from "./elements/events.service.ts";
import { migrate } from "./engine.migrate.service.ts";
import { uuidv7 } from "uuidv7";

export { EngineError } from "./engine.types.lib.ts";
export {
  broadcastSignal,
  correlateMessage,
  setInstanceVariables,
} from "./engine.correlate.service.ts";
export type {
  CorrelateInput,
  CorrelationResult,
  SignalResult,
} from "./engine.correlate.service.ts";
export { armStartTimers, disarmStartTimers } from "./engine.starttimers.service.ts";
export { type TaskThrow, throwFromTask } from "./engine.taskthrow.service.ts";
export {
  type ModificationInstruction,
  type ModificationResult,
  modifyInstance,
} from "./engine.modify.service.ts";
export type { MigrationPlan, MigrationReport, StartInput } from "./engine.types.lib.ts";
import {
  EngineError,
  type MigrationPlan,
  type MigrationReport,
  type StartInput,
} from "./engine.types.lib.ts";

// History events the engine writes (workflow_history.event), for the instance page:
// process.started|completed|terminated|cancelled|suspended|resumed|migrated,
// element.started|completed|cancelled (one of each per token; a token is one visit of one
// element), variables.changed {names}, task.created {taskId}, task.completed {taskId},
// timer.fired {timerId}, incident.opened {incidentId, kind, message},
// incident.resolved {incidentId, resolution}, error.thrown {errorCode, caughtBy},
// call.started {childInstanceId}, agent.run-queued {runId}, mail.queued {to}.

async function openStep(actor: Actor, id: string): Promise<Step> {
  const s = await Step.open(actor, id);
  if (!s) throw new EngineError(404, "process instance not found");
  return s;
}

/** Starts an instance; returns its id. 404 unknown definition, 422 not startable. */
export async function startInstance(actor: Actor, input: StartInput): Promise<{ id: string }> {
  if (!input.definitionId && !input.key) throw new EngineError(422, "say which process to start");
  const def = await findDefinition(actor.sql, { id: input.definitionId, key: input.key });
  if (!def) throw new EngineError(404, "process definition not found");
  if (def.archivedAt) throw new EngineError(422, "the process is archived");
  if (def.latestVersion < 1) throw new EngineError(422, "the process has no deployed version");
  return await createInstance(actor, {
    definition: def,
    version: input.version ?? def.latestVersion,
    variables: input.variables ?? {},
    startedBy: actor.session.userId,
    businessKey: input.businessKey ?? null,
    startEventId: input.startEventId,
  });
}

/**
 * A user task of a process was completed (its row already says so): writes `data` into the
 * process variables (or the multi-instance scope) and moves the token on.
 */
export async function continueAfterTask(
  actor: Actor,
  { task, data }: {
    task: { id: string; instanceId: string; tokenId: string };
    data: Record<string, unknown>;
  },
): Promise<void> {
  const s = await openStep(actor, task.instanceId);
  if (!s.active) throw new EngineError(409, "the process is not running");
  const t = s.tokens.get(task.tokenId);
  if (!t || t.state !== "waiting" || s.el(t.elementId).type !== "userTask") {
    throw new EngineError(409, "the task's process has moved on");
  }
  // A multi-instance child keeps its own answer too (its completion condition reads it).
  if (t.loopIndex !== null) t.vars = { ...t.vars, ...data };
  s.setVars(data, t);
  s.record(t, "task.completed", { taskId: task.id });
  if (await mayLeaveAfterConditions(s, t)) await s.leave(t);
  await s.run();
}

export async function cancelInstance(
  actor: Actor,
  { id, reason }: { id: string; reason?: string },
): Promise<void> {
  const s = await openStep(actor, id);
  if (s.instance.state !== "active" && s.instance.state !== "suspended") {
    throw new EngineError(409, "the process has already ended");
  }
  await cancelTokens(s, [...s.tokens.values()].filter((t) => !t.parentTokenId));
  await resolveIncidents(actor.sql, { instanceId: id }, "cancelled", actor.session.userId);
  s.instance.incidentCount = 0;
  s.markEnded("cancelled");
  s.record(null, "process.cancelled", { reason: reason ?? null });
  s.publish(async () =>
    publishWorkflow(actor.sql, "workflow.process.cancelled", {
      ...(await s.eventRef()),
      reason: reason ?? null,
    })
  );
  await s.run();
}

export async function suspendInstance(actor: Actor, id: string): Promise<void> {
  const s = await openStep(actor, id);
  if (s.instance.state !== "active") throw new EngineError(409, "the process is not running");
  s.instance.state = "suspended";
  s.record(null, "process.suspended");
  await s.run();
}

export async function resumeInstance(actor: Actor, id: string): Promise<void> {
  const s = await openStep(actor, id);
  if (s.instance.state !== "suspended") throw new EngineError(409, "the process is not suspended");
  s.instance.state = "active";
  s.record(null, "process.resumed");
  // Jobs that came while suspended did nothing: timers get fresh jobs, ready tokens run again.
  for (const timer of await openTimersOfInstance(actor.sql, id)) {
    await markTimer(actor.sql, timer.id, "cancelled");
    const fresh = { ...timer, id: uuidv7() };
    await insertTimer(actor.sql, fresh);
    await queueTimer(actor, { instanceId: id, timerId: fresh.id, dueAt: new Date(fresh.dueAt) });
  }
  for (const t of s.tokens.values()) if (t.state === "ready") s.schedule(t);
  await s.run();
}

async function openIncident(actor: Actor, incidentId: string) {
  const incident = await incidentById(actor.sql, incidentId);
  if (!incident) throw new EngineError(404, "incident not found");
  if (incident.resolvedAt) throw new EngineError(409, "the incident is already resolved");
  const s = await openStep(actor, incident.instanceId);
  // Read again under the instance lock: a concurrent retry may have resolved it meanwhile.
  const current = await incidentById(actor.sql, incidentId);
  if (!current || current.resolvedAt) {
    throw new EngineError(409, "the incident is already resolved");
  }
  if (!s.active) throw new EngineError(409, "the process is not running");
  const t = s.tokens.get(incident.tokenId);
  if (!t || t.state !== "incident") throw new EngineError(409, "the incident's token has moved on");
  if (!s.model.elements[t.elementId]) {
    throw new EngineError(422, `the element ${t.elementId} is no longer in the process model`);
  }
  return { s, t, incident };
}

async function resolve(s: Step, incidentId: string, resolution: "retried" | "skipped") {
  await resolveIncidents(s.sql, { id: incidentId }, resolution, s.actor.session.userId);
  s.instance.incidentCount = Math.max(0, s.instance.incidentCount - 1);
}

export async function retryIncident(actor: Actor, incidentId: string): Promise<void> {
  const { s, t } = await openIncident(actor, incidentId);
  await resolve(s, incidentId, "retried");
  s.record(t, "incident.resolved", { incidentId, resolution: "retried" });
  const leaving = t.vars.leaving === true;
  const { leaving: _l, runId: _r, ...vars } = t.vars;
  t.vars = vars;
  await s.setState(t, "ready");
  if (leaving) await s.leave(t);
  else s.schedule(t);
  await s.run();
}

export async function skipIncident(actor: Actor, incidentId: string): Promise<void> {
  const { s, t } = await openIncident(actor, incidentId);
  await resolve(s, incidentId, "skipped");
  s.record(t, "incident.resolved", { incidentId, resolution: "skipped" });
  const el = s.el(t.elementId);
  await s.setState(t, "ready");
  await s.leave(t, el.type === "endEvent" ? [] : s.chooseFlows(el, t, true));
  await s.run();
}

/** Validates the plan; with dryRun nothing changes; otherwise moves tokens and audits. */
export async function migrateInstances(
  actor: Actor,
  { plan, dryRun }: { plan: MigrationPlan; dryRun: boolean },
): Promise<MigrationReport> {
  return await migrate(actor, { plan, dryRun });
}
