/**
 * External task rules (Camunda 7's model), pure: who may answer a locked task, how the
 * variables a worker sees are put together, and how long a fetch may wait.
 */

/** Bus channel: a task became fetchable in a tenant (ids only; the workers' polls re-read). */
export const EXTERNAL_CHANNEL = "workflow_external";
/** The permission workers (API tokens, service accounts) need; owners and admins hold it. */
export const EXTERNAL_PERMISSION = "workflow.external.work";
/** Long polling waits at most this long (Camunda allows 30 minutes; proxies rarely do). */
export const MAX_ASYNC_RESPONSE_TIMEOUT_MS = 300_000;
/** While long polling, the database is asked again at least this often (expired locks, retry times). */
export const POLL_INTERVAL_MS = 1_000;
/** The longest lock a fetch or an extension may ask for (a week). */
export const MAX_LOCK_MS = 7 * 24 * 3_600_000;

export type Refusal = { status: 409; detail: string } | null;

/**
 * Complete, failure, BPMN error and extend-lock belong to the worker holding the lock. A lock
 * past its time still lets its worker answer while nobody else has fetched the task (Camunda);
 * extending needs a lock still in force.
 */
export function refuseWorker(
  task: { workerId: string | null; locked: boolean },
  workerId: string,
  { needLive = false }: { needLive?: boolean } = {},
): Refusal {
  if (!task.workerId) return { status: 409, detail: "The external task is not locked." };
  if (task.workerId !== workerId) {
    return { status: 409, detail: "The external task is locked by another worker." };
  }
  if (needLive && !task.locked) return { status: 409, detail: "The lock has already expired." };
  return null;
}

/**
 * What a worker sees: the instance's variables, then each scope's from the outermost to the
 * task's own token (inner ones win), limited to `names` when the topic asked for some.
 */
export function mergeVariables(
  instance: Record<string, unknown>,
  scopes: Record<string, unknown>[],
  names?: string[],
): Record<string, unknown> {
  const all = Object.assign({}, instance, ...scopes) as Record<string, unknown>;
  if (!names) return all;
  const out: Record<string, unknown> = {};
  for (const n of names) if (n in all) out[n] = all[n];
  return out;
}

/** A failure with no retries left opens an incident (Camunda: retries reaching 0). */
export const failureOpensIncident = (retries: number) => retries <= 0;

/** How long one wait of a long poll lasts: until the deadline, at most one poll interval. */
export const nextWaitMs = (deadline: number, now: number) =>
  Math.max(0, Math.min(POLL_INTERVAL_MS, deadline - now));
