/**
 * Pieces of the message, signal and event-gateway tests: BPMN XML written in a few lines
 * (compiled by the real compiler), the engine's correlation calls as the owner, a dispatcher
 * that also runs signal jobs, and the live subscriptions of an instance.
 */
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { STEP_JOB, TIMER_JOB } from "../../modules/workflow/common/model.lib.ts";
import { stepJob, timerJob } from "../../modules/workflow/engine/engine.jobs.service.ts";
import { signalJob } from "../../modules/workflow/engine/engine.correlate.service.ts";
import { SIGNAL_JOB } from "../../modules/workflow/engine/elements/messages.service.ts";
import * as engine from "../../modules/workflow/engine/engine.service.ts";
import { fireDueTimers } from "../../modules/workflow/engine/engine.jobs.service.ts";
import { clock } from "../../modules/workflow/engine/engine.timers.lib.ts";
import { testApp, type TestTenant } from "../helpers.ts";
import { asOwner, inTenant } from "./engine.fixtures.ts";

/** A definitions document: `defs` (messages, signals) beside one process with `body`. */
export function bpmn(id: string, body: string, defs = ""): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs_${id}"
  targetNamespace="http://example.test/bpmn">
  ${defs}
  <bpmn:process id="${id}" isExecutable="true">${body}</bpmn:process>
</bpmn:definitions>`;
}

export const message = (name: string) => `<bpmn:message id="m_${name}" name="${name}" />`;
export const signal = (name: string) => `<bpmn:signal id="s_${name}" name="${name}" />`;
export const flow = (from: string, to: string) =>
  `<bpmn:sequenceFlow id="${from}_${to}" sourceRef="${from}" targetRef="${to}" />`;
export const messageDef = (name: string) =>
  `<bpmn:messageEventDefinition messageRef="m_${name}" />`;
export const signalDef = (name: string) => `<bpmn:signalEventDefinition signalRef="s_${name}" />`;
export const conditionDef = (feel: string) =>
  `<bpmn:conditionalEventDefinition><bpmn:condition xsi:type="bpmn:tFormalExpression">${feel}</bpmn:condition></bpmn:conditionalEventDefinition>`;

export const correlate = (t: TestTenant, input: engine.CorrelateInput) =>
  asOwner(t, (a) => engine.correlateMessage(a, input));

export const broadcast = (t: TestTenant, name: string, variables: Record<string, unknown> = {}) =>
  asOwner(t, (a) => engine.broadcastSignal(a, { name, variables }));

/** The engine's refusal of a correlation: its status, or null when it went through. */
export async function refusal(p: Promise<unknown>): Promise<number | null> {
  try {
    await p;
    return null;
  } catch (err) {
    if (err instanceof engine.EngineError) return err.status;
    throw err;
  }
}

/** Runs every due step, timer and signal job (and what they queue) until none is left. */
export async function drainAll() {
  const { platform } = await testApp();
  await new Dispatcher(
    platform.db,
    new Map([[STEP_JOB, stepJob], [TIMER_JOB, timerJob], [SIGNAL_JOB, signalJob]]),
    {
      onlyNames: [STEP_JOB, TIMER_JOB, SIGNAL_JOB],
      bus: platform.bus,
      concurrency: 4,
      perTenantLimit: 8,
      leaseSeconds: 30,
      pollMs: 50,
    },
  ).drain();
}

/** The instance's subscriptions as `element:kind:role`, sorted. */
export async function subscriptions(t: TestTenant, instanceId: string): Promise<string[]> {
  return await inTenant(t, async (tx) => {
    const rows = await tx`select element_id, kind, role from workflow_event_subscriptions
                          where instance_id = ${instanceId}`;
    return rows.map((r) => `${r.elementId}:${r.kind}:${r.role}`).sort();
  });
}

/** Open timers of the instance (not fired, not cancelled). */
export async function openTimers(t: TestTenant, instanceId: string): Promise<number> {
  return await inTenant(t, async (tx) => {
    const [{ n }] = await tx`select count(*)::int as n from workflow_timers
      where instance_id = ${instanceId} and fired_at is null and cancelled_at is null`;
    return n;
  });
}

/** Moves the engine's clock and fires what is due in the tenant (as the sweep would). */
export async function advance(t: TestTenant, ms: number) {
  const { platform } = await testApp();
  const at = new Date(Date.now() + ms);
  clock.set(() => at);
  try {
    return await inTenant(t, (tx) => fireDueTimers({ sql: tx, bus: platform.bus }));
  } finally {
    clock.reset();
  }
}

/** Starts the latest version of `key` with a business key, as the owner. */
export const startWith = async (
  t: TestTenant,
  key: string,
  businessKey: string,
  variables: Record<string, unknown> = {},
) => (await asOwner(t, (a) => engine.startInstance(a, { key, businessKey, variables }))).id;
