import assert from "node:assert/strict";
import { browse, callApp, itest, newTenant, problem, testApp } from "../helpers.ts";
import { portalAudience } from "../../modules/support/portal/portal.session.service.ts";
import { transaction, withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/sql.ts";
import { API, customer, json, ticket } from "./fixtures.ts";
import { portalRoleSetup, setPortalScope } from "../../modules/support/portal/portal.repo.ts";
import { addCustomerComment, createTicket } from "../../modules/support/tickets/tickets.service.ts";

/** Runs fn as the portal principal: the tenant and (optionally) one customer and company. */
async function asPortal<T>(
  s: { tenantId: string; customerId: string | null; companyId: string | null },
  fn: (tx: Sql) => Promise<T>,
): Promise<T> {
  const { platform } = await testApp();
  return await transaction(platform.db.sql, portalRoleSetup, async (tx) => {
    await setPortalScope(tx, s);
    return await fn(tx);
  });
}

/** The allowlist of migration 0050 as the docs state it: table → commands the portal keeps. */
const ALLOWLIST: Record<string, string[]> = {
  support_settings: ["select"],
  support_numbering_templates: ["select"],
  support_number_counters: ["select", "insert", "update"],
  support_sla_policies: ["select"],
  support_email_templates: ["select"],
  activity: ["insert", "select-own"],
  jobs: ["insert", "select-own"],
  mail_outbox: ["insert"],
  notifications: ["insert", "select-own"],
  support_mail_ids: ["insert"],
  analytics_ticket_days: ["select", "insert", "update"],
  event_heads: ["select", "insert", "update"],
};

itest("portal rls: the ticket write path works as the portal principal", async () => {
  const t = await newTenant();
  const c = await customer(t.owner, { email: "writer@example.test" });
  const { platform } = await testApp();
  const created = await asPortal(
    { tenantId: t.id, customerId: c.id, companyId: null },
    (tx) =>
      createTicket({ sql: tx, bus: platform.bus }, {
        subject: "From the portal",
        description: "Opened by the customer",
        customerId: c.id,
        tags: [],
      } as never),
  );
  assert.equal(created.customerId, c.id);
  assert.match(created.number, /-00001$/);
  const seen = await json(await t.owner.call("GET", `${API}/support-ticket/${created.id}`), 200);
  assert.equal(seen.subject, "From the portal");
});

itest("portal rls: a customer's reply (with an assignee to tell) works as the portal", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const c = await customer(t.owner, { email: "replier@example.test" });
  const tk = await ticket(t.owner, c.id, { assigneeId: agent.id });
  const { platform } = await testApp();
  await asPortal(
    { tenantId: t.id, customerId: c.id, companyId: null },
    (tx) =>
      addCustomerComment({ sql: tx, bus: platform.bus }, {
        ticketId: tk.id,
        body: "Still broken",
        channel: "portal",
        fromAddress: null,
        cc: [],
        messageId: null,
        inboundMessageId: null,
      }),
  );
  const list = await json(
    await t.owner.call("GET", `${API}/support-ticket/${tk.id}/comments`),
    200,
  );
  assert.ok(list.items.some((x: { body: string }) => x.body === "Still broken"));
  // The assignee hears of it (the notification is written by the portal transaction).
  const told = await withScope(
    platform.db.sql,
    { tenantId: t.id, userId: agent.id },
    (tx) => tx`select 1 from notifications where body = 'The customer replied'`,
  );
  assert.equal(told.length, 1);
});

/** Two companies (one sharing), three customers, tickets and comments of each. */
async function world() {
  const t = await newTenant();
  const made = await json(
    await t.owner.call("POST", `${API}/companies`, { name: "Shared Co" }),
    201,
  );
  assert.equal(made.portalSharedTickets, false);
  // The per-company flag, through the companies API.
  const shared = await json(
    await t.owner.call("PUT", `${API}/companies/${made.id}`, { portalSharedTickets: true }),
    200,
  );
  assert.equal(shared.portalSharedTickets, true);
  await problem(
    await t.owner.call("PUT", `${API}/companies/${made.id}`, { portalSharedTickets: "yes" }),
    400,
  );
  const closed = await json(
    await t.owner.call("POST", `${API}/companies`, { name: "Private Co" }),
    201,
  );
  const x = await customer(t.owner, { email: "x@example.test", companyId: shared.id });
  const y = await customer(t.owner, { email: "y@example.test", companyId: shared.id });
  const z = await customer(t.owner, { email: "z@example.test", companyId: closed.id });
  const w = await customer(t.owner, { email: "w@example.test", companyId: closed.id });
  const tx = await ticket(t.owner, x.id, { subject: "X ticket" });
  const ty = await ticket(t.owner, y.id, { subject: "Y ticket" });
  const tz = await ticket(t.owner, z.id, { subject: "Z ticket" });
  const tw = await ticket(t.owner, w.id, { subject: "W ticket" });
  for (const tk of [tx, ty, tz, tw]) {
    await json(
      await t.owner.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
        body: "public answer",
      }),
      201,
    );
    await json(
      await t.owner.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
        body: "internal note",
        visibility: "internal",
      }),
      201,
    );
  }
  return { t, shared, closed, x, y, z, w, tx, ty, tz, tw };
}

const subjects = (rows: { subject: string }[]) => rows.map((r) => r.subject).sort();

itest("portal rls: own tickets, the company's when shared, never internal notes", async () => {
  const s = await world();
  // X's company shares: X sees X's and Y's tickets.
  const asX = { tenantId: s.t.id, customerId: s.x.id, companyId: s.shared.id };
  assert.deepEqual(
    subjects(await asPortal(asX, (tx) => tx`select subject from support_tickets`)),
    ["X ticket", "Y ticket"],
  );
  // Z's company does not share: Z sees only Z's own.
  const asZ = { tenantId: s.t.id, customerId: s.z.id, companyId: s.closed.id };
  assert.deepEqual(
    subjects(await asPortal(asZ, (tx) => tx`select subject from support_tickets`)),
    ["Z ticket"],
  );
  // Comments: public ones of visible tickets only.
  const bodies = await asPortal(asZ, (tx) => tx`select ticket_id, body from support_comments`);
  assert.deepEqual(bodies.map((r) => r.body), ["public answer"]);
  assert.ok(bodies.every((r) => r.ticketId === s.tz.id));
  // Customers, companies, contacts: only their own.
  const people = await asPortal(asZ, (tx) => tx`select id from support_customers`);
  assert.deepEqual(people.map((r) => r.id), [s.z.id]);
  const firms = await asPortal(asZ, (tx) => tx`select id from support_companies`);
  assert.deepEqual(firms.map((r) => r.id), [s.closed.id]);
  // An internal note cannot be written either.
  await assert.rejects(
    asPortal(asZ, (tx) =>
      tx`insert into support_comments (id, ticket_id, body, visibility)
         values (${crypto.randomUUID()}, ${s.tz.id}, 'sneaky', 'internal')`),
    /row-level security/,
  );
});

itest(
  "portal rls: another customer's ticket cannot be changed; nothing of another tenant",
  async () => {
    const s = await world();
    const other = await world();
    const asZ = { tenantId: s.t.id, customerId: s.z.id, companyId: s.closed.id };
    const changed = await asPortal(
      asZ,
      (tx) =>
        tx`update support_tickets set subject = 'hijacked' where id in (${s.tw.id}, ${s.tx.id})
       returning id`,
    );
    assert.equal(changed.length, 0);
    // Handing its own ticket to someone else is refused.
    await assert.rejects(
      asPortal(
        asZ,
        (tx) => tx`update support_tickets set customer_id = ${s.w.id} where id = ${s.tz.id}`,
      ),
      /row-level security/,
    );
    const seen = await json(await s.t.owner.call("GET", `${API}/support-ticket/${s.tw.id}`), 200);
    assert.equal(seen.subject, "W ticket");
    // Tenant B's customer pointed at tenant A: nothing (tenant policy), even naming A's ids.
    const crossed = await asPortal(
      { tenantId: other.t.id, customerId: s.z.id, companyId: s.closed.id },
      (tx) => tx`select id from support_tickets where id = ${s.tz.id}`,
    );
    assert.equal(crossed.length, 0);
  },
);

itest("portal rls: the anonymous scope sees no ticket, comment or customer", async () => {
  const s = await world();
  const anon = { tenantId: s.t.id, customerId: null, companyId: null };
  assert.equal((await asPortal(anon, (tx) => tx`select 1 from support_tickets`)).length, 0);
  assert.equal((await asPortal(anon, (tx) => tx`select 1 from support_comments`)).length, 0);
  assert.equal((await asPortal(anon, (tx) => tx`select 1 from support_customers`)).length, 0);
  assert.equal((await asPortal(anon, (tx) => tx`select 1 from support_companies`)).length, 0);
  // A denied table stays closed to a signed-in customer too.
  const asX = { tenantId: s.t.id, customerId: s.x.id, companyId: s.shared.id };
  // Members: none, as no visible ticket has an assignee.
  assert.equal((await asPortal(asX, (tx) => tx`select 1 from memberships`)).length, 0);
  assert.equal((await asPortal(asX, (tx) => tx`select 1 from notifications`)).length, 0);
  assert.equal((await asPortal(asX, (tx) => tx`select 1 from activity`)).length, 0);
});

itest("portal rls catalog: every tenant table has a portal policy or is allowlisted", async () => {
  const { platform } = await testApp();
  const tables = await platform.db.sql<{ table: string; policies: string[] }[]>`
    select c.relname as table,
           coalesce(array_agg(p.polname) filter (where p.polname is not null), '{}') as policies
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
    left join pg_policy p on p.polrelid = c.oid
      and (select oid from pg_roles where rolname = 'platform_portal') = any (p.polroles)
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    group by c.relname`;
  assert.ok(tables.length > 50);
  const missing = tables.filter((r) => r.policies.length === 0 && !(r.table in ALLOWLIST));
  assert.deepEqual(missing.map((r) => r.table), []);
  // The migration's allowlist is the documented one.
  const stored = await platform.db.sql<{ tableName: string; commands: string[] }[]>`
    select table_name, commands from support_portal_allowlist order by table_name`;
  assert.deepEqual(
    Object.fromEntries(stored.map((r) => [r.tableName, r.commands])),
    ALLOWLIST,
  );
  // Not RLS-protected would mean no policy at all applies: every tenant table has RLS forced.
  const loose = await platform.db.sql`
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id'
    where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity`;
  assert.deepEqual(loose.map((r) => r.relname), []);
});

/** A portal session cookie for a customer (as the magic link or SSO would set it). */
async function portalCookieFor(tenantId: string, customerId: string) {
  const { platform } = await testApp();
  const { token } = await platform.tokens.issueFor(portalAudience(platform.config.JWT_ISSUER), {
    sub: customerId,
    claims: { tid: tenantId, typ: "support-portal" },
    ttlSeconds: 600,
  });
  return `portal_session=${token}`;
}

itest("portal sweep: other customers and other tenants' customers get 404, unchanged", async () => {
  const s = await world();
  const other = await world();
  for (const w of [s, other]) {
    await json(await w.t.owner.call("PUT", `${API}/portal-settings`, { enabled: true }), 200);
  }
  const target = s.tz; // customer Z's ticket (company not shared)
  const before = await json(await s.t.owner.call("GET", `${API}/support-ticket/${target.id}`), 200);
  const own = await portalCookieFor(s.t.id, s.z.id);
  // The control: Z sees the ticket (so each 404 below is the refusal, not a broken page).
  const mine = await callApp(`/portal/${s.t.slug}/tickets/${target.id}`, {
    headers: { Cookie: own },
  });
  assert.equal(mine.status, 200);
  const intruders = [
    // W: same tenant, same (non-sharing) company, another customer.
    { slug: s.t.slug, cookie: await portalCookieFor(s.t.id, s.w.id) },
    // X: same tenant, another company.
    { slug: s.t.slug, cookie: await portalCookieFor(s.t.id, s.x.id) },
    // A customer of tenant B at B's portal, naming A's ticket id.
    { slug: other.t.slug, cookie: await portalCookieFor(other.t.id, other.z.id) },
  ];
  const routes: [string, string, Record<string, string>?][] = [
    ["GET", ""],
    ["POST", "/reply", { body: "hijack" }],
    ["POST", "/close", {}],
    ["POST", "/reopen", {}],
    ["POST", "/rate", { rating: "bad", comment: "x" }],
    ["GET", `/files/${crypto.randomUUID()}`],
  ];
  for (const who of intruders) {
    for (const [method, rest, form] of routes) {
      const path = `/portal/${who.slug}/tickets/${target.id}${rest}`;
      const res = await browse(path, {
        method,
        form: method === "POST" ? form : undefined,
        headers: { Cookie: who.cookie },
      });
      assert.equal(res.status, 404, `${method} ${path}`);
      await res.body?.cancel();
    }
  }
  const after = await json(await s.t.owner.call("GET", `${API}/support-ticket/${target.id}`), 200);
  assert.deepEqual(after, before);
  const comments = await json(
    await s.t.owner.call("GET", `${API}/support-ticket/${target.id}/comments`),
    200,
  );
  assert.ok(!comments.items.some((x: { body: string }) => x.body === "hijack"));
});
