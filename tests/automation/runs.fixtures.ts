import { uuidv7 } from "uuidv7";
import { withScope } from "../../shared/db/scope.ts";
import { testApp, type TestTenant } from "../helpers.ts";
import { enqueueRun } from "../../modules/automation/runs/runs.enqueue.service.ts";
import type { JobRecord } from "../../modules/automation/common/common.schemas.ts";

export const API = "/api/automation";

/** Seeds an agent (and optionally a job) straight in the tenant's scope. */
export async function seedAgent(
  t: TestTenant,
  opts: { state?: string; name?: string; code?: string; grants?: string[] } = {},
) {
  const { platform } = await testApp();
  const id = uuidv7();
  await withScope(platform.db.sql, { tenantId: t.id, userId: t.owner.id }, async (tx) => {
    await tx`insert into automation_agents (tenant_id, id, name, kind, state, code, grants,
               created_by)
             values (${t.id}, ${id}, ${opts.name ?? `agent-${id.slice(-6)}`}, 'script',
               ${opts.state ?? "aktif"},
               ${opts.code ?? "export default async () => 42"}, ${opts.grants ?? []},
               ${t.owner.id})`;
    await tx`insert into automation_agent_versions (tenant_id, agent_id, version, config, code)
             values (${t.id}, ${id}, 1, '{}', ${opts.code ?? "export default async () => 42"})`;
  });
  return id;
}

export async function seedJob(
  t: TestTenant,
  agentId: string,
  opts: Partial<JobRecord> = {},
): Promise<JobRecord> {
  const { platform } = await testApp();
  const id = uuidv7();
  const job: JobRecord = {
    id,
    name: `job-${id.slice(-6)}`,
    description: "",
    agentId,
    triggerKind: "manual",
    cron: null,
    timezone: null,
    runAt: null,
    intervalSeconds: null,
    event: null,
    webhookSecretHash: null,
    input: {},
    priority: 0,
    timeoutSeconds: null,
    maxAttempts: 1,
    backoffSeconds: 0,
    concurrency: "skip",
    catchup: "latest",
    catchupLimit: 10,
    notifyOnFailure: true,
    enabled: true,
    nextRunAt: null,
    lastFiredAt: null,
    createdBy: t.owner.id,
    createdAt: "",
    updatedAt: "",
    ...opts,
  };
  await withScope(
    platform.db.sql,
    { tenantId: t.id, userId: t.owner.id },
    (tx) =>
      tx`insert into automation_jobs (tenant_id, id, name, agent_id, trigger_kind, max_attempts,
         backoff_seconds, concurrency, priority, created_by)
       values (${t.id}, ${id}, ${job.name}, ${agentId}, ${job.triggerKind}, ${job.maxAttempts},
         ${job.backoffSeconds}, ${job.concurrency}, ${job.priority}, ${t.owner.id})`,
  );
  return job;
}

/** Runs fn in the tenant's scope (as its owner). */
export async function inTenant<T>(
  t: TestTenant,
  fn: (tx: import("../../shared/db/database.ts").Sql) => Promise<T>,
) {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId: t.id, userId: t.owner.id }, fn);
}

/** A member of t whose only role reads tickets: no automation permission at all. */
export async function memberWithoutAutomation(t: TestTenant) {
  const role = await t.owner.call("POST", "/api/admin/roles", {
    key: "no-automation",
    name: "Support only",
    permissions: ["support.ticket.read"],
  });
  if (role.status !== 201) throw new Error(`role: ${role.status} ${await role.text()}`);
  return await t.member(["no-automation"]);
}

/** A test run of the agent, queued and then (with `log`) marked running with that log. */
export async function seedRun(t: TestTenant, agentId: string, log?: string) {
  const { platform } = await testApp();
  const queued = await inTenant(
    t,
    (tx) => enqueueRun({ sql: tx, bus: platform.bus }, { job: null, agentId, trigger: "test" }),
  );
  const id = queued!.runId;
  if (log !== undefined) {
    await inTenant(t, (tx) =>
      tx`update automation_runs set status = 'running', log = ${log}
                                 where id = ${id}`);
  }
  return { id, ref: { id, jobId: null, agentId, status: "running" as const } };
}
