// Remembered sessions (issue 13, migration 0033): a read whose token's session this instance
// has read before skips the session query, and the scope's setup statement checks the tenant's
// session stamp and the token's revocation instead. These tests change each thing a session is
// built from — through the API and behind the app's back in SQL, as another instance would —
// and expect the very next read to see it, with the stale attempt answered again, never a 500.
import assert from "node:assert/strict";
import { callApp, itest, newTenant, testApp, until } from "../helpers.ts";
import { knownSessionStats } from "../../platform/identity/known-sessions.lib.ts";
import type { Caller } from "../helpers.ts";
import { openStreams } from "../../shared/realtime/stream-limits.ts";

const LIST = "/api/support/support-ticket?limit=25";
/** Answers by the session's operator flag (the account's, read with the session). */
const OPERATORS_ONLY = "/api/admin/tenants";

async function status(who: Caller, path: string) {
  const res = await who.call("GET", path);
  await res.body?.cancel();
  return res.status;
}

async function me(who: Caller) {
  const res = await who.call("GET", "/api/auth/me");
  assert.equal(res.status, 200);
  return await res.json() as {
    user: { name: string; locale: string | null; isOperator: boolean };
    tenant: { name: string };
    roles: string[];
    permissions: string[];
  };
}

/** Reads twice, so the session is remembered, and checks the second read used it. */
async function remembered(who: Caller) {
  await me(who);
  knownSessionStats(true);
  await me(who);
  assert.deepEqual(knownSessionStats(), { hits: 1, reads: 0, stale: 0 });
}

itest(
  "known sessions: a read after the first skips the session query; a write reads it",
  async () => {
    const t = await newTenant();
    const member = await t.member(["agent"]);
    await remembered(member);
    knownSessionStats(true);
    const created = await member.call("POST", "/api/support/customers", { name: "A customer" });
    await created.body?.cancel();
    assert.equal(created.status, 201);
    assert.deepEqual(knownSessionStats(), { hits: 0, reads: 1, stale: 0 }, "writes read afresh");
  },
);

itest("known sessions: a role change through the API is seen by the next read", async () => {
  const t = await newTenant();
  const member = await t.member(["agent"]);
  await remembered(member);
  const patched = await t.owner.call("PATCH", `/api/admin/users/${member.id}`, {
    roles: ["member"],
  });
  await patched.body?.cancel();
  assert.equal(patched.status, 200);
  knownSessionStats(true);
  assert.deepEqual((await me(member)).roles, ["member"]);
  assert.equal(knownSessionStats().stale, 1, "the remembered session was found stale");
  // And served from the fresh one afterwards.
  knownSessionStats(true);
  assert.deepEqual((await me(member)).roles, ["member"]);
  assert.deepEqual(knownSessionStats(), { hits: 1, reads: 0, stale: 0 });
});

itest("known sessions: changes made in SQL, as by another instance, are seen too", async () => {
  const { platform } = await testApp();
  const sql = platform.db.sql; // the schema owner: no app code, no in-process invalidation
  const t = await newTenant();
  const member = await t.member(["agent"]);

  await remembered(member);
  await sql`update roles set permissions = '{}' where tenant_id = ${t.id} and key = 'agent'`;
  const denied = await member.call("GET", LIST);
  await denied.body?.cancel();
  assert.equal(denied.status, 403, "permissions taken from the role");
  await sql`update memberships set roles = '{agent,viewer}' where tenant_id = ${t.id}
              and user_id = ${member.id}`;

  await remembered(member);
  assert.equal(await status(member, OPERATORS_ONLY), 403);
  await sql`update users set is_operator = true where id = ${member.id}`;
  assert.equal(await status(member, OPERATORS_ONLY), 200, "the account's operator flag");

  await remembered(member);
  await sql`update tenants set name = 'Workspace renamed' where id = ${t.id}`;
  assert.equal((await me(member)).tenant.name, "Workspace renamed");

  await remembered(member);
  await sql`update memberships set roles = '{viewer}' where tenant_id = ${t.id}
              and user_id = ${member.id}`;
  assert.deepEqual((await me(member)).roles, ["viewer"]);
  assert.equal(knownSessionStats().stale, 1);

  await remembered(member);
  await sql`update tenants set status = 'suspended', suspended_at = now() where id = ${t.id}`;
  const suspended = await member.call("GET", LIST);
  await suspended.body?.cancel();
  assert.equal(suspended.status, 401, "a suspended workspace");
});

itest("known sessions: a revoked or removed member is refused by the next read", async () => {
  const t = await newTenant();
  const member = await t.member(["agent"]);
  await remembered(member);
  const out = await member.call("POST", "/api/auth/logout");
  await out.body?.cancel();
  knownSessionStats(true);
  const after = await member.call("GET", LIST);
  await after.body?.cancel();
  assert.equal(after.status, 401);
  assert.equal(knownSessionStats().stale, 1);

  const other = await t.member(["agent"]);
  await remembered(other);
  const { platform } = await testApp();
  await platform.db
    .sql`delete from memberships where tenant_id = ${t.id} and user_id = ${other.id}`;
  const removed = await other.call("GET", LIST);
  await removed.body?.cancel();
  assert.equal(removed.status, 401);
});

itest("known sessions: a page read with a stale session is rendered whole", async () => {
  const t = await newTenant();
  const member = await t.member(["agent"]);
  const page = () => callApp("/support/tickets", { token: member.token });
  const first = await page();
  await first.body?.cancel();
  assert.equal(first.status, 200);
  const { platform } = await testApp();
  await platform.db.sql`update tenants set name = 'Shown after the change' where id = ${t.id}`;
  knownSessionStats(true);
  const again = await page();
  assert.equal(again.status, 200);
  assert.match(await again.text(), /Shown after the change/);
  assert.equal(knownSessionStats().stale, 1);
});

itest("known sessions: a live stream opened with a stale session leaves nothing open", async () => {
  const { app, platform } = await testApp();
  const t = await newTenant();
  const member = await t.member(["member"]);
  const open = () =>
    app.request("/api/notifications/stream", {
      headers: { Authorization: `Bearer ${member.token}` },
    });
  const first = await open();
  assert.equal(first.status, 200);
  await first.body!.cancel();
  await until(() => openStreams(member.id) === 0);
  await platform.db.sql`update tenants set name = 'Renamed under a stream' where id = ${t.id}`;
  knownSessionStats(true);
  const second = await open();
  assert.equal(second.status, 200);
  assert.equal(knownSessionStats().stale, 1, "the remembered session was stale");
  assert.equal(openStreams(member.id), 1, "only the stream answered is open");
  await second.body!.cancel();
  await until(() => openStreams(member.id) === 0);
});

Deno.test({
  name: "known sessions: an account changed while it joins a workspace is seen there (PostgreSQL)",
  // Two transactions at once need two connections; the embedded database has one.
  ignore: !Deno.env.get("DATABASE_URL"),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { platform } = await testApp();
    const sql = platform.db.sql;
    const home = await newTenant();
    const joined = await newTenant();
    const who = await home.member(["agent"]);
    // The account changes in one transaction, still open while another adds its membership
    // elsewhere and commits; the session read there in between must not outlive the change.
    const tx = await sql.reserve();
    try {
      await tx`begin`;
      await tx`update users set is_operator = true where id = ${who.id}`;
      await sql`insert into memberships (tenant_id, user_id, roles)
                values (${joined.id}, ${who.id}, '{agent}')`;
      const { token } = await platform.tokens.issue({
        userId: who.id,
        tenantId: joined.id,
        roles: ["agent"],
      });
      const there = { ...who, token, call: callerFor(token) };
      assert.equal(await status(there, OPERATORS_ONLY), 403, "not yet an operator");
      assert.equal(await status(there, OPERATORS_ONLY), 403); // remembered now
      await tx`commit`;
      assert.equal(await status(there, OPERATORS_ONLY), 200, "an operator once committed");
    } finally {
      await tx`rollback`.catch(() => {});
      tx.release();
    }
  },
});

function callerFor(token: string): Caller["call"] {
  return (method, path, body, headers) => callApp(path, { method, body, token, headers });
}
