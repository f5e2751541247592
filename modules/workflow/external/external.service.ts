/**
 * External task workers (Camunda 7's model): fetch-and-lock by topic with long polling, and the
 * locking worker's answers (complete, failure, BPMN error, extend-lock), plus unlock and the
 * list. A worker reaches only its own tenant's tasks (row level security on every statement).
 * Answers that move the process run in one step of its instance (engine/elements/external).
 */
import type { Actor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/modules.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import { decodeCursor, encodeCursor } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { systemActor } from "../engine/engine.actor.service.ts";
import { Step } from "../engine/engine.step.service.ts";
import "../engine/elements/elements.service.ts";
import {
  workerCompleted,
  workerGaveUp,
  workerThrewError,
} from "../engine/elements/external.service.ts";
import {
  extendLock,
  externalTaskById,
  type ExternalTaskRow,
  lockFetchable,
  recordFailure,
  scopeVariables,
  selectExternalTasks,
  unlock,
} from "./external.repo.ts";
import {
  EXTERNAL_CHANNEL,
  failureOpensIncident,
  mergeVariables,
  nextWaitMs,
  refuseWorker,
} from "./external.rules.ts";
import type {
  ExternalTask,
  ExternalTaskQuery,
  FetchAndLockInput,
  LockedExternalTask,
} from "./external.schemas.ts";

type Vars = Record<string, unknown>;

/** A worker on the unscoped fetch path: short transactions of its own, no request-wide one. */
export interface Worker {
  scope: <T>(fn: (tx: Sql) => Promise<T>) => Promise<T>;
  session: Session;
  bus: Bus;
}

const toTask = (r: ExternalTaskRow & { suspended?: boolean }): ExternalTask => ({
  id: r.id,
  topicName: r.topic,
  workerId: r.workerId,
  lockExpirationTime: r.lockExpiresAt ? new Date(r.lockExpiresAt).toISOString() : null,
  processInstanceId: r.instanceId,
  processDefinitionId: r.definitionId,
  processDefinitionKey: r.definitionKey,
  activityId: r.elementId,
  activityName: r.activityName,
  activityInstanceId: r.tokenId,
  businessKey: r.businessKey,
  retries: r.retries,
  errorMessage: r.errorMessage,
  priority: r.priority,
  suspended: r.suspended ?? false,
  createdAt: new Date(r.createdAt).toISOString(),
});

async function lockNow(tx: Sql, input: FetchAndLockInput): Promise<LockedExternalTask[]> {
  const rows = await lockFetchable(tx, {
    workerId: input.workerId,
    max: input.maxTasks,
    topics: input.topics.map((t) => ({ topic: t.topicName, lockMs: t.lockDuration })),
  });
  if (!rows.length) return [];
  const vars = await scopeVariables(tx, rows.map((r) => r.id));
  const wanted = new Map(input.topics.map((t) => [t.topicName, t.variables]));
  return rows.map((r) => {
    const v = vars.get(r.id);
    const variables = v
      ? mergeVariables(JSON.parse(v.instance), JSON.parse(v.scopes), wanted.get(r.topic))
      : {};
    return { ...toTask(r), variables, errorDetails: r.errorDetails };
  });
}

/**
 * Locks what is there; with asyncResponseTimeout and nothing there, waits until a task of one
 * of the topics is created in this tenant (the bus), polling at least every second for expired
 * locks and retry times, until the timeout or the client goes away.
 */
export async function fetchAndLock(
  worker: Worker,
  input: FetchAndLockInput,
  signal?: AbortSignal,
): Promise<LockedExternalTask[]> {
  const deadline = Date.now() + input.asyncResponseTimeout;
  const topics = new Set(input.topics.map((t) => t.topicName));
  let wake: (() => void) | null = null;
  const unsubscribe = input.asyncResponseTimeout > 0
    ? await worker.bus.subscribe(EXTERNAL_CHANNEL, (m) => {
      if (m.tenantId === worker.session.tenantId && topics.has(String(m.topic))) wake?.();
    })
    : null;
  try {
    while (true) {
      const found = await worker.scope((tx) => lockNow(tx, input));
      const wait = nextWaitMs(deadline, Date.now());
      if (found.length || wait <= 0 || signal?.aborted) return found;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, wait);
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener("abort", done);
          wake = null;
          resolve();
        }
        wake = done;
        signal?.addEventListener("abort", done);
      });
    }
  } finally {
    await unsubscribe?.();
  }
}

export async function listExternalTasks(actor: Actor, q: ExternalTaskQuery) {
  const after = decodeCursor(q.cursor, ["uuid"]);
  const rows = await selectExternalTasks(actor.sql, {
    topic: q.topicName,
    workerId: q.workerId,
    instanceId: q.processInstanceId,
    locked: q.locked === undefined ? undefined : q.locked === "true",
    before: after ? String(after[0]) : null,
    limit: q.limit,
  });
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  return {
    items: page.map(toTask),
    nextCursor: more ? encodeCursor([page[page.length - 1].id]) : null,
  };
}

const notFound = () => problems.notFound("No such external task.");

/** One task whose token still waits (or stopped at its incident), with the failure's details. */
export async function externalTask(actor: Actor, id: string) {
  const [row] = await selectExternalTasks(actor.sql, { id, before: null, limit: 1 });
  if (!row) throw notFound();
  return { ...toTask(row), errorDetails: row.errorDetails };
}

/**
 * Opens a step of the task's instance (the engine locks instance before task) with the task
 * read again under the lock and its token still waiting; the worker check comes first.
 */
async function answerStep(
  actor: Actor,
  { id, workerId, needLive = false }: { id: string; workerId: string; needLive?: boolean },
) {
  const seen = await externalTaskById(actor.sql, id);
  if (!seen) throw notFound();
  // Steps caused by a worker act for the process starter, like a queue job's (history: no one).
  const system = await systemActor(actor, null);
  const s = await Step.open(system, seen.instanceId);
  if (!s) throw notFound();
  const task = await externalTaskById(actor.sql, id, { lock: true });
  if (!task) throw notFound();
  const refusal = refuseWorker(task, workerId, { needLive });
  if (refusal) throw problems.conflict(refusal.detail);
  if (!s.active) throw problems.conflict("The process is not running.");
  const token = s.tokens.get(task.tokenId);
  if (!token || token.state !== "waiting") throw problems.conflict("The process has moved on.");
  system.session.userId = s.instance.startedBy as string;
  s.system = true;
  return { s, task, token };
}

export async function completeTask(
  actor: Actor,
  { id, workerId, variables }: { id: string; workerId: string; variables?: Vars },
) {
  const { s, task, token } = await answerStep(actor, { id, workerId });
  await workerCompleted(s, { token, task, variables: variables ?? {} });
  await s.run();
}

export async function failTask(
  actor: Actor,
  { id, workerId, errorMessage, errorDetails, retries, retryTimeout }: {
    id: string;
    workerId: string;
    errorMessage: string;
    errorDetails?: string;
    retries: number;
    retryTimeout: number;
  },
) {
  const { s, task, token } = await answerStep(actor, { id, workerId });
  await recordFailure(actor.sql, id, {
    retries,
    retryMs: retryTimeout,
    message: errorMessage,
    details: errorDetails ?? null,
  });
  if (failureOpensIncident(retries)) {
    await workerGaveUp(s, {
      token,
      task,
      message: errorMessage || "the external worker gave up",
    });
  } else if (retryTimeout === 0) {
    await actor.bus.publish(actor.sql, EXTERNAL_CHANNEL, {
      tenantId: actor.session.tenantId,
      topic: task.topic,
    });
  }
  await s.run();
}

export async function throwBpmnError(
  actor: Actor,
  { id, workerId, errorCode, errorMessage, variables }: {
    id: string;
    workerId: string;
    errorCode: string;
    errorMessage?: string;
    variables?: Vars;
  },
) {
  const { s, task, token } = await answerStep(actor, { id, workerId });
  await workerThrewError(s, {
    token,
    task,
    code: errorCode,
    message: errorMessage ?? null,
    variables: variables ?? {},
  });
  await s.run();
}

export async function extendTaskLock(
  actor: Actor,
  { id, workerId, newDuration }: { id: string; workerId: string; newDuration: number },
) {
  const task = await externalTaskById(actor.sql, id, { lock: true });
  if (!task) throw notFound();
  const refusal = refuseWorker(task, workerId, { needLive: true });
  if (refusal) throw problems.conflict(refusal.detail);
  const until = await extendLock(actor.sql, id, newDuration);
  return { lockExpirationTime: new Date(until).toISOString() };
}

export async function unlockTask(actor: Actor, id: string) {
  const task = await externalTaskById(actor.sql, id, { lock: true });
  if (!task) throw notFound();
  await unlock(actor.sql, id);
  await actor.bus.publish(actor.sql, EXTERNAL_CHANNEL, {
    tenantId: actor.session.tenantId,
    topic: task.topic,
  });
}
