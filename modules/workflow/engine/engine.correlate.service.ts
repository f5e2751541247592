/**
 * Messages and signals from outside (Camunda 7 semantics). A message goes to the waiting
 * executions that match it (name, business key, process variables); only when none waits does
 * it start the processes whose message start event names it. A message that arrives before an
 * instance waits for it is refused (not kept). A signal reaches every waiting signal catch and
 * starts every process with that signal start, in the current tenant only.
 *
 * Each reached instance is locked in id order (parent before child, as elsewhere in the engine)
 * and fired in one step of its own.
 */
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import type { JobContext } from "../../../shared/jobs/dispatcher.ts";
import type { ProcessModel } from "../common/model.lib.ts";
import { systemActor } from "./engine.actor.service.ts";
import { messageStartTargets, type Vars } from "./engine.repo.ts";
import {
  messageSubscriptions,
  signalStartTargets,
  signalSubscriptions,
  subscriptionById,
  type SubscriptionRow,
} from "./engine.subscriptions.repo.ts";
import { createInstance } from "./engine.start.service.ts";
import { Step } from "./engine.step.service.ts";
import { EngineError } from "./engine.types.lib.ts";
import { fireSubscription } from "./elements/subscriptions.service.ts";
import { SIGNAL_JOB, type SignalJobPayload } from "./elements/messages.service.ts";
import "./elements/elements.service.ts";

export interface CorrelateInput {
  messageName: string;
  businessKey?: string;
  processInstanceId?: string;
  /** Process variables a waiting instance must have with these exact values. */
  correlationKeys?: Record<string, unknown>;
  /** Written into the reached instances (or the started ones) as process variables. */
  processVariables?: Record<string, unknown>;
  /** Reach every match; otherwise exactly one must match (409 when several, 404 when none). */
  all?: boolean;
}

export interface CorrelationResult {
  resultType: "Execution" | "ProcessDefinition";
  processInstanceId: string;
  definitionKey: string;
  /** The catch event, receive task, boundary event or start event the message reached. */
  elementId: string;
}

/** The most executions one correlation with `all` reaches (the rest stay waiting). */
export const MAX_CORRELATIONS = 1000;

type StartTarget = Awaited<ReturnType<typeof messageStartTargets>>[number];

const startOf = (row: StartTarget, kind: "message" | "signal", name: string) => {
  const model = JSON.parse(row.modelJson) as ProcessModel;
  return model.startEvents.map((id) => model.elements[id]).find((el) => {
    const e = el?.event;
    return (e?.kind === "message" && kind === "message" && e.message === name) ||
      (e?.kind === "signal" && kind === "signal" && e.signal === name);
  });
};

async function startAt(
  actor: Actor,
  row: StartTarget,
  startEventId: string,
  input: { variables: Vars; businessKey?: string },
) {
  return await createInstance(actor, {
    definition: {
      id: row.definitionId,
      key: row.key,
      name: row.name,
      latestVersion: row.version,
      archivedAt: null,
    },
    version: row.version,
    variables: input.variables,
    startedBy: actor.session.userId || null,
    businessKey: input.businessKey ?? null,
    startEventId,
  });
}

/** Fires the subscriptions, one locked step per instance; returns those that fired. */
async function deliver(actor: Actor, subs: SubscriptionRow[], vars: Vars) {
  const byInstance = new Map<string, SubscriptionRow[]>();
  for (const s of subs) byInstance.set(s.instanceId, [...byInstance.get(s.instanceId) ?? [], s]);
  const fired: SubscriptionRow[] = [];
  for (const id of [...byInstance.keys()].sort()) {
    const s = await Step.open(actor, id);
    if (!s || !s.active) continue;
    for (const sub of byInstance.get(id)!) {
      // Read again under the lock: another message may have taken it meanwhile.
      const current = await subscriptionById(actor.sql, sub.id);
      if (current && await fireSubscription(s, current, vars)) fired.push(sub);
    }
    await s.run();
  }
  return fired;
}

export async function correlateMessage(
  actor: Actor,
  input: CorrelateInput,
): Promise<CorrelationResult[]> {
  const vars = input.processVariables ?? {};
  const all = input.all === true;
  const subs = await messageSubscriptions(actor.sql, {
    name: input.messageName,
    businessKey: input.businessKey,
    instanceId: input.processInstanceId,
    correlationKeys: input.correlationKeys,
    limit: all ? MAX_CORRELATIONS : 2,
  });
  if (subs.length > 1 && !all) {
    throw new EngineError(
      409,
      `message ${input.messageName} matches several waiting executions; narrow it or set all`,
    );
  }
  if (subs.length) {
    const fired = await deliver(actor, subs, vars);
    if (!fired.length) throw new EngineError(404, `no execution waits for ${input.messageName}`);
    return fired.map((s) => ({
      resultType: "Execution",
      processInstanceId: s.instanceId,
      definitionKey: subs.find((x) => x.id === s.id)!.definitionKey,
      elementId: s.elementId,
    }));
  }
  // Only when no execution waits: the message start events (never for a given instance).
  const starts = input.processInstanceId
    ? []
    : (await messageStartTargets(actor.sql, input.messageName))
      .map((row) => ({ row, start: startOf(row, "message", input.messageName) }))
      .filter((x) => x.start);
  if (!starts.length) {
    throw new EngineError(404, `nothing waits for or starts on message ${input.messageName}`);
  }
  if (starts.length > 1 && !all) {
    throw new EngineError(409, `message ${input.messageName} starts several processes; set all`);
  }
  const out: CorrelationResult[] = [];
  for (const { row, start } of starts) {
    const { id } = await startAt(actor, row, start!.id, {
      variables: vars,
      businessKey: input.businessKey,
    });
    out.push({
      resultType: "ProcessDefinition",
      processInstanceId: id,
      definitionKey: row.key,
      elementId: start!.id,
    });
  }
  return out;
}

export interface SignalResult {
  /** Waiting catches, boundaries, gateway branches and event subprocesses reached. */
  reached: number;
  /** Instances started by signal start events. */
  started: { processInstanceId: string; definitionKey: string }[];
}

/** Signal start events of the tenant: each process starts once (as the caller). */
async function startBySignal(actor: Actor, name: string, vars: Vars, asCreator?: SystemActor) {
  const started: SignalResult["started"] = [];
  for (const row of await signalStartTargets(actor.sql, name)) {
    const start = startOf(row, "signal", name);
    if (!start) continue;
    const by = asCreator ? await systemActor(asCreator, row.createdBy) : actor;
    const { id } = await startAt(by, row, start.id, { variables: vars });
    started.push({ processInstanceId: id, definitionKey: row.key });
  }
  return started;
}

/** Broadcasts a signal now, in the caller's transaction (the API). */
export async function broadcastSignal(
  actor: Actor,
  input: { name: string; variables?: Vars },
): Promise<SignalResult> {
  const vars = input.variables ?? {};
  // Waiting ones first: instances the signal starts must not catch it themselves.
  const subs = await signalSubscriptions(actor.sql, input.name);
  const fired = await deliver(actor, subs, vars);
  const started = await startBySignal(actor, input.name, vars);
  return { reached: fired.length, started };
}

/**
 * A thrown signal (SIGNAL_JOB): starts the signal's processes and queues one delivery job per
 * waiting instance with the subscriptions found now; a delivery job fires those that still wait.
 */
export async function signalJob(ctx: Pick<JobContext, "payload" | "scoped" | "bus">) {
  const p = ctx.payload as unknown as SignalJobPayload;
  p.variables ??= {};
  await ctx.scoped(async (sql) => {
    const system: SystemActor = { sql, bus: ctx.bus };
    const actor = await systemActor(system, null);
    if (p.instanceId) {
      const s = await Step.open(actor, p.instanceId);
      if (!s || !s.active) return;
      actor.session.userId = s.instance.startedBy as string;
      s.system = true;
      for (const id of p.subscriptionIds ?? []) {
        const sub = await subscriptionById(sql, id);
        if (sub && sub.instanceId === p.instanceId) await fireSubscription(s, sub, p.variables);
      }
      await s.run();
      return;
    }
    const byInstance = new Map<string, string[]>();
    for (const s of await signalSubscriptions(sql, p.name)) {
      byInstance.set(s.instanceId, [...byInstance.get(s.instanceId) ?? [], s.id]);
    }
    for (const [instanceId, subscriptionIds] of byInstance) {
      const payload: SignalJobPayload = {
        name: p.name,
        variables: p.variables ?? {},
        instanceId,
        subscriptionIds,
      };
      await enqueue(sql, SIGNAL_JOB, {
        payload,
        serialKey: `wf:${instanceId}`,
        maxAttempts: 10,
        backoffSeconds: 5,
      });
    }
    // Nobody pressed start: each process acts for the one who made it (as message starts do).
    await startBySignal(actor, p.name, p.variables ?? {}, system);
  });
}

/**
 * Sets process variables in a step of the instance (the instances API), so conditional events
 * waiting in it are checked against the new values.
 */
export async function setInstanceVariables(
  actor: Actor,
  { instanceId, variables }: { instanceId: string; variables: Vars },
): Promise<void> {
  const s = await Step.open(actor, instanceId);
  if (!s) throw new EngineError(404, "process instance not found");
  s.setVars(variables, null);
  await s.run();
}
