/**
 * Analytics queries through HTTP: built-in datasets (RLS views: a second tenant sees none of
 * the first one's rows), grouping with time buckets, aggregates, filters, sort, limit with the
 * truncated flag, series for charts, tenant tables and joins over relations, refusals (422 for
 * an unknown dataset, field or comparison; 400 for bad JSON; 403 without the permission; 404
 * for another tenant's table), and a hostile value that only ever travels as a parameter.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { customer, json, ticket } from "../support/fixtures.ts";
import { withScope } from "../../shared/db/scope.ts";

const API = "/api/analytics";
const get = (t: TestTenant, q: unknown, format = "rows") =>
  t.owner.call(
    "GET",
    `${API}/analytics?format=${format}&q=${encodeURIComponent(JSON.stringify(q))}`,
  );
const byStatus = {
  source: { kind: "dataset", name: "tickets" },
  fields: [{ field: "status" }],
  aggregates: [{ fn: "count", as: "n" }],
};

itest("analytics query: datasets per tenant, groups, buckets, series, limits", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const ca = await customer(a.owner, { name: "Ayşe A" });
  await ticket(a.owner, ca.id, { subject: "A one", priority: "yuksek" });
  await ticket(a.owner, ca.id, { subject: "A two", priority: "yuksek" });
  await ticket(a.owner, ca.id, { subject: "A three" });
  const cb = await customer(b.owner, { name: "Bora B" });
  await ticket(b.owner, cb.id, { subject: "B only" });

  const rows = await json(await get(a, byStatus), 200);
  assert.deepEqual(rows.rows, [{ status: "acik", n: 3 }]);
  assert.equal(rows.truncated, false);
  assert.equal(rows.columns[0].label, "Status");
  assert.deepEqual(rows.columns[0].values.find((v: { value: string }) => v.value === "acik"), {
    value: "acik",
    label: "Open",
  });
  // The second tenant's RLS-protected view holds only its own ticket and customer.
  assert.deepEqual((await json(await get(b, byStatus), 200)).rows, [{ status: "acik", n: 1 }]);
  const raw = await json(
    await get(b, { source: { kind: "dataset", name: "tickets" }, fields: [{ field: "subject" }] }),
    200,
  );
  assert.deepEqual(raw.rows, [{ subject: "B only" }]);
  const customersB = await json(
    await get(b, { source: { kind: "dataset", name: "customers" }, fields: [{ field: "name" }] }),
    200,
  );
  assert.deepEqual(customersB.rows, [{ name: "Bora B" }]);

  // Group by priority, sort by the count, and a time bucket.
  const prio = await json(
    await get(a, {
      source: { kind: "dataset", name: "tickets" },
      fields: [{ field: "priority" }],
      aggregates: [{ fn: "count", as: "n" }],
      sort: [{ field: "n", dir: "desc" }],
    }),
    200,
  );
  assert.deepEqual(prio.rows, [{ priority: "yuksek", n: 2 }, { priority: "normal", n: 1 }]);
  const today = new Date().toISOString().slice(0, 10);
  const perDay = await json(
    await get(a, {
      source: { kind: "dataset", name: "tickets" },
      fields: [{ field: "created_at", bucket: "day", as: "day" }],
      aggregates: [{ fn: "count", as: "n" }],
      filters: [{ field: "priority", op: "in", value: ["yuksek"] }],
    }),
    200,
  );
  assert.deepEqual(perDay.rows, [{ day: today, n: 2 }]);
  assert.equal(perDay.columns[0].type, "date");

  // Series for charts: categories in words, one series per measure.
  const series = await json(await get(a, byStatus, "series"), 200);
  assert.deepEqual(series.categories, ["Open"]);
  assert.deepEqual(series.series, [{ name: "Count", data: [3] }]);

  // Limit with the truncated flag, through the POST form.
  const limited = await json(
    await a.owner.call("POST", `${API}/analytics/query`, {
      query: {
        source: { kind: "dataset", name: "tickets" },
        fields: [{ field: "subject" }],
        sort: [{ field: "subject", dir: "asc" }],
        limit: 2,
      },
    }),
    200,
  );
  assert.deepEqual(limited.rows, [{ subject: "A one" }, { subject: "A three" }]);
  assert.equal(limited.truncated, true);

  // Every built-in dataset answers (its view compiles and runs under RLS).
  const catalog = await json(await a.owner.call("GET", `${API}/datasets`), 200);
  assert.equal(catalog.items.length, 10);
  for (const ds of catalog.items) {
    const res = await json(await get(a, { source: { kind: "dataset", name: ds.name } }), 200);
    assert.ok(Array.isArray(res.rows), ds.name);
    assert.ok(!res.columns.some((c: { key?: boolean }) => c.key), "ids are not shown by default");
  }
  const tickets = catalog.items.find((d: { name: string }) => d.name === "tickets");
  assert.ok(tickets.changedBy.includes("support.ticket.created"));
});

itest("analytics query: refusals and a hostile value stays a parameter", async () => {
  const a = await newTenant();
  const c = await customer(a.owner);
  await ticket(a.owner, c.id, { subject: "Safe" });

  const unknownDs = await problem(await get(a, { source: { kind: "dataset", name: "nope" } }), 422);
  assert.equal(unknownDs.errors[0].path, "source");
  const unknownField = await problem(
    await get(a, { ...byStatus, fields: [{ field: "password" }] }),
    422,
  );
  assert.equal(unknownField.errors[0].path, "fields.0.field");
  const unknownOp = await problem(
    await get(a, { ...byStatus, filters: [{ field: "status", op: "regex", value: "." }] }),
    422,
  );
  assert.equal(unknownOp.errors[0].path, "filters.0.op");
  await problem(
    await get(a, { ...byStatus, aggregates: [{ fn: "sum", field: "subject", as: "s" }] }),
    422,
  );
  await problem(
    await a.owner.call("GET", `${API}/analytics?q=${encodeURIComponent("{nope")}`),
    400,
  );
  await problem(await a.owner.call("GET", `${API}/analytics?q=${encodeURIComponent("{}")}`), 400);

  // Viewers read every module (query.read included); a role with only applications does not.
  const role = await a.owner.call("POST", "/api/admin/roles", {
    key: "app-reader",
    name: "Reads applications",
    permissions: ["analytics.app.read", "analytics.sheet.read"],
  });
  assert.equal(role.status, 201, await role.text());
  const viewer = await a.member(["app-reader"]);
  await problem(
    await viewer.call("GET", `${API}/analytics?q=${encodeURIComponent(JSON.stringify(byStatus))}`),
    403,
  );
  await problem(await viewer.call("GET", `${API}/datasets`), 403);
  const member = await a.member(["member"]);
  assert.equal((await member.call("GET", `${API}/datasets`)).status, 200);

  // A hostile filter value matches nothing and the table is still there.
  const hostile = "'; drop table support_tickets; --";
  const res = await json(
    await get(a, {
      source: { kind: "dataset", name: "tickets" },
      fields: [{ field: "subject" }],
      filters: [{ field: "subject", op: "eq", value: hostile }],
    }),
    200,
  );
  assert.deepEqual(res.rows, []);
  const again = await json(await get(a, byStatus), 200);
  assert.deepEqual(again.rows, [{ status: "acik", n: 1 }]);
  const { platform } = await testApp();
  const [{ n }] = await platform.db.sql<{ n: number }[]>`
    select count(*)::int as n from pg_tables where tablename = 'support_tickets'`;
  assert.equal(n, 1);

  // Every dataset view runs with the caller's rights (so RLS applies) and cannot be written.
  const views = await platform.db.sql<{ name: string; invoker: boolean; writable: boolean }[]>`
    select c.relname as name,
      coalesce('security_invoker=true' = any(c.reloptions), false) as invoker,
      has_table_privilege('platform_app', c.oid, 'insert') as writable
    from pg_class c where c.relkind = 'v' and c.relname like 'analytics\_ds\_%'`;
  assert.equal(views.length, 10);
  for (const v of views) {
    assert.ok(v.invoker, `${v.name} is security_invoker`);
    assert.ok(!v.writable, `${v.name} is read-only`);
  }
});

itest(
  "analytics query: tenant tables, joins over relations, another tenant's table 404",
  async () => {
    const a = await newTenant();
    const b = await newTenant();
    await customer(a.owner, { name: "Acme" });
    await customer(a.owner, { name: "Globex" });
    const { platform } = await testApp();
    const tableId = crypto.randomUUID();
    const relationId = crypto.randomUUID();
    await withScope(platform.db.sql, { tenantId: a.id, userId: a.owner.id }, async (tx) => {
      const columns = [
        { name: "region", label: "Region", type: "text" },
        { name: "customer", label: "Customer", type: "text" },
        { name: "amount", label: "Amount", type: "number" },
        { name: "sold_on", label: "Sold on", type: "date" },
      ];
      await tx`insert into analytics_tables (tenant_id, id, name, columns, row_count)
      values (${a.id}, ${tableId}, 'Sales', ${JSON.stringify(columns)}::text::jsonb, 3)`;
      for (
        const d of [
          { region: "North", customer: "Acme", amount: 10, sold_on: "2026-01-05" },
          { region: "North", customer: "Globex", amount: 5.5, sold_on: "2026-02-07" },
          { region: "South", customer: "Acme", amount: "bad", sold_on: "2026-02-09" },
        ]
      ) {
        await tx`insert into analytics_table_rows (tenant_id, id, table_id, data)
        values (${a.id}, ${crypto.randomUUID()}, ${tableId}, ${JSON.stringify(d)}::text::jsonb)`;
      }
      await tx`insert into analytics_relations (tenant_id, id, name, left_source, left_field,
        right_source, right_field)
      values (${a.id}, ${relationId}, 'buyer', ${
        JSON.stringify({ kind: "table", id: tableId })
      }::text::jsonb,
        'customer', '{"kind":"dataset","name":"customers"}'::text::jsonb, 'name')`;
    });

    const sums = await json(
      await get(a, {
        source: { kind: "table", id: tableId },
        fields: [{ field: "region" }],
        aggregates: [{ fn: "sum", field: "amount", as: "total" }, { fn: "count", as: "n" }],
      }),
      200,
    );
    assert.deepEqual(sums.rows, [
      { region: "North", total: 15.5, n: 2 },
      { region: "South", total: null, n: 1 },
    ]);
    const months = await json(
      await get(a, {
        source: { kind: "table", id: tableId },
        fields: [{ field: "sold_on", bucket: "month", as: "month" }],
        aggregates: [{ fn: "count", as: "n" }],
        filters: [{ field: "sold_on", op: "between", value: ["2026-01-01", "2026-12-31"] }],
      }),
      200,
    );
    assert.deepEqual(months.rows, [{ month: "2026-01-01", n: 1 }, { month: "2026-02-01", n: 2 }]);

    // Joined over the relation: the customer's kind from the customers dataset.
    const joined = await json(
      await get(a, {
        source: { kind: "table", id: tableId },
        joins: [relationId],
        fields: [{ field: "buyer.kind" }],
        aggregates: [{ fn: "count", as: "n" }],
      }),
      200,
    );
    assert.deepEqual(joined.rows, [{ "buyer.kind": "person", n: 3 }]);
    await problem(
      await get(a, { source: { kind: "table", id: tableId }, joins: [crypto.randomUUID()] }),
      422,
    );

    // The other tenant neither reads the table nor joins over the relation.
    await problem(await get(b, { source: { kind: "table", id: tableId } }), 404);
    await problem(
      await get(b, { source: { kind: "dataset", name: "tickets" }, joins: [relationId] }),
      422,
    );
  },
);

itest("analytics explore page: groups and raw rows with labels, en and tr; refusals", async () => {
  const a = await newTenant();
  const c = await customer(a.owner, { name: "Zeynep Z" });
  await ticket(a.owner, c.id, { subject: "Explore me", priority: "kritik" });
  await ticket(a.owner, c.id, { subject: "And me", priority: "kritik" });

  const grouped = await browse(
    "/analytics/explore?source=dataset:tickets&f=priority&agg=count&sort=summary&dir=desc",
    { who: a.owner },
  );
  const html = await grouped.text();
  assert.equal(grouped.status, 200, html);
  assert.match(html, /<td[^>]*>Critical<\/td>/);
  assert.match(html, /<td[^>]*class="num"[^>]*>2<\/td>/);
  assert.ok(!html.includes(">kritik<"), "codes are shown as words");

  // Raw rows filtered by a value typed as people see it, in Turkish.
  const raw = await browse(
    "/analytics/explore?source=dataset:tickets&f=subject&f=priority&ff=priority&fo=eq&fv=Kritik",
    { who: a.owner, headers: { "Accept-Language": "tr" } },
  );
  const rawHtml = await raw.text();
  assert.equal(raw.status, 200, rawHtml);
  assert.match(rawHtml, /Explore me/);
  assert.match(rawHtml, /Veri keşfi/);
  assert.match(rawHtml, /<td[^>]*>Kritik<\/td>/);

  // htmx asks for the same page; a bad value shows as a message, not a crash.
  const bad = await browse(
    "/analytics/explore?source=dataset:tickets&f=subject&ff=created_at&fo=gt&fv=yesterday",
    { who: a.owner, htmx: true },
  );
  const badHtml = await bad.text();
  assert.equal(bad.status, 422);
  assert.match(badHtml, /must be a date/);

  const role = await a.owner.call("POST", "/api/admin/roles", {
    key: "app-only",
    name: "Applications only",
    permissions: ["analytics.app.read"],
  });
  assert.equal(role.status, 201);
  const other = await a.member(["app-only"]);
  assert.equal((await browse("/analytics/explore", { who: other })).status, 403);
});
