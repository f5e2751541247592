import assert from "node:assert/strict";
import { itest, join, newTenant, testApp } from "../helpers.ts";
import { APP_ROLE, withScope } from "../../shared/db/scope.ts";

itest("rls: the application role owns nothing and cannot bypass RLS", async () => {
  const { platform } = await testApp();
  const [role] = await platform.db.sql`
    select rolsuper, rolbypassrls from pg_roles where rolname = ${APP_ROLE}`;
  assert.deepEqual({ ...role }, { rolsuper: false, rolbypassrls: false });
  const owned = await platform.db.sql`
    select c.relname from pg_class c join pg_roles r on r.oid = c.relowner
    where r.rolname = ${APP_ROLE}`;
  assert.deepEqual([...owned], []);
  const [who] = await withScope(platform.db.sql, {}, (tx) => tx`select current_user as u`);
  assert.equal(who.u, APP_ROLE);
});

itest(
  "rls catalog: every table with tenant_id has forced RLS, a policy and tenant-led keys",
  async () => {
    const { platform } = await testApp();
    const tables = await platform.db.sql`
    select c.oid, c.relname, c.relrowsecurity, c.relforcerowsecurity,
      (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies,
      a.attnum as tenant_attnum
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
    where c.relkind in ('r', 'p')`;
    assert.ok(tables.length >= 2, "expected tenant tables");
    for (const t of tables) {
      assert.ok(t.relrowsecurity, `${t.relname}: row level security is not enabled`);
      assert.ok(t.relforcerowsecurity, `${t.relname}: row level security is not forced`);
      assert.ok(t.policies > 0, `${t.relname}: has no policy`);
      // A policy that lets the application role (or everyone) see every row would undo the
      // isolation; the dispatcher role's cross-tenant policies are meant (it runs no requests).
      const open = await platform.db.sql`
      select polname from pg_policy
      where polrelid = ${t.oid} and pg_get_expr(polqual, polrelid) = 'true'
        and (0::oid = any(polroles)
          or (select oid from pg_roles where rolname = ${APP_ROLE}) = any(polroles))`;
      assert.deepEqual(open.map((p) => p.polname), [], `${t.relname}: a using (true) policy`);
      const keys = await platform.db.sql`
      select i.indexrelid::regclass::text as name,
        ${t.tenantAttnum}::int2 = any(i.indkey::int2[]) as has_tenant
      from pg_index i where i.indrelid = ${t.oid} and (i.indisunique or i.indisprimary)`;
      assert.ok(keys.length > 0, `${t.relname}: no primary key`);
      for (const k of keys) {
        assert.ok(k.hasTenant, `${t.relname}: key ${k.name} lacks tenant_id`);
      }
    }
  },
);

itest("rls: without a tenant context no tenant rows are visible", async () => {
  const { platform } = await testApp();
  await newTenant();
  for (const table of ["roles", "memberships"]) {
    const rows = await withScope(platform.db.sql, {}, (tx) => tx`select * from ${tx(table)}`);
    assert.equal(rows.length, 0, `${table} leaked rows without a tenant`);
  }
});

itest("rls: one tenant cannot read, update, delete or insert another's rows", async () => {
  const { platform } = await testApp();
  const a = await newTenant();
  const b = await newTenant();
  const sql = platform.db.sql;
  const asA = <T>(fn: Parameters<typeof withScope<T>>[2]) =>
    withScope<T>(sql, { tenantId: a.id }, fn);

  // A raw query that forgets `where tenant_id` still sees only A.
  const seen = await asA((tx) => tx`select distinct tenant_id from roles`);
  assert.deepEqual(seen.map((r) => r.tenantId), [a.id]);

  const updated = await asA((tx) =>
    tx`update roles set name = 'hijacked' where tenant_id = ${b.id}`
  );
  assert.equal(updated.count, 0);
  const deleted = await asA((tx) => tx`delete from memberships where tenant_id = ${b.id}`);
  assert.equal(deleted.count, 0);

  await assert.rejects(
    () =>
      asA((tx) =>
        tx`insert into roles (tenant_id, id, key, name) values (${b.id}, ${crypto.randomUUID()}, 'evil', 'Evil')`
      ),
    /row-level security/,
  );
  await assert.rejects(
    () => asA((tx) => tx`update roles set tenant_id = ${b.id} where key = 'viewer'`),
    /row-level security/,
  );

  const bRoles = await withScope(
    sql,
    { tenantId: b.id },
    (tx) => tx`select name, key from roles order by key`,
  );
  assert.ok(bRoles.length >= 5);
  assert.ok(bRoles.every((r) => r.name !== "hijacked" && r.key !== "evil"));
  const bMembers = await withScope(
    sql,
    { tenantId: b.id },
    (tx) => tx`select count(*)::int as n from memberships`,
  );
  assert.equal(bMembers[0].n, 1);
});

itest("rls: the request transaction is scoped to the caller's tenant", async () => {
  const a = await newTenant();
  const b = await newTenant();
  await b.member(["viewer"]);
  const res = await a.owner.call("GET", "/api/admin/users");
  const body = await res.json();
  assert.equal(res.status, 200);
  assert.deepEqual(body.items.map((u: { email: string }) => u.email), [a.owner.email]);
});

itest(
  "rls: a user's own memberships in other tenants are readable but never writable",
  async () => {
    const { platform } = await testApp();
    const a = await newTenant();
    const b = await newTenant();
    await join(a.owner, b, ["viewer"]);
    const scope = { tenantId: a.id, userId: a.owner.id };
    const seen = await withScope(
      platform.db.sql,
      scope,
      (tx) =>
        tx`select tenant_id from memberships where user_id = ${a.owner.id} order by tenant_id`,
    );
    assert.deepEqual(
      seen.map((r) => r.tenantId).sort(),
      [a.id, b.id].sort(),
    );
    const deleted = await withScope(
      platform.db.sql,
      scope,
      (tx) => tx`delete from memberships where user_id = ${a.owner.id} and tenant_id = ${b.id}`,
    );
    assert.equal(deleted.count, 0);
    const updated = await withScope(
      platform.db.sql,
      scope,
      (tx) => tx`update memberships set roles = '{owner}' where tenant_id = ${b.id}`,
    );
    assert.equal(updated.count, 0);
    const inB = await withScope(
      platform.db.sql,
      { tenantId: b.id },
      (tx) => tx`select roles from memberships where user_id = ${a.owner.id}`,
    );
    assert.deepEqual(inB[0].roles, ["viewer"]);
  },
);

itest(
  "rls: share-link lookups — one tenant never reads another's; the token function finds one",
  async () => {
    const { platform } = await testApp();
    const a = await newTenant();
    const b = await newTenant();
    const sql = platform.db.sql;
    const hashA = `a-${crypto.randomUUID()}`;
    const hashB = `b-${crypto.randomUUID()}`;
    await sql`insert into doc_share_lookup (token_hash, tenant_id, share_id) values
    (${hashA}, ${a.id}, ${crypto.randomUUID()}), (${hashB}, ${b.id}, ${crypto.randomUUID()})`;
    const asA = await withScope(
      sql,
      { tenantId: a.id },
      (tx) => tx`select tenant_id from doc_share_lookup where token_hash in (${hashA}, ${hashB})`,
    );
    assert.deepEqual(
      asA.map((r) => r.tenantId),
      [a.id],
      "A sees only its own lookup rows",
    );
    const noTenant = await withScope(
      sql,
      {},
      (tx) => tx`select 1 from doc_share_lookup where token_hash in (${hashA}, ${hashB})`,
    );
    assert.equal(noTenant.length, 0, "without a tenant the table shows nothing");
    // The public-link path: one hash in, its tenant out — through the definer function only.
    const [found] = await withScope(
      sql,
      {},
      (tx) => tx`select tenant_id from doc_share_by_token(${hashB})`,
    );
    assert.equal(found.tenantId, b.id);
    const none = await withScope(sql, {}, (tx) => tx`select * from doc_share_by_token('nope')`);
    assert.equal(none.length, 0);
  },
);
