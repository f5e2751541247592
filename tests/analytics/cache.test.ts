/**
 * The result cache of dashboard widgets (issue 42 part 7): its rules directly; through HTTP a
 * miss then a hit, another filter a miss, a new ticket (support API, event delivered) a fresh
 * value, TTL off never kept, another tenant never served a kept row, a result that reads
 * people's names kept per user; the sheet's cache setting (API and page) with 400/403/404.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { withScope } from "../../shared/db/scope.ts";
import { drainEvents } from "../../platform/events/public.ts";
import {
  ANY_SOURCE,
  cacheKey,
  canonicalJson,
  perUser,
  reviveDates,
  sourcesOf,
} from "../../modules/analytics/cache/cache.rules.ts";

const API = "/api/analytics";
const tickets = { kind: "dataset" as const, name: "tickets" };

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

/** An app with one sheet and a "tickets by status" widget; `ttl` set when given. */
async function sheetWith(t: TestTenant, ttl?: number, widget: Record<string, unknown> = {}) {
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Support" }), 201);
  const sheet = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Overview" }),
    201,
  );
  const w = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, {
      title: "Tickets by status",
      chartType: "bar",
      query: {
        source: tickets,
        fields: [{ field: "status" }],
        aggregates: [{ fn: "count", as: "tickets" }],
      },
      ...widget,
    }),
    201,
  );
  if (ttl !== undefined) {
    await json(
      await t.owner.call("PUT", `${API}/sheets/${sheet.id}/cache`, { ttlSeconds: ttl }),
      200,
    );
  }
  return { app, sheet, w };
}

/** GET the widget's data: its body, whether it was a hit (header and body agree). */
async function data(who: TestTenant["owner"], id: string, query = "") {
  const res = await who.call("GET", `${API}/widgets/${id}/data${query}`);
  const body = await json(res, 200);
  assert.equal(res.headers.get("X-Cache"), body.cache.hit ? "hit" : "miss");
  return body;
}

const total = (d: { rows: { tickets: number }[] }) =>
  d.rows.reduce((n, r) => n + Number(r.tickets), 0);

itest("result cache rules: sources, per-user fields, keys, dates read back", async () => {
  assert.deepEqual(sourcesOf({ source: tickets }), ["dataset:tickets"]);
  const table = "0190a0b0-0000-7000-8000-000000000001";
  assert.deepEqual(sourcesOf({ source: { kind: "table", id: table } }), [`table:${table}`]);
  assert.deepEqual(
    sourcesOf({ source: { kind: "external", sourceId: table, table: "orders" } }),
    [],
    "an external source only expires",
  );
  assert.deepEqual(sourcesOf({ source: tickets, joins: [table] }), [ANY_SOURCE]);

  assert.equal(perUser({ source: tickets, fields: [{ field: "status" }] }), false);
  assert.equal(perUser({ source: tickets, fields: [{ field: "assignee" }] }), true);
  assert.equal(
    perUser({ source: tickets, filters: [{ field: "assignee", op: "eq", value: "Ayşe" }] }),
    true,
    "a filter on a name reads it too",
  );
  assert.equal(
    perUser({ source: { kind: "table", id: table }, fields: [{ field: "assignee" }] }),
    false,
  );
  assert.equal(perUser({ source: tickets, joins: [table] }), true);

  assert.equal(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }), '{"a":[{"c":3,"d":2}],"b":1}');
  const parts = {
    query: { source: tickets, fields: [{ field: "status" }] },
    chartType: "bar",
    options: {},
    locale: "en",
    userId: null,
  };
  const key = await cacheKey(parts);
  assert.match(key, /^[0-9a-f]{64}$/);
  assert.equal(await cacheKey({ ...parts, options: {}, chartType: "bar" }), key);
  assert.notEqual(await cacheKey({ ...parts, locale: "tr" }), key);
  assert.notEqual(await cacheKey({ ...parts, userId: crypto.randomUUID() }), key);

  const revived = reviveDates({
    columns: [{ name: "day", type: "date" }, { name: "n", type: "number" }],
    rows: [{ day: "2026-03-01T00:00:00.000Z", n: 2 }],
  });
  assert.ok((revived.rows[0] as Record<string, unknown>).day instanceof Date);
  assert.equal(revived.rows[0].n, 2);
});

itest("result cache: miss then hit, another filter misses, refresh bypasses, TTL off", async () => {
  const t = await newTenant();
  const c = await customer(t.owner);
  await ticket(t.owner, c.id);
  const { sheet, w } = await sheetWith(t, 300);

  const first = await data(t.owner, w.id);
  assert.equal(first.cache.hit, false);
  assert.ok(first.cache.storedAt, "a kept result says when it was computed");
  const second = await data(t.owner, w.id);
  assert.equal(second.cache.hit, true);
  assert.equal(second.cache.storedAt, first.cache.storedAt);
  assert.deepEqual(second.rows, first.rows);
  assert.deepEqual(second.option, first.option);

  // Another filter value is another result; then it is kept too.
  const filtered = await data(t.owner, w.id, "?where=status:kapandi");
  assert.equal(filtered.cache.hit, false);
  assert.equal(total(filtered), 0);
  assert.equal((await data(t.owner, w.id, "?where=status:kapandi")).cache.hit, true);
  assert.equal((await data(t.owner, w.id)).cache.hit, true, "the unfiltered one is still kept");

  // refresh=1 computes again and keeps the new result.
  assert.equal((await data(t.owner, w.id, "?refresh=1")).cache.hit, false);
  assert.equal((await data(t.owner, w.id)).cache.hit, true);
  await problem(await t.owner.call("GET", `${API}/widgets/${w.id}/data?refresh=maybe`), 400);

  // Off: computed every time, nothing said about a kept result.
  await json(await t.owner.call("PUT", `${API}/sheets/${sheet.id}/cache`, { ttlSeconds: 0 }), 200);
  for (let i = 0; i < 2; i++) {
    const off = await data(t.owner, w.id);
    assert.deepEqual(off.cache, { hit: false, storedAt: null });
  }
  // A sheet never set is off as well.
  const plain = await sheetWith(t);
  await data(t.owner, plain.w.id);
  assert.equal((await data(t.owner, plain.w.id)).cache.hit, false);
});

itest(
  "result cache: a new ticket through the support API invalidates (event delivered)",
  async () => {
    const { platform } = await testApp();
    const t = await newTenant();
    const c = await customer(t.owner);
    await ticket(t.owner, c.id);
    const { w } = await sheetWith(t, 86400);
    await drainEvents(platform); // the fixtures' own events are behind us
    const before = await data(t.owner, w.id);
    assert.equal(total(before), 1);
    assert.equal((await data(t.owner, w.id)).cache.hit, true);

    await ticket(t.owner, c.id);
    await drainEvents(platform);
    const after = await data(t.owner, w.id);
    assert.equal(after.cache.hit, false, "the ticket event made the kept result stale");
    assert.equal(total(after), 2, "and the fresh value is computed");
    assert.equal((await data(t.owner, w.id)).cache.hit, true);
  },
);

itest("result cache: another tenant never sees the kept rows", async () => {
  const { platform } = await testApp();
  const a = await newTenant();
  const b = await newTenant();
  const ca = await customer(a.owner);
  for (let i = 0; i < 3; i++) await ticket(a.owner, ca.id);
  const sa = await sheetWith(a, 3600);
  const sb = await sheetWith(b, 3600); // the very same query: the same key
  assert.equal(total(await data(a.owner, sa.w.id)), 3);
  assert.equal((await data(a.owner, sa.w.id)).cache.hit, true);
  const theirs = await data(b.owner, sb.w.id);
  assert.equal(theirs.cache.hit, false, "A's entry is not B's hit");
  assert.equal(total(theirs), 0);
  // B's scope reads only B's entry (forced RLS on the cache table).
  const seen = await withScope(
    platform.db.sql,
    { tenantId: b.id, userId: b.owner.id },
    (sql) => sql<{ n: number }[]>`select count(*)::int as n from analytics_result_cache`,
  );
  assert.equal(seen[0].n, 1);
  // And A's widget is not reachable from B at all.
  await problem(await b.owner.call("GET", `${API}/widgets/${sa.w.id}/data`), 404);
});

itest("result cache: a result that reads people's names is kept per user", async () => {
  const t = await newTenant();
  const c = await customer(t.owner);
  await ticket(t.owner, c.id);
  const viewer = await t.member(["member"]);
  const { app, sheet, w } = await sheetWith(t, 300, {
    title: "By assignee",
    query: {
      source: tickets,
      fields: [{ field: "assignee" }],
      aggregates: [{ fn: "count", as: "tickets" }],
    },
  });
  const shared = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, {
      title: "By status",
      chartType: "bar",
      query: {
        source: tickets,
        fields: [{ field: "status" }],
        aggregates: [{ fn: "count", as: "tickets" }],
      },
    }),
    201,
  );
  await json(
    await t.owner.call("PUT", `${API}/apps/${app.id}/access`, {
      grants: [{ userId: viewer.id, level: "view" }],
    }),
    200,
  );
  assert.equal((await data(t.owner, w.id)).cache.hit, false);
  assert.equal((await data(t.owner, w.id)).cache.hit, true);
  assert.equal((await data(viewer, w.id)).cache.hit, false, "not the owner's entry");
  assert.equal((await data(viewer, w.id)).cache.hit, true);
  // Without names the workspace shares one entry.
  assert.equal((await data(t.owner, shared.id)).cache.hit, false);
  assert.equal((await data(viewer, shared.id)).cache.hit, true);
});

itest("sheet cache setting: API get/put, 400, 403, another tenant 404 and unchanged", async () => {
  const t = await newTenant();
  const { app, sheet } = await sheetWith(t);
  const path = `${API}/sheets/${sheet.id}/cache`;
  assert.deepEqual(await json(await t.owner.call("GET", path), 200), { ttlSeconds: 0 });
  assert.deepEqual(await json(await t.owner.call("PUT", path, { ttlSeconds: 3600 }), 200), {
    ttlSeconds: 3600,
  });
  assert.deepEqual(await json(await t.owner.call("GET", path), 200), { ttlSeconds: 3600 });

  await problem(await t.owner.call("PUT", path, { ttlSeconds: 42 }), 400);
  await problem(await t.owner.call("PUT", path, {}), 400);
  await problem(await t.owner.call("PUT", path, { ttlSeconds: "300" }), 400);

  const viewer = await t.member(["member"]);
  await json(
    await t.owner.call("PUT", `${API}/apps/${app.id}/access`, {
      grants: [{ userId: viewer.id, level: "view" }],
    }),
    200,
  );
  assert.deepEqual(await json(await viewer.call("GET", path), 200), { ttlSeconds: 3600 });
  await problem(await viewer.call("PUT", path, { ttlSeconds: 60 }), 403);

  const other = await newTenant();
  await problem(await other.owner.call("GET", path), 404);
  await problem(await other.owner.call("PUT", path, { ttlSeconds: 60 }), 404);
  await problem(await t.owner.call("GET", `${API}/sheets/not-a-sheet/cache`), 404);
  assert.deepEqual(await json(await t.owner.call("GET", path), 200), { ttlSeconds: 3600 });
});

itest("sheet cache setting and note on the dashboard page (en, tr)", async () => {
  const t = await newTenant();
  const c = await customer(t.owner);
  await ticket(t.owner, c.id);
  const { app, sheet, w } = await sheetWith(t);
  const page = `/analytics/apps/${app.id}/sheets/${sheet.id}`;
  const html0 = await (await browse(page, { who: t.owner })).text();
  assert.match(html0, /id="dash-cache"/, "editors get the cache dialog");
  assert.doesNotMatch(html0, /data-cache="/, "off: no note under the widgets");

  const saved = await browse(`${page}/cache`, {
    who: t.owner,
    form: { ttlSeconds: "300", back: `${page}?where=status:acik` },
  });
  assert.equal(saved.status, 303);
  assert.equal(saved.headers.get("location"), `${page}?where=status:acik`);
  assert.deepEqual(await json(await t.owner.call("GET", `${API}/sheets/${sheet.id}/cache`), 200), {
    ttlSeconds: 300,
  });

  const miss = await (await browse(page, { who: t.owner })).text();
  assert.match(miss, /data-cache="miss"/);
  assert.match(miss, /Updated <time datetime="/);
  const hit = await (await browse(page, { who: t.owner })).text();
  assert.match(hit, /data-cache="hit"/);
  assert.match(hit, new RegExp(`data-cache-refresh="${w.id}"`));
  // The refresh button's fragment: past the cache.
  const fresh = await (await browse(`/analytics/widgets/${w.id}/body?refresh=1`, { who: t.owner }))
    .text();
  assert.match(fresh, /data-cache="miss"/);
  const tr = await (await browse(page, {
    who: t.owner,
    headers: { "Accept-Language": "tr" },
  })).text();
  assert.match(tr, /<\/time> güncellendi/);

  // Refused: a value not offered (400), a viewer (403), another tenant's sheet (404).
  const bad = await browse(`${page}/cache`, { who: t.owner, form: { ttlSeconds: "42" } });
  assert.equal(bad.status, 400);
  const viewer = await t.member(["member"]);
  await json(
    await t.owner.call("PUT", `${API}/apps/${app.id}/access`, {
      grants: [{ userId: viewer.id, level: "view" }],
    }),
    200,
  );
  const viewerPage = await (await browse(page, { who: viewer })).text();
  assert.doesNotMatch(viewerPage, /id="dash-cache"/, "viewers do not get the dialog");
  assert.equal(
    (await browse(`${page}/cache`, { who: viewer, form: { ttlSeconds: "60" } })).status,
    403,
  );
  const other = await newTenant();
  assert.equal(
    (await browse(`${page}/cache`, { who: other.owner, form: { ttlSeconds: "60" } })).status,
    404,
  );
  assert.deepEqual(await json(await t.owner.call("GET", `${API}/sheets/${sheet.id}/cache`), 200), {
    ttlSeconds: 300,
  });
});
