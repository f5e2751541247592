import assert from "node:assert/strict";
import { callApp, itest, join, newTenant, PASSWORD, testApp, unique } from "../helpers.ts";
import { APP_ROLE, type Scope, withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";
import { asWorker } from "../../shared/jobs/dispatcher.ts";

// Accounts and workspaces are under RLS too (migration 0030): a query that forgets its `where`
// sees only the current tenant's people and workspaces, never the whole platform's.

async function scoped<T>(scope: Scope, fn: (tx: Sql) => Promise<T>) {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, scope, fn);
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

itest("identity rls catalog: users and tenants have forced RLS and no open policy", async () => {
  const { platform } = await testApp();
  const rows = await platform.db.sql`
    select c.relname, c.relrowsecurity, c.relforcerowsecurity,
      (select array_agg(p.polname order by p.polname) from pg_policy p
       where p.polrelid = c.oid and pg_get_expr(p.polqual, p.polrelid) = 'true'
         and (0::oid = any(p.polroles)
           or (select oid from pg_roles where rolname = ${APP_ROLE}) = any(p.polroles))) as open
    from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    where c.relname in ('users', 'tenants') order by c.relname`;
  assert.deepEqual(rows.map((r) => ({ ...r })), [
    { relname: "tenants", relrowsecurity: true, relforcerowsecurity: true, open: null },
    { relname: "users", relrowsecurity: true, relforcerowsecurity: true, open: null },
  ]);
});

itest("identity rls: in tenant A, users shows A's members and oneself only", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const aMember = await a.member(["viewer"]);
  await b.member(["viewer"]);
  // B's owner looking from A's context (as if a scope were set up wrongly): A's people and
  // themself, nobody else of B.
  const seen = await scoped(
    { tenantId: a.id, userId: b.owner.id },
    (tx) => tx<{ id: string }[]>`select id from users`,
  );
  assert.deepEqual(ids(seen), [a.owner.id, aMember.id, b.owner.id].sort());
  // The member directory view listed every account of the platform before.
  const directory = await scoped(
    { tenantId: a.id },
    (tx) => tx<{ id: string }[]>`select user_id as id from member_directory`,
  );
  assert.deepEqual(ids(directory), [a.owner.id, aMember.id].sort());
  const none = await scoped({}, (tx) => tx`select id from users`);
  assert.equal(none.length, 0, "no tenant and no user: no accounts");
});

itest("identity rls: tenants shows the current tenant and one's own workspaces", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const c = await newTenant();
  const onlyA = await scoped(
    { tenantId: a.id },
    (tx) => tx<{ id: string }[]>`select id from tenants`,
  );
  assert.deepEqual(ids(onlyA), [a.id]);
  await join(a.owner, c, ["viewer"]);
  const withOwn = await scoped(
    { tenantId: a.id, userId: a.owner.id },
    (tx) => tx<{ id: string }[]>`select id from tenants`,
  );
  assert.deepEqual(ids(withOwn), [a.id, c.id].sort(), "A and C (a membership), never B");
  assert.ok(!withOwn.some((t) => t.id === b.id));
  const none = await scoped({}, (tx) => tx`select id from tenants`);
  assert.equal(none.length, 0);
});

itest("identity rls: writes reach only the current tenant and one's own account", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const aMember = await a.member(["viewer"]);
  const asAOwner = { tenantId: a.id, userId: a.owner.id };

  const otherTenant = await scoped(
    asAOwner,
    (tx) => tx`update tenants set name = 'hijacked' where id = ${b.id}`,
  );
  assert.equal(otherTenant.count, 0, "B's tenant row");
  const ownTenant = await scoped(
    asAOwner,
    (tx) => tx`update tenants set name = name where id = ${a.id}`,
  );
  assert.equal(ownTenant.count, 1, "A's own row stays writable (tenant settings)");
  const outsider = await scoped(
    asAOwner,
    (tx) => tx`update users set name = 'hijacked' where id = ${b.owner.id}`,
  );
  assert.equal(outsider.count, 0, "a non-member account");
  const member = await scoped(
    asAOwner,
    (tx) => tx`update users set name = 'renamed' where id = ${aMember.id}`,
  );
  assert.equal(member.count, 0, "a fellow member's account (admins edit memberships only)");
  // Columns, not only rows (0032): not even one's own operator flag or e-mail, and no hashes.
  await assert.rejects(
    () =>
      scoped(asAOwner, (tx) => tx`update users set is_operator = true where id = ${a.owner.id}`),
    /permission denied/,
  );
  await assert.rejects(
    () => scoped(asAOwner, (tx) => tx`update tenants set status = 'active' where id = ${a.id}`),
    /permission denied/,
  );
  await assert.rejects(
    () => scoped(asAOwner, (tx) => tx`select password_hash from users where id = ${aMember.id}`),
    /permission denied/,
  );
  const lookups = await scoped(
    asAOwner,
    (tx) => tx`select id from identity_user_for_login(${aMember.email})`,
  );
  assert.equal(lookups.length, 0, "inside a signed-in scope the sign-in lookup answers nothing");
  const self = await scoped(
    asAOwner,
    (tx) => tx`update users set name = name where id = ${a.owner.id}`,
  );
  assert.equal(self.count, 1, "one's own account (profile)");
  const deleted = await scoped(asAOwner, (tx) => tx`delete from users where id = ${aMember.id}`);
  assert.equal(deleted.count, 0);

  await assert.rejects(
    () =>
      scoped(asAOwner, (tx) =>
        tx`insert into tenants (id, slug, name)
           values (${crypto.randomUUID()}, ${unique("evil").toLowerCase()}, 'Evil')`),
    /row-level security/,
  );
  await assert.rejects(
    () =>
      scoped(asAOwner, (tx) =>
        tx`insert into users (id, email, name, is_operator)
           values (${crypto.randomUUID()}, ${unique("evil")}, 'Evil', true)`),
    /row-level security/,
  );

  const [bRow] = await scoped({ tenantId: b.id }, (tx) => tx`select name from tenants`);
  assert.notEqual(bRow.name, "hijacked");
  const [bOwner] = await scoped(
    { tenantId: b.id },
    (tx) => tx`select name from users where id = ${b.owner.id}`,
  );
  assert.notEqual(bOwner.name, "hijacked");
  const [flag] = await scoped(
    { tenantId: a.id },
    (tx) => tx`select is_operator from users where id = ${aMember.id}`,
  );
  assert.equal(flag.isOperator, false);
});

itest("identity rls: the cross-tenant functions answer narrowly", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const asAOwner = { tenantId: a.id, userId: a.owner.id };
  // Sign-in finds B's owner before any tenant is known, with what sign-in needs only.
  const [login] = await scoped(
    {},
    (tx) => tx`select * from identity_user_for_login(${b.owner.email.toUpperCase()})`,
  );
  assert.equal(login.id, b.owner.id);
  assert.ok(!("isOperator" in login));
  // Operators' functions refuse anyone else, whatever the application asks.
  await assert.rejects(
    () =>
      scoped(asAOwner, (tx) => tx`select * from identity_operator_tenants(null, null, null, 10)`),
    /platform operators only/,
  );
  await assert.rejects(
    () =>
      scoped(
        asAOwner,
        (tx) => tx`select * from identity_operator_set_tenant_status(${b.id}, 'suspended')`,
      ),
    /platform operators only/,
  );
  // No request can mint an operator account.
  await assert.rejects(
    () =>
      scoped(
        asAOwner,
        (tx) =>
          tx`select identity_create_user(${crypto.randomUUID()}, ${
            unique("op")
          }, 'Op', null, true)`,
      ),
    /not created inside a request/,
  );
  // An external token's tenant and e-mail resolve only to an existing membership.
  const [external] = await scoped(
    {},
    (tx) => tx`select * from identity_external_member(${b.slug}, ${b.owner.email})`,
  );
  assert.deepEqual({ ...external }, { tenantId: b.id, userId: b.owner.id });
  const foreign = await scoped(
    {},
    (tx) => tx`select * from identity_external_member(${b.slug}, ${a.owner.email})`,
  );
  assert.equal(foreign.length, 0);
});

itest("identity rls: the dispatcher reads every tenant's id and status, nothing else", async () => {
  const { platform } = await testApp();
  const a = await newTenant();
  const b = await newTenant();
  const seen = await asWorker(
    platform.db.sql,
    (tx) => tx<{ id: string }[]>`select id, status from tenants where id in (${a.id}, ${b.id})`,
  );
  assert.deepEqual(ids(seen), [a.id, b.id].sort());
  await assert.rejects(
    () => asWorker(platform.db.sql, (tx) => tx`select name from tenants`),
    /permission denied/,
  );
  await assert.rejects(
    () => asWorker(platform.db.sql, (tx) => tx`select email from users`),
    /permission denied/,
  );
});

itest(
  "identity rls: sign-in and invitations across tenants still work",
  async () => {
    const a = await newTenant();
    const b = await newTenant();
    // Sign-in across tenants: B's owner is found by e-mail with no tenant known yet.
    const res = await callApp("/api/auth/login", {
      method: "POST",
      body: { email: b.owner.email, password: PASSWORD },
      headers: { "X-Forwarded-For": unique("ip") },
    });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.tenant.id, b.id);
    // A invites B's owner (an account A cannot see) and the invitation shows A by name.
    const invited = await a.owner.call("POST", "/api/admin/users", {
      email: b.owner.email,
      name: "Guest",
      roles: ["viewer"],
    });
    assert.equal(invited.status, 201, await invited.clone().text());
    const list = await b.owner.call("GET", "/api/auth/invitations");
    const items = (await list.json()).items as { id: string; name: string }[];
    assert.deepEqual(items.map((i) => i.id), [a.id]);
    assert.equal(items[0].name, `Tenant ${a.slug}`);
    const accepted = await b.owner.call("POST", `/api/auth/invitations/${a.id}/accept`);
    assert.equal(accepted.status, 200);
    const listed = await a.owner.call("GET", "/api/admin/users");
    const emails = ((await listed.json()).items as { email: string }[]).map((u) => u.email);
    assert.ok(emails.includes(b.owner.email));
  },
);

itest(
  "identity rls: an operator creates a tenant for an existing account; slugs stay unique",
  async () => {
    const { platform } = await testApp();
    const b = await newTenant();
    const res = await callApp("/api/auth/login", {
      method: "POST",
      body: { email: platform.config.ADMIN_EMAIL, password: "bootstrap-password" },
      headers: { "X-Forwarded-For": unique("ip") },
    });
    const { accessToken } = await res.json();
    assert.equal(res.status, 200);
    const create = (slug: string) =>
      callApp("/api/admin/tenants", {
        method: "POST",
        token: accessToken,
        body: {
          slug,
          name: "Second",
          owner: { email: b.owner.email, name: "Ignored", password: "unused-password" },
        },
      });
    const slug = unique("second").toLowerCase().slice(0, 40);
    const created = await create(slug);
    const body = await created.json();
    assert.equal(created.status, 201, JSON.stringify(body));
    assert.equal(body.owner.id, b.owner.id, "the existing account, found across tenants");
    assert.equal(body.owner.name, "Owner");
    // B's slug belongs to a tenant the operator is no member of: still taken.
    assert.equal((await create(b.slug)).status, 409);
  },
);
