// The request hot path (issue 13) may keep only what cannot go stale unnoticed: a token's
// verified signature, and its session checked against the tenant's stamp on every read (see
// known-sessions.test.ts). These tests pin that down: a revoked token, a changed role or a
// disabled member take effect on the very next request, and many tenants' requests at once
// never see each other's rows.
import assert from "node:assert/strict";
import { callApp, itest, newTenant, testApp, unique } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { createTenant } from "../../platform/identity/tenants.service.ts";
import { insertUser } from "../../platform/identity/users.repo.ts";
import { knownSessionStats } from "../../platform/identity/known-sessions.lib.ts";

const LIST = "/api/support/support-ticket?limit=25";

itest("hot path: a revoked token is refused on the next request", async () => {
  const t = await newTenant();
  const member = await t.member(["agent"]);
  // Twice, so the token's verification is cached before it is revoked.
  assert.equal((await member.call("GET", LIST)).status, 200);
  assert.equal((await member.call("GET", LIST)).status, 200);
  const out = await member.call("POST", "/api/auth/logout");
  await out.body?.cancel();
  assert.ok(out.status < 300, `logout answered ${out.status}`);
  const after = await member.call("GET", LIST);
  await after.body?.cancel();
  assert.equal(after.status, 401);
});

itest("hot path: a role change and a disabled member take effect on the next request", async () => {
  const t = await newTenant();
  const member = await t.member(["agent"]);
  const customer = { name: "Customer of the hot path" };
  const ok = await member.call("POST", "/api/support/customers", customer);
  await ok.body?.cancel();
  assert.equal(ok.status, 201, "agents add customers");

  const patched = await t.owner.call("PATCH", `/api/admin/users/${member.id}`, {
    roles: ["member"],
  });
  await patched.body?.cancel();
  assert.equal(patched.status, 200);
  // The token still says agent; the membership no longer does, and that is what counts.
  const me = await (await member.call("GET", "/api/auth/me")).json();
  assert.deepEqual(me.roles, ["member"]);
  const denied = await member.call("POST", "/api/support/customers", customer);
  await denied.body?.cancel();
  assert.equal(denied.status, 403, "members do not add customers");

  const disabled = await t.owner.call("PATCH", `/api/admin/users/${member.id}`, {
    status: "disabled",
  });
  await disabled.body?.cancel();
  assert.equal(disabled.status, 200);
  const gone = await member.call("GET", LIST);
  await gone.body?.cancel();
  assert.equal(gone.status, 401);
});

itest("hot path: 100 tenants' requests at once each see only their own tickets", async () => {
  const { platform } = await testApp();
  const sql = platform.db.sql;
  const TENANTS = 100;
  const tenants: { id: string; slug: string; token: string; tickets: Set<string> }[] = [];
  // Owners without passwords: hashing 100 of them would dominate the test's time.
  for (let i = 0; i < TENANTS; i++) {
    const slug = unique("hot").toLowerCase().slice(0, 60);
    const { tenant, owner } = await withScope(sql, {}, async (tx) => {
      const user = await insertUser(tx, {
        email: `${slug}@example.test`,
        name: "Owner",
        passwordHash: null,
      });
      return await createTenant({ sql: tx }, {
        slug,
        name: slug,
        owner: { email: user.email, name: user.name },
        roles: platform.roles,
      });
    });
    const rows = await withScope(sql, { tenantId: tenant.id, userId: owner.id }, async (tx) => {
      const [customer] = await tx<{ id: string }[]>`
        insert into support_customers (tenant_id, id, name)
        values (${tenant.id}, gen_random_uuid(), 'Customer') returning id`;
      return await tx<{ id: string }[]>`
        insert into support_tickets (tenant_id, id, number, subject, status, priority,
          customer_id)
        select ${tenant.id}, gen_random_uuid(), 'T-' || g, 'Ticket ' || g || ' of ' || ${slug},
          'acik', 'normal', ${customer.id}
        from generate_series(1, 3) g returning id`;
    });
    const { token } = await platform.tokens.issue({
      userId: owner.id,
      tenantId: tenant.id,
      roles: ["owner"],
    });
    tenants.push({ id: tenant.id, slug, token, tickets: new Set(rows.map((r) => r.id)) });
  }

  // Every tenant three times, interleaved, all in flight together; and each tenant asks for
  // its neighbour's ticket by id, which must be a 404, and opens its ticket list page (with its
  // own workspace name and tickets only). Twice: the second round runs on remembered sessions
  // and rendered menus, the caches a mix-up would come through.
  const round = () =>
    Promise.all([0, 1, 2].flatMap(() =>
      tenants.map(async (t, i) => {
        const res = await callApp(LIST, { token: t.token });
        assert.equal(res.status, 200);
        const body = await res.json() as { items: { id: string }[] };
        const ids = body.items.map((x) => x.id).sort();
        assert.deepEqual(ids, [...t.tickets].sort(), `tenant ${i} saw another tenant's rows`);
        const other = tenants[(i + 1) % tenants.length];
        const [foreign] = other.tickets;
        const miss = await callApp(`/api/support/support-ticket/${foreign}`, { token: t.token });
        await miss.body?.cancel();
        assert.equal(miss.status, 404);
        const page = await callApp("/support/tickets", { token: t.token });
        assert.equal(page.status, 200);
        const html = await page.text();
        const shown = new Set(
          html.match(/Ticket \d of [a-z0-9-]+/g)?.map((x) => x.split(" of ")[1]),
        );
        assert.deepEqual([...shown], [t.slug], `tenant ${i}'s page`);
        assert.ok(html.includes(t.slug), `tenant ${i}'s workspace name`);
      })
    ));
  await round();
  knownSessionStats(true);
  await round();
  const { hits, reads } = knownSessionStats();
  assert.equal(reads, 0, "the second round read no session afresh");
  assert.equal(hits, 100 * 3 * 3);
});

itest(
  "hot path: the scope's role and tenant apply to the first statement, sent at once",
  async () => {
    const { platform } = await testApp();
    const tenantId = crypto.randomUUID();
    // The setup statement is pipelined; a first statement sent synchronously must still follow it.
    const [row] = await withScope(
      platform.db.sql,
      { tenantId },
      (tx) =>
        tx<{ tenant: string; role: string }[]>`
        select current_setting('app.tenant_id', true) as tenant, current_user as role`.execute(),
    );
    assert.equal(row.tenant, tenantId);
    assert.equal(row.role, "platform_app");
  },
);
