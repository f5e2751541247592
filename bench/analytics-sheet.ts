// The 8-widget Analytics sheet page (issue 39 goal 4, issue 42 part 7): BENCH_TENANTS tenants
// with BENCH_TICKETS tickets each (100 × 1,000: the forced-RLS views read one tenant's rows among
// everybody's), one sheet of 8 widgets (bar, line, pie, KPI with a 30-day trend, table,
// heatmap, funnel, gauge) over the tickets dataset in each of BENCH_SHEETS tenants, and the
// whole page (GET /analytics/apps/{id}/sheets/{id} through the app, session cookie) loaded in
// turn from those tenants:
// - cold: the sheet's result cache off (every widget queried and drawn);
// - invalidated: cache on (5 min), but a ticket event (the same versions the event delivery
//   raises) before every load;
// - warm: cache on, results kept.
// Then where a cold page's time goes: the widgets' queries (data API, cache off) and drawing
// their SVG. Prints markdown tables. Goal: warm p95 < 150 ms.
// Usage: DATABASE_URL=postgres://... deno task bench:analytics-sheet
//   BENCH_TENANTS (100), BENCH_TICKETS (1000), BENCH_SHEETS (10), BENCH_SAMPLES (60).
//   Creates its tenants (slug bench-sheet-<id>-<n>) and deletes them at the end.
import { benchPlatform, ms, quantile } from "./bench-kit.ts";
import { withScope } from "../shared/db/scope.ts";
import type { Sql } from "../shared/db/database.ts";
import { builtinRoles } from "../shared/rbac/permissions.ts";
import { MODULES } from "../app/registry.ts";
import { createTenant } from "../platform/identity/tenants.service.ts";
import { insertUser } from "../platform/identity/users.repo.ts";
import { invalidateByEvent } from "../modules/analytics/cache/cache.service.ts";
import { renderSvg } from "../modules/analytics/dashboard/widgets.charts.lib.ts";

const TENANTS = Number(Deno.env.get("BENCH_TENANTS") ?? 100);
const TICKETS = Number(Deno.env.get("BENCH_TICKETS") ?? 1000);
const SHEETS = Math.min(TENANTS, Number(Deno.env.get("BENCH_SHEETS") ?? 10));
const SAMPLES = Number(Deno.env.get("BENCH_SAMPLES") ?? 60);
const TARGET_WARM_P95 = 150;

const bench = await benchPlatform("bench:analytics-sheet", "bench-sheet");
const { sql, app, platform } = bench;
const run = crypto.randomUUID().slice(0, 8);
const prefix = `bench-sheet-${run}`;
const failures: string[] = [];

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  console.log(`  ${label.padEnd(44)} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

/** A tenant with its owner and a session token. */
async function tenant(n: number) {
  const slug = `${prefix}-${n}`;
  const t = await withScope(sql, {}, async (tx) => {
    const owner = await insertUser(tx, {
      email: `${slug}-owner@bench.test`,
      name: "Owner",
      passwordHash: null,
    });
    const { tenant } = await createTenant({ sql: tx }, {
      slug,
      name: `Bench sheet ${n}`,
      owner: { email: owner.email, name: owner.name },
      roles: builtinRoles(MODULES),
    });
    return { id: tenant.id, ownerId: owner.id };
  });
  const { token } = await platform.tokens.issue({
    userId: t.ownerId,
    tenantId: t.id,
    roles: ["owner"],
  });
  return { ...t, token };
}

/** Customers and tickets as the schema owner with the tenant set (not through the API). */
const seeding = <T>(tenantId: string, fn: (tx: Sql) => Promise<T>) =>
  sql.begin(async (tx) => {
    await tx`select set_config('app.tenant_id', ${tenantId}, true),
                    set_config('synchronous_commit', 'off', true)`;
    return await fn(tx as unknown as Sql);
  }) as Promise<T>;

async function seed(tenantId: string) {
  await seeding(tenantId, (tx) =>
    tx.unsafe(`
      with c as (
        insert into support_customers (id, kind, name, email)
        select gen_random_uuid(), 'firm', 'Müşteri ' || g, 'musteri' || g || '@ornek.com.tr'
        from generate_series(1, 50) g returning id),
      ids as (select array_agg(id order by id) as ids from c)
      insert into support_tickets (id, number, subject, description, status, priority,
        customer_id, created_at, updated_at)
      select gen_random_uuid(), 'T-2026-' || lpad(g::text, 7, '0'), 'Yazıcı çalışmıyor ' || g,
        'Kayıt ' || g, (array['acik','islemde','cozuldu','kapandi'])[1 + g % 4],
        (array['dusuk','normal','yuksek','kritik'])[1 + (g / 3) % 4],
        ids.ids[1 + g % 50], now() - make_interval(mins => g * 97),
        now() - make_interval(mins => g * 60)
      from ids, generate_series(1, ${TICKETS}) g`));
}

function caller(token: string) {
  const request = (method: string, path: string, body?: unknown, cookie = false) =>
    app.fetch(
      new Request(`http://bench.local${path}`, {
        method,
        headers: {
          ...(cookie ? { Cookie: `session=${token}` } : { Authorization: `Bearer ${token}` }),
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await request(method, path, body);
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return { request, call };
}

const tickets = { kind: "dataset", name: "tickets" };
const count1 = [{ fn: "count", as: "tickets" }];
const WIDGETS = [
  ["By status", "bar", { source: tickets, fields: [{ field: "status" }], aggregates: count1 }],
  ["Per week", "line", {
    source: tickets,
    fields: [{ field: "created_at", bucket: "week", as: "week" }],
    aggregates: count1,
    sort: [{ field: "week", dir: "asc" }],
  }],
  ["By priority", "pie", { source: tickets, fields: [{ field: "priority" }], aggregates: count1 }],
  ["Tickets", "kpi", { source: tickets, aggregates: count1 }, {
    trendField: "created_at",
    trendDays: 30,
  }],
  ["Top customers", "table", {
    source: tickets,
    fields: [{ field: "customer" }],
    aggregates: count1,
    sort: [{ field: "tickets", dir: "desc" }],
    limit: 10,
  }],
  ["Status × priority", "heatmap", {
    source: tickets,
    fields: [{ field: "status" }, { field: "priority" }],
    aggregates: count1,
  }, { category: "status", series: "priority", value: "tickets" }],
  ["Funnel", "funnel", { source: tickets, fields: [{ field: "status" }], aggregates: count1 }],
  ["Open load", "gauge", {
    source: tickets,
    aggregates: count1,
    filters: [{ field: "status", op: "eq", value: "acik" }],
  }, { max: TICKETS }],
] as const;

interface Sheet {
  tenantId: string;
  ownerId: string;
  token: string;
  path: string;
  sheetId: string;
  widgetIds: string[];
}

async function sheetIn(t: { id: string; ownerId: string; token: string }): Promise<Sheet> {
  const { call } = caller(t.token);
  const appRow = await call("POST", "/api/analytics/apps", { name: "Bench dashboards" });
  const sheet = await call("POST", `/api/analytics/apps/${appRow.id}/sheets`, { name: "Tickets" });
  const widgetIds: string[] = [];
  for (const [title, chartType, query, options] of WIDGETS) {
    const w = await call("POST", `/api/analytics/sheets/${sheet.id}/widgets`, {
      title,
      chartType,
      query,
      options: options ?? {},
    });
    widgetIds.push(w.id);
  }
  return {
    tenantId: t.id,
    ownerId: t.ownerId,
    token: t.token,
    path: `/analytics/apps/${appRow.id}/sheets/${sheet.id}`,
    sheetId: sheet.id,
    widgetIds,
  };
}

const setTtl = (s: Sheet, ttlSeconds: number) =>
  caller(s.token).call("PUT", `/api/analytics/sheets/${s.sheetId}/cache`, { ttlSeconds });

/** One page load; checks it drew its charts. */
async function page(s: Sheet): Promise<number> {
  const t0 = performance.now();
  const res = await caller(s.token).request("GET", s.path, undefined, true);
  const html = await res.text();
  const took = performance.now() - t0;
  if (res.status !== 200 || (html.match(/<svg/g) ?? []).length < 6) {
    throw new Error(`the sheet did not render its widgets (${res.status})`);
  }
  return took;
}

async function pages(sheets: Sheet[], before?: (s: Sheet) => Promise<void>) {
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const s = sheets[i % sheets.length];
    if (before) await before(s);
    out.push(await page(s));
  }
  return out;
}

const ticketEvent = (s: Sheet) =>
  withScope(
    sql,
    { tenantId: s.tenantId, userId: s.ownerId },
    (tx) => invalidateByEvent({ sql: tx, bus: platform.bus }, { name: "support.ticket.created" }),
  );

const row = (label: string, xs: number[]) =>
  `| ${label} | ${ms(quantile(xs, 0.5))} | ${ms(quantile(xs, 0.95))} | ${ms(quantile(xs, 0.99))} |`;

const made: string[] = [];
try {
  console.log(`seeding ${TENANTS} tenants × ${TICKETS} tickets`);
  const all = await timed(`${TENANTS} tenants with their tickets`, async () => {
    const out = [];
    for (let n = 0; n < TENANTS; n++) {
      const t = await tenant(n);
      made.push(t.id);
      await seed(t.id);
      out.push(t);
    }
    return out;
  });
  await timed("analyze", () => sql`analyze support_tickets, support_customers`);
  const sheets = await timed(`${SHEETS} sheets of 8 widgets`, async () => {
    const out: Sheet[] = [];
    for (const t of all.slice(0, SHEETS)) out.push(await sheetIn(t));
    return out;
  });
  for (const s of sheets) await page(s); // compiled code paths, connections, fonts

  for (const s of sheets) await setTtl(s, 0);
  const cold = await pages(sheets);
  for (const s of sheets) await setTtl(s, 300);
  const invalidated = await pages(sheets, ticketEvent);
  for (const s of sheets) await page(s);
  const warm = await pages(sheets);

  // Where a cold page's time goes: each widget's data (queries) and each chart's SVG.
  for (const s of sheets) await setTtl(s, 0);
  const query: number[] = [], draw: number[] = [];
  for (let i = 0; i < Math.max(4, SAMPLES / 10); i++) {
    const s = sheets[i % sheets.length];
    let q = 0, d = 0;
    for (const id of s.widgetIds) {
      const t0 = performance.now();
      const data = await caller(s.token).call("GET", `/api/analytics/widgets/${id}/data`);
      q += performance.now() - t0;
      if (data.option) {
        const t1 = performance.now();
        renderSvg(data.option, 600, 224);
        d += performance.now() - t1;
      }
    }
    query.push(q);
    draw.push(d);
  }

  console.log(
    `\n${TENANTS} tenants × ${TICKETS} tickets; ${SHEETS} sheets of 8 widgets, ${SAMPLES} loads each`,
  );
  console.log("\n| Sheet page (8 widgets) | p50 | p95 | p99 |");
  console.log("| --- | --- | --- | --- |");
  console.log(row("cold: result cache off", cold));
  console.log(row("cold: cache on, invalidated by a ticket event before each load", invalidated));
  console.log(row("warm: cache on (5 min), results kept", warm));
  console.log("\n| A cold page's parts, summed over its 8 widgets | p50 | p95 | p99 |");
  console.log("| --- | --- | --- | --- |");
  console.log(row("widget data, one API call each in turn (queries, cache off)", query));
  console.log(row("drawing the 7 charts as SVG (ECharts SSR)", draw));
  const p95 = quantile(warm, 0.95);
  console.log(
    `\ngoal warm p95 < ${TARGET_WARM_P95} ms: ${p95 < TARGET_WARM_P95 ? "met" : "NOT met"}`,
  );
  if (p95 >= TARGET_WARM_P95) failures.push(`warm p95 ${ms(p95)}`);
} catch (err) {
  failures.push(String(err));
  console.error(err);
} finally {
  try {
    if (made.length) {
      await sql`delete from job_runs where tenant_id = any(${made}::uuid[])`;
      await sql`delete from jobs where tenant_id = any(${made}::uuid[])`;
      await sql`delete from tenants where id = any(${made}::uuid[])`;
      await sql`delete from users where email like ${`${prefix}-%`}`;
    }
  } catch (err) {
    failures.push(`cleanup: ${err}`);
  }
  await platform.bus.close();
  await platform.db.close();
  await Deno.remove(bench.dataDir, { recursive: true }).catch(() => {});
}
if (failures.length) {
  console.error(`FAILED: ${failures.join("; ")}`);
  Deno.exit(1);
}
Deno.exit(0);
