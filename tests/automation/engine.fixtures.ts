/**
 * Pieces of the engine and operations tests: agents, jobs and settings seeded with SQL in the
 * tenant's scope (the agents and jobs APIs have their own tests), runs queued with enqueueRun,
 * the real engine behind a real dispatcher (`automation.run` only), and polling.
 */
import assert from "node:assert/strict";
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../shared/db/database.ts";
import { withScope } from "../../shared/db/scope.ts";
import { isSandbox, processes } from "./concurrency.fixtures.ts";
import { Dispatcher, type JobContext } from "../../shared/jobs/dispatcher.ts";
import { PLATFORM_TENANT } from "../../shared/jobs/queue.ts";
import type { Actor } from "../../shared/http/actor.ts";
import type {
  AgentKind,
  AutomationSettings,
  JobRecord,
  RunRecord,
  RunTrigger,
} from "../../modules/automation/common/common.schemas.ts";
import { runJob } from "../../modules/automation/engine/engine.service.ts";
import { enqueueRun, RUN_JOB } from "../../modules/automation/runs/runs.enqueue.service.ts";
import { setEnv } from "../../modules/automation/secrets/secrets.service.ts";
import { initSecrets } from "../../modules/automation/secrets/secrets.key.service.ts";
import { testApp, type TestTenant } from "../helpers.ts";

export const API = "/api/automation";

/** Runs fn in the tenant's scope as its owner. */
export async function inTenant<T>(t: TestTenant, fn: (tx: Sql) => Promise<T>): Promise<T> {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId: t.id, userId: t.owner.id }, fn);
}

export interface AgentSeed {
  name?: string;
  kind?: AgentKind;
  code?: string;
  config?: Record<string, unknown>;
  grants?: string[];
  state?: "aktif" | "pasif" | "hata";
  /** Who the agent acts for (its creator); the owner by default. */
  createdBy?: string;
}

/** An agent at version 1 (row and version, as the agents service writes them). */
export async function seedAgent(t: TestTenant, seed: AgentSeed = {}): Promise<string> {
  const id = uuidv7();
  const config = seed.config ?? {};
  const code = seed.code ?? "export default async () => 42;";
  await inTenant(t, async (tx) => {
    await tx`insert into automation_agents (tenant_id, id, name, kind, state, config, code,
               grants, created_by)
             values (${t.id}, ${id}, ${seed.name ?? `agent-${id.slice(-8)}`},
               ${seed.kind ?? "script"}, ${seed.state ?? "aktif"}, ${tx.json(config as never)},
               ${code}, ${seed.grants ?? []}, ${seed.createdBy ?? t.owner.id})`;
    await tx`insert into automation_agent_versions (tenant_id, agent_id, version, config, code)
             values (${t.id}, ${id}, 1, ${tx.json(config as never)}, ${code})`;
  });
  return id;
}

export interface JobSeed {
  maxAttempts?: number;
  backoffSeconds?: number;
  timeoutSeconds?: number;
  notifyOnFailure?: boolean;
  input?: Record<string, unknown>;
}

export async function seedJob(t: TestTenant, agentId: string, s: JobSeed = {}) {
  const id = uuidv7();
  const [job] = await inTenant(t, (tx) =>
    tx<JobRecord[]>`
      insert into automation_jobs (tenant_id, id, name, agent_id, trigger_kind, concurrency,
        max_attempts, backoff_seconds, timeout_seconds, notify_on_failure, input, created_by)
      values (${t.id}, ${id}, ${`job-${id.slice(-8)}`}, ${agentId}, 'manual', 'allow',
        ${s.maxAttempts ?? 1}, ${s.backoffSeconds ?? 0}, ${s.timeoutSeconds ?? null},
        ${s.notifyOnFailure ?? true}, ${tx.json((s.input ?? {}) as never)}, ${t.owner.id})
      returning *`);
  return job;
}

const SETTING_COLUMNS: Partial<Record<keyof AutomationSettings, string>> = {
  concurrency: "concurrency",
  defaultTimeoutSeconds: "default_timeout_seconds",
  failureThreshold: "failure_threshold",
  recipients: "recipients",
  notifyEmail: "notify_email",
  historyRetentionDays: "history_retention_days",
  logRetentionDays: "log_retention_days",
  logCapKb: "log_cap_kb",
};

/** The tenant's settings row with these values (the rest default). */
export async function setSettings(t: TestTenant, s: Partial<AutomationSettings>) {
  const row: Record<string, unknown> = { tenant_id: t.id };
  for (const [k, v] of Object.entries(s)) {
    const column = SETTING_COLUMNS[k as keyof AutomationSettings];
    if (!column) throw new Error(`no column for setting ${k}`);
    row[column] = v;
  }
  await inTenant(t, async (tx) => {
    await tx`delete from automation_settings`;
    await tx`insert into automation_settings ${tx(row)}`;
  });
}

/** Sets an environment variable of the agent (encrypted, as the secrets API stores it). */
export async function setAgentEnv(t: TestTenant, agentId: string, name: string, value: string) {
  const { platform } = await testApp();
  await initSecrets(
    { sql: platform.db.sql, bus: platform.bus },
    platform.config.AUTOMATION_SECRET_KEY,
  );
  await inTenant(t, (tx) => {
    const actor = { sql: tx, bus: platform.bus, session: { userId: t.owner.id } } as Actor;
    return setEnv(actor, { agentId, name, value });
  });
}

/** Queues a run the way the scheduler and the run-now button do. */
export async function queueRun(
  t: TestTenant,
  agentId: string,
  opts: { job?: JobRecord | null; trigger?: RunTrigger; input?: unknown } = {},
): Promise<string> {
  const { platform } = await testApp();
  const queued = await inTenant(t, (tx) =>
    enqueueRun({ sql: tx, bus: platform.bus }, {
      job: opts.job ?? null,
      agentId,
      trigger: opts.trigger ?? (opts.job ? "manual" : "test"),
      input: opts.input,
      createdBy: t.owner.id,
    }));
  assert.equal(queued?.status, "queued", "the run was queued");
  return queued!.runId;
}

export async function runOf(t: TestTenant, id: string): Promise<RunRecord> {
  const [row] = await inTenant(t, (tx) =>
    tx<RunRecord[]>`
    select * from automation_runs where id = ${id}`);
  assert.ok(row, `run ${id} exists`);
  return row;
}

export async function agentOf(t: TestTenant, id: string) {
  const [row] = await inTenant(t, (tx) =>
    tx`
    select state, consecutive_failures, last_error, last_status from automation_agents
    where id = ${id}`);
  return row;
}

/** The real engine behind a dispatcher that claims only automation runs. */
export async function engineDispatcher() {
  const { platform } = await testApp();
  await initSecrets(
    { sql: platform.db.sql, bus: platform.bus },
    platform.config.AUTOMATION_SECRET_KEY,
  );
  return new Dispatcher(platform.db, new Map([[RUN_JOB, runJob.handler]]), {
    onlyNames: [RUN_JOB],
    bus: platform.bus,
    concurrency: 8,
    perTenantLimit: 8,
    leaseSeconds: 30,
    pollMs: 50,
  });
}

/** Queues one run and drains the queue: the run as it ended. */
export async function runToEnd(
  t: TestTenant,
  agentId: string,
  opts: { job?: JobRecord | null; trigger?: RunTrigger; input?: unknown } = {},
) {
  const runId = await queueRun(t, agentId, opts);
  await (await engineDispatcher()).drain();
  return await runOf(t, runId);
}

/** Polls until check() returns something other than undefined/false, or fails at the limit. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (true) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Live sandbox processes this test process started (not the memory watchdog's `ps` calls or
 * a designer bundle build, which are its children too). */
export async function childProcesses(): Promise<number[]> {
  return (await processes(isSandbox)).filter((p) => p.ppid === Deno.pid).map((p) => p.pid);
}

/** The context a dispatcher gives a handler: of a tenant, or platform-wide (null). */
export async function jobContext(tenantId: string | null): Promise<JobContext> {
  const { platform } = await testApp();
  return {
    tenantId,
    attempt: 1,
    payload: {},
    log: () => {},
    scoped: (fn) => withScope(platform.db.sql, { tenantId: tenantId ?? PLATFORM_TENANT }, fn),
    bus: platform.bus,
    signal: new AbortController().signal,
  } as Omit<JobContext, "job"> as JobContext;
}
