// Analytics at scale (issue 17): one tenant with 1,000,000 tickets over 10,000 customers, seeded
// with INSERT … SELECT from generate_series, then, through the whole app with a bearer token:
// - GET /api/analytics/analytics: tickets counted by status and week (the tickets dataset, an
//   RLS security-invoker view), BENCH_SAMPLES times: p50/p95/p99 (goal: p95 < 300 ms);
// - the dashboard page of a sheet with 8 widgets (bar, line, pie, KPI with trend, table,
//   heatmap, funnel, gauge), every widget queried and rendered as SVG on the server: p50/p95.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_analytics deno run -A bench/analytics.ts
// Env: BENCH_TICKETS (1000000), BENCH_SAMPLES (100). A second run reuses the seeded tenant.
import { createTestApp } from "../app/testing.ts";
import { MODULES } from "../app/registry.ts";
import { builtinRoles } from "../shared/rbac/permissions.ts";
import { withScope } from "../shared/db/scope.ts";
import type { Sql } from "../shared/db/database.ts";
import { createTenant } from "../platform/identity/tenants.service.ts";
import { insertUser } from "../platform/identity/users.repo.ts";

const TICKETS = Number(Deno.env.get("BENCH_TICKETS") ?? 1_000_000);
const SAMPLES = Number(Deno.env.get("BENCH_SAMPLES") ?? 100);
const CUSTOMERS = 10_000;
const TARGET_P95_MS = 300;
const SLUG = "bench-analytics";

if (!Deno.env.get("DATABASE_URL")) {
  console.error("Set DATABASE_URL: this benchmark measures PostgreSQL.");
  Deno.exit(2);
}
const { app, platform, close } = await createTestApp({ LOG_LEVEL: "error" });
const sql = platform.db.sql;

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  console.log(`  ${label.padEnd(40)} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

async function tenant(): Promise<{ tenantId: string; ownerId: string }> {
  const [found] = await sql<{ id: string }[]>`select id from tenants where slug = ${SLUG}`;
  if (found) {
    const [owner] = await withScope(
      sql,
      { tenantId: found.id },
      (tx) =>
        tx<{ userId: string }[]>`select user_id from member_directory
        where status = 'active' and 'owner' = any(roles)`,
    );
    return { tenantId: found.id, ownerId: owner.userId };
  }
  return await withScope(sql, {}, async (tx) => {
    const owner = await insertUser(tx, {
      email: `${SLUG}-owner@bench.test`,
      name: "Bench Owner",
      passwordHash: null,
    });
    const { tenant } = await createTenant({ sql: tx }, {
      slug: SLUG,
      name: "Bench analytics",
      owner: { email: owner.email, name: owner.name },
      roles: builtinRoles(MODULES),
    });
    return { tenantId: tenant.id, ownerId: owner.id };
  });
}

/** Seeding as the schema owner with the tenant set, committed without waiting for the disk. */
const seeding = <T>(tenantId: string, fn: (tx: Sql) => Promise<T>) =>
  sql.begin(async (tx) => {
    await tx`select set_config('app.tenant_id', ${tenantId}, true),
                    set_config('synchronous_commit', 'off', true)`;
    return await fn(tx as unknown as Sql);
  }) as Promise<T>;

const count = async (tx: Sql, table: string) =>
  (await tx<{ n: number }[]>`select count(*)::int as n from ${tx(table)}
    where tenant_id = current_setting('app.tenant_id')::uuid`)[0].n;

async function seed(tenantId: string) {
  await seeding(tenantId, async (tx) => {
    if (await count(tx, "support_customers") >= CUSTOMERS) return;
    await timed(`${CUSTOMERS.toLocaleString("en")} customers`, () =>
      tx.unsafe(`
        insert into support_customers (id, kind, name, email)
        select gen_random_uuid(), 'firm', 'Müşteri ' || g, 'musteri' || g || '@ornek.com.tr'
        from generate_series(1, ${CUSTOMERS}) g`));
  });
  const have = await seeding(tenantId, (tx) => count(tx, "support_tickets"));
  if (have >= TICKETS) return;
  await timed(`${TICKETS.toLocaleString("en")} tickets`, () =>
    seeding(tenantId, async (tx) => {
      await tx`delete from support_tickets where tenant_id = ${tenantId}`;
      await tx.unsafe(`
        with c as (select array_agg(id order by id) as ids from support_customers
                   where tenant_id = '${tenantId}')
        insert into support_tickets (id, number, subject, description, status, priority,
          customer_id, created_at, updated_at)
        select gen_random_uuid(), 'T-2026-' || lpad(g::text, 7, '0'), 'Yazıcı çalışmıyor ' || g,
          'Kayıt ' || g, (array['acik','islemde','cozuldu','kapandi'])[1 + g % 4],
          (array['dusuk','normal','yuksek','kritik'])[1 + (g / 3) % 4],
          c.ids[1 + g % array_length(c.ids, 1)],
          now() - make_interval(secs => g * 30), now() - make_interval(secs => g * 20)
        from c, generate_series(1, ${TICKETS}) g`);
    }));
  await timed("analyze", () => sql`analyze support_tickets, support_customers`);
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}
const fmt = (n: number) => `${n.toFixed(1)} ms`;

async function sample(n: number, request: () => Response | Promise<Response>) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await request();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`answered ${res.status}`);
    out.push(performance.now() - t0);
  }
  return stats(out);
}

const who = await tenant();
console.log(`seeding (tenant ${SLUG})`);
await seed(who.tenantId);
const token = (await platform.tokens.issue({
  userId: who.ownerId,
  tenantId: who.tenantId,
  roles: ["owner"],
})).token;
const auth = { Authorization: `Bearer ${token}` };
const call = async (method: string, path: string, body?: unknown) => {
  const res = await app.request(path, {
    method,
    headers: { ...auth, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : await res.json();
};

const tickets = { kind: "dataset", name: "tickets" };
const byStatusAndWeek = {
  source: tickets,
  fields: [{ field: "status" }, { field: "created_at", bucket: "week", as: "week" }],
  aggregates: [{ fn: "count", as: "tickets" }],
  limit: 10_000,
};
const q = encodeURIComponent(JSON.stringify(byStatusAndWeek));
const warm = await call("GET", `/api/analytics/analytics?q=${q}`);
console.log(`\naggregate: ${warm.rows.length} rows (status × week) over ${TICKETS} tickets`);
const agg = await sample(
  SAMPLES,
  () => app.request(`/api/analytics/analytics?q=${q}`, { headers: auth }),
);

// A sheet with eight widgets over the same dataset.
const appRow = await call("POST", "/api/analytics/apps", { name: "Bench dashboards" });
const sheet = await call("POST", `/api/analytics/apps/${appRow.id}/sheets`, { name: "Tickets" });
const widget = (title: string, chartType: string, query: unknown, options = {}) =>
  call("POST", `/api/analytics/sheets/${sheet.id}/widgets`, { title, chartType, query, options });
const count1 = [{ fn: "count", as: "tickets" }];
await widget("By status", "bar", {
  source: tickets,
  fields: [{ field: "status" }],
  aggregates: count1,
});
await widget("Per week", "line", {
  source: tickets,
  fields: [{ field: "created_at", bucket: "week", as: "week" }],
  aggregates: count1,
  sort: [{ field: "week", dir: "asc" }],
});
await widget("By priority", "pie", {
  source: tickets,
  fields: [{ field: "priority" }],
  aggregates: count1,
});
await widget("Tickets", "kpi", { source: tickets, aggregates: count1 }, {
  trendField: "created_at",
  trendDays: 30,
});
await widget("Top customers", "table", {
  source: tickets,
  fields: [{ field: "customer" }],
  aggregates: count1,
  sort: [{ field: "tickets", dir: "desc" }],
  limit: 10,
});
await widget("Status × priority", "heatmap", {
  source: tickets,
  fields: [{ field: "status" }, { field: "priority" }],
  aggregates: count1,
}, { category: "status", series: "priority", value: "tickets" });
await widget("Funnel", "funnel", {
  source: tickets,
  fields: [{ field: "status" }],
  aggregates: count1,
});
await widget("Open load", "gauge", {
  source: tickets,
  aggregates: count1,
  filters: [{ field: "status", op: "eq", value: "acik" }],
}, { max: TICKETS });
const pagePath = `/analytics/apps/${appRow.id}/sheets/${sheet.id}`;
const page = await app.request(pagePath, { headers: { Cookie: `session=${token}` } });
const html = await page.text();
if (page.status !== 200 || (html.match(/<svg/g) ?? []).length < 7) {
  throw new Error(`the sheet did not render its widgets (${page.status})`);
}
const render = await sample(
  Math.max(10, Math.floor(SAMPLES / 4)),
  () => app.request(pagePath, { headers: { Cookie: `session=${token}` } }),
);

console.log("\n| Measure | p50 | p95 | p99 |");
console.log("| --- | --- | --- | --- |");
console.log(
  `| GET /api/analytics/analytics, tickets by status × week (${TICKETS.toLocaleString("en")}) | ${
    fmt(agg.p50)
  } | ${fmt(agg.p95)} | ${fmt(agg.p99)} |`,
);
console.log(
  `| dashboard page, 8 widgets rendered (SVG) | ${fmt(render.p50)} | ${fmt(render.p95)} | ${
    fmt(render.p99)
  } |`,
);
console.log(
  `\ngoal p95 < ${TARGET_P95_MS} ms for the aggregate: ${
    agg.p95 < TARGET_P95_MS ? "met" : "NOT met"
  }`,
);
await call("DELETE", `/api/analytics/apps/${appRow.id}`);
await close();
Deno.exit(0);
