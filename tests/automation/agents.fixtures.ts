/**
 * Shared by the agents, secrets, settings and kinds tests: the secrets key loaded, and small
 * helpers.
 */
import assert from "node:assert/strict";
import { uuidv7 } from "uuidv7";
import { withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";
import { initSecrets } from "../../modules/automation/secrets/secrets.key.service.ts";
import { type Caller, testApp, type TestTenant } from "../helpers.ts";

export const API = "/api/automation";

let keyed: Promise<void> | null = null;

/** The app with the secrets key loaded (once: tests may swap it). */
export async function app() {
  const a = await testApp();
  keyed ??= initSecrets(
    { sql: a.platform.db.sql, bus: a.platform.bus },
    a.platform.config.AUTOMATION_SECRET_KEY,
  );
  await keyed;
  return a;
}

export async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

export const SCRIPT = `export default async function (ctx) {
  ctx.log.info("hi");
  return { ok: true };
}
`;

export async function createAgent(who: Caller, body: Record<string, unknown> = {}) {
  return await json(
    await who.call("POST", `${API}/agents`, {
      name: `agent-${uuidv7().slice(-8)}`,
      kind: "script",
      code: SCRIPT,
      ...body,
    }),
    201,
  );
}

/** Runs fn in the tenant's scope (RLS on), as its owner. */
export async function inTenant<T>(t: TestTenant, fn: (sql: Sql) => Promise<T>): Promise<T> {
  const { platform } = await app();
  return await withScope(platform.db.sql, { tenantId: t.id, userId: t.owner.id }, fn);
}

export async function seedJob(t: TestTenant, agentId: string, name = `job-${uuidv7().slice(-6)}`) {
  await inTenant(
    t,
    (tx) =>
      tx`insert into automation_jobs (tenant_id, id, name, agent_id, trigger_kind, created_by)
       values (${t.id}, ${uuidv7()}, ${name}, ${agentId}, 'manual', ${t.owner.id})`,
  );
  return name;
}
