/**
 * A small client over the workflow API for the tests that drive whole BPMN models (the
 * Camunda 7 examples, the designer agreement and the message bench): deploy, start, work
 * tasks, correlate messages, broadcast signals, fetch and complete external tasks, fire timers.
 * After each call the workflow module's queued jobs run to the end (drainAll), as a worker
 * would run them.
 */
import assert from "node:assert/strict";
import { type Caller, testApp, type TestTenant } from "../helpers.ts";
import { fireDueTimers } from "../../modules/workflow/engine/engine.jobs.service.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { workflow } from "../../modules/workflow/mod.ts";
import { inTenant } from "./engine.fixtures.ts";

export const API = "/api/workflow";

/** Runs every queued job of the workflow module (steps, timers, signal deliveries…). */
export async function drainAll() {
  const { platform } = await testApp();
  const handlers = new Map(workflow.jobs.map((j) => [j.name, j.handler]));
  await new Dispatcher(platform.db, handlers, {
    onlyNames: [...handlers.keys()],
    bus: platform.bus,
    concurrency: 2,
    perTenantLimit: 4,
    leaseSeconds: 30,
    pollMs: 20,
  }).drain();
}

export async function json(res: Response, status: number, what = "") {
  const text = await res.text();
  assert.equal(res.status, status, `${what} ${text.slice(0, 600)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Fires the tenant's timers due within `ms` from now, then runs what they queued. Their due
 * time is moved to now rather than the engine's clock forward, so what they create (tasks,
 * history) carries today's time as it would in production.
 */
export async function fireTimers(t: TestTenant, ms: number) {
  const { platform } = await testApp();
  await inTenant(t, async (sql) => {
    await sql`update workflow_timers set due_at = now() - interval '1 millisecond'
              where fired_at is null and cancelled_at is null
                and due_at <= now() + ${ms} * interval '1 millisecond'`;
    await fireDueTimers({ sql, bus: platform.bus });
  });
  await drainAll();
}

export interface TaskItem {
  id: string;
  elementId: string | null;
  name: string;
  assignee: string | null;
}

/** The workflow API as `who`, draining the job queue after each change. */
export function client(who: Caller) {
  const call = async (method: string, path: string, body: unknown, status: number) => {
    const out = await json(await who.call(method, path, body), status, `${method} ${path}`);
    if (method !== "GET") await drainAll();
    return out;
  };
  const api = {
    deploy: async (xml: string) =>
      await call("POST", `${API}/admin/process`, { xml, deploy: true }, 201) as {
        id: string;
        key: string;
      },
    start: async (key: string, variables: Record<string, unknown> = {}, businessKey?: string) =>
      (await call("POST", `${API}/process`, { key, variables, businessKey }, 201)).id as string,
    instance: async (id: string) => await call("GET", `${API}/process/${id}`, undefined, 200),
    instancesOf: async (definitionId: string) =>
      (await call("GET", `${API}/process?definitionId=${definitionId}`, undefined, 200))
        .items as { id: string; state: string }[],
    /** Element ids the instance's history shows. */
    visited: async (id: string) => {
      const h = await call("GET", `${API}/process/${id}/history`, undefined, 200);
      return new Set((h.items as { elementId: string | null }[]).map((i) => i.elementId));
    },
    openTasks: async (id: string) =>
      (await call("GET", `${API}/tasks?view=all&instanceId=${id}`, undefined, 200))
        .items as TaskItem[],
    /** Completes the open task at `elementId`, handed to `who` first when someone else holds it. */
    complete: async (id: string, elementId: string, data: Record<string, unknown> = {}) => {
      const open = await api.openTasks(id);
      const task = open.find((x) => x.elementId === elementId);
      assert.ok(
        task,
        `no open task at ${elementId} (open: ${open.map((x) => x.elementId).join(", ") || "none"}` +
          `; instance ${(await api.instance(id)).state})`,
      );
      if (task.assignee !== who.id) {
        await call("PUT", `${API}/delegations`, {
          taskId: task.id,
          toUserId: who.id,
          mode: "reassign",
        }, 200);
      }
      await call("POST", `${API}/tasks/${task.id}/complete`, { data }, 200);
    },
    message: async (body: Record<string, unknown>, status = 200) =>
      await call("POST", `${API}/messages`, body, status),
    signal: async (name: string, variables: Record<string, unknown> = {}) =>
      await call("POST", `${API}/signals`, { name, variables }, 200),
    setVariables: async (id: string, variables: Record<string, unknown>) =>
      await call("PATCH", `${API}/process/${id}/variables`, { variables }, 200),
    /** Fetches the topic's tasks for one worker and completes each with `variables`. */
    work: async (topic: string, variables: Record<string, unknown> = {}, workerId = "worker-1") => {
      const locked = await call("POST", `${API}/external-tasks/fetch-and-lock`, {
        workerId,
        maxTasks: 10,
        topics: [{ topicName: topic, lockDuration: 60_000 }],
      }, 200);
      for (const task of locked as { id: string }[]) {
        await call(
          "POST",
          `${API}/external-tasks/${task.id}/complete`,
          { workerId, variables },
          204,
        );
      }
      return (locked as unknown[]).length;
    },
  };
  return api;
}
