/**
 * Dashboard widgets through the API: create/list/change/delete, layout saved at once, data
 * under the sheet's filters, drill-down rows, CSV/SVG export, per-application levels (view
 * reads, edit changes, no access 404), another tenant's ids 404 and unchanged, live refresh.
 */
import assert from "node:assert/strict";
import { callApp, itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { withScope } from "../../shared/db/scope.ts";
import { publishDatasetChanges } from "../../modules/analytics/dashboard/widgets.live.service.ts";

const API = "/api/analytics";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

async function sheetOf(t: TestTenant) {
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Support" }), 201);
  const sheet = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Overview" }),
    201,
  );
  return { app, sheet };
}

const byStatus = {
  title: "Tickets by status",
  chartType: "bar",
  query: {
    source: { kind: "dataset", name: "tickets" },
    fields: [{ field: "status", as: "status" }],
    aggregates: [{ fn: "count", as: "tickets" }],
  },
};

itest("dashboard widgets: create, list, patch, layout, delete; bad input is 400", async () => {
  const t = await newTenant();
  const { sheet } = await sheetOf(t);
  const w = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, byStatus),
    201,
  );
  assert.deepEqual([w.x, w.y, w.w, w.h], [0, 0, 4, 4]);
  const kpi = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, {
      title: "Open tickets",
      chartType: "kpi",
      query: {
        source: { kind: "dataset", name: "tickets" },
        aggregates: [{ fn: "count", as: "n" }],
      },
      options: { trendField: "created_at", trendDays: 7 },
      w: 3,
      h: 2,
    }),
    201,
  );
  assert.equal(kpi.y, 4, "a new widget goes below the others");

  const changed = await json(
    await t.owner.call("PATCH", `${API}/widgets/${w.id}`, { title: "By status", chartType: "pie" }),
    200,
  );
  assert.equal(changed.title, "By status");
  assert.equal(changed.chartType, "pie");
  assert.equal(changed.query.source.name, "tickets");

  const placed = await json(
    await t.owner.call("PUT", `${API}/sheets/${sheet.id}/layout`, {
      items: [{ id: w.id, x: 6, y: 0, w: 6, h: 5 }, { id: kpi.id, x: 0, y: 0, w: 6, h: 2 }],
    }),
    200,
  );
  const at = Object.fromEntries(
    placed.items.map((i: { id: string; x: number; y: number; w: number; h: number }) => [
      i.id,
      [i.x, i.y, i.w, i.h],
    ]),
  );
  assert.deepEqual(at[w.id], [6, 0, 6, 5]);
  assert.deepEqual(at[kpi.id], [0, 0, 6, 2]);

  // Bad input: unknown chart type, no title, past 12 columns, a widget of no sheet.
  await problem(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, {
      ...byStatus,
      chartType: "3d",
    }),
    400,
  );
  await problem(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, { ...byStatus, title: "" }),
    400,
  );
  await problem(await t.owner.call("PATCH", `${API}/widgets/${w.id}`, { x: 10, w: 6 }), 400);
  const bad = await problem(
    await t.owner.call("PUT", `${API}/sheets/${sheet.id}/layout`, {
      items: [{ id: w.id, x: 0, y: 0, w: 2, h: 2 }, {
        id: crypto.randomUUID(),
        x: 0,
        y: 0,
        w: 2,
        h: 2,
      }],
    }),
    400,
  );
  assert.equal(bad.errors[0].path, "items.1.id");
  const still = await json(await t.owner.call("GET", `${API}/sheets/${sheet.id}/widgets`), 200);
  assert.equal(still.items.find((i: { id: string }) => i.id === w.id).x, 6, "nothing half-saved");

  await json(await t.owner.call("DELETE", `${API}/widgets/${kpi.id}`), 204);
  const left = await json(await t.owner.call("GET", `${API}/sheets/${sheet.id}/widgets`), 200);
  assert.deepEqual(left.items.map((i: { id: string }) => i.id), [w.id]);
  await problem(await t.owner.call("DELETE", `${API}/widgets/${kpi.id}`), 404);
  await problem(await t.owner.call("GET", `${API}/widgets/not-an-id/data`), 404);
});

itest(
  "dashboard data: chart option, KPI trend, filters, drill-down rows, CSV and SVG",
  async () => {
    const t = await newTenant();
    const { sheet } = await sheetOf(t);
    const c = await customer(t.owner);
    await ticket(t.owner, c.id, { subject: "One" });
    await ticket(t.owner, c.id, { subject: "Two" });
    await ticket(t.owner, c.id, { subject: "=cmd|' /C calc'!A0" });
    const w = await json(
      await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, byStatus),
      201,
    );
    const data = await json(await t.owner.call("GET", `${API}/widgets/${w.id}/data`), 200);
    assert.equal(data.option.series[0].type, "bar");
    const total = data.option.series[0].data.reduce((a: number, b: number) => a + b, 0);
    assert.equal(total, 3);
    assert.ok(data.keys.includes("acik"));
    // Categories show labels, never the codes.
    assert.ok(!data.option.xAxis.data.includes("acik"), JSON.stringify(data.option.xAxis));

    // Sheet filters: a date range that excludes today, and field = value.
    const past = await json(
      await t.owner.call(
        "GET",
        `${API}/widgets/${w.id}/data?dateField=created_at&from=2001-01-01&to=2001-12-31`,
      ),
      200,
    );
    assert.equal(past.rows.length, 0);
    const open = await json(
      await t.owner.call("GET", `${API}/widgets/${w.id}/data?where=status:acik`),
      200,
    );
    assert.deepEqual(open.keys, ["acik"]);

    // Drill-down: the rows behind the "acik" bar, not aggregated.
    const rows = await json(
      await t.owner.call("GET", `${API}/widgets/${w.id}/rows?point=acik`),
      200,
    );
    assert.ok(rows.rows.length >= 2);
    assert.ok(rows.rows.every((r: { status: string }) => r.status === "acik"));
    assert.ok(rows.columns.some((col: { name: string }) => col.name === "subject"));

    const csv = await t.owner.call("GET", `${API}/widgets/${w.id}/export.csv`);
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get("content-type")!, /text\/csv/);
    assert.match(csv.headers.get("content-disposition")!, /Tickets-by-status\.csv/);
    const text = await csv.text();
    assert.equal(text.trim().split("\r\n").length, 1 + data.rows.length);

    const svg = await t.owner.call("GET", `${API}/widgets/${w.id}/export.svg`);
    assert.equal(svg.status, 200);
    assert.match(await svg.text(), /^<svg[\s\S]*Tickets by status/);

    const kpi = await json(
      await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, {
        title: "New tickets",
        chartType: "kpi",
        query: {
          source: { kind: "dataset", name: "tickets" },
          aggregates: [{ fn: "count", as: "n" }],
        },
        options: { trendField: "created_at", trendDays: 7 },
      }),
      201,
    );
    const k = await json(await t.owner.call("GET", `${API}/widgets/${kpi.id}/data`), 200);
    assert.deepEqual(k.kpi, { value: 3, previous: 0, change: null });
    await problem(await t.owner.call("GET", `${API}/widgets/${kpi.id}/export.svg`), 422);
    await problem(await t.owner.call("GET", `${API}/widgets/${w.id}/data?from=yesterday`), 400);
  },
);

itest(
  "dashboard access: view reads, edit changes, no access 404; permission; tenants",
  async () => {
    const t = await newTenant();
    const { app, sheet } = await sheetOf(t);
    const w = await json(
      await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, byStatus),
      201,
    );
    const viewer = await t.member(["member"]);
    const editor = await t.member(["member"]);
    const stranger = await t.member(["member"]);
    await json(
      await t.owner.call("PUT", `${API}/apps/${app.id}/access`, {
        grants: [{ userId: viewer.id, level: "view" }, { userId: editor.id, level: "edit" }],
      }),
      200,
    );
    // view: reads, cannot change.
    await json(await viewer.call("GET", `${API}/sheets/${sheet.id}/widgets`), 200);
    await json(await viewer.call("GET", `${API}/widgets/${w.id}/data`), 200);
    await problem(await viewer.call("POST", `${API}/sheets/${sheet.id}/widgets`, byStatus), 403);
    await problem(await viewer.call("PATCH", `${API}/widgets/${w.id}`, { title: "x" }), 403);
    await problem(
      await viewer.call("PUT", `${API}/sheets/${sheet.id}/layout`, {
        items: [{ id: w.id, x: 1, y: 1, w: 2, h: 2 }],
      }),
      403,
    );
    await problem(await viewer.call("DELETE", `${API}/widgets/${w.id}`), 403);
    // edit: changes.
    await json(await editor.call("PATCH", `${API}/widgets/${w.id}`, { title: "Edited" }), 200);
    await json(
      await editor.call("PUT", `${API}/sheets/${sheet.id}/layout`, {
        items: [{ id: w.id, x: 2, y: 0, w: 4, h: 4 }],
      }),
      200,
    );
    // no access: the sheet and widget do not exist.
    await problem(await stranger.call("GET", `${API}/sheets/${sheet.id}/widgets`), 404);
    await problem(await stranger.call("GET", `${API}/widgets/${w.id}/data`), 404);
    await problem(await stranger.call("GET", `${API}/widgets/${w.id}/rows?point=acik`), 404);
    await problem(await stranger.call("GET", `${API}/widgets/${w.id}/export.csv`), 404);
    await problem(await stranger.call("GET", `${API}/sheets/${sheet.id}/events`), 404);

    // Without credentials: 401.
    const noRole = await callApp(`${API}/sheets/${sheet.id}/widgets`);
    assert.equal(noRole.status, 401);

    // Another tenant: 404 for every id, and nothing changes.
    const other = await newTenant();
    await problem(await other.owner.call("GET", `${API}/sheets/${sheet.id}/widgets`), 404);
    await problem(await other.owner.call("GET", `${API}/widgets/${w.id}/data`), 404);
    await problem(
      await other.owner.call("PATCH", `${API}/widgets/${w.id}`, { title: "Mine" }),
      404,
    );
    await problem(await other.owner.call("DELETE", `${API}/widgets/${w.id}`), 404);
    await problem(
      await other.owner.call("PUT", `${API}/sheets/${sheet.id}/layout`, {
        items: [{ id: w.id, x: 0, y: 0, w: 1, h: 1 }],
      }),
      404,
    );
    await problem(
      await other.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, byStatus),
      404,
    );
    const mine = await json(await t.owner.call("GET", `${API}/sheets/${sheet.id}/widgets`), 200);
    assert.equal(mine.items.length, 1);
    assert.equal(mine.items[0].title, "Edited");
    assert.deepEqual([mine.items[0].x, mine.items[0].w], [2, 4]);
  },
);

itest("dashboard live: a ticket event reaches the tenant's open sheet stream only", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const { sheet } = await sheetOf(t);
  const { sheet: otherSheet } = await sheetOf(other);
  const { platform } = await testApp();
  const res = await t.owner.call("GET", `${API}/sheets/${sheet.id}/events`);
  const res2 = await other.owner.call("GET", `${API}/sheets/${otherSheet.id}/events`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /text\/event-stream/);
  const reader = res.body!.getReader();
  const reader2 = res2.body!.getReader();
  const decoder = new TextDecoder();
  const read = async (r: ReadableStreamDefaultReader<Uint8Array>, until: RegExp) => {
    let seen = "";
    while (!until.test(seen)) {
      const { value, done } = await r.read();
      if (done) break;
      seen += decoder.decode(value);
    }
    return seen;
  };
  await read(reader, /event: ready/);
  await read(reader2, /event: ready/);
  await withScope(
    platform.db.sql,
    { tenantId: t.id, userId: t.owner.id },
    (sql) => publishDatasetChanges({ sql, bus: platform.bus }, { name: "support.ticket.created" }),
  );
  const got = await read(reader, /event: refresh/);
  assert.match(got, /event: refresh\ndata: \[[^\]]*"tickets"/);
  // The other tenant's stream stays quiet: its next message is our own marker.
  await withScope(
    platform.db.sql,
    { tenantId: other.id, userId: other.owner.id },
    (sql) => publishDatasetChanges({ sql, bus: platform.bus }, { name: "projects.task.created" }),
  );
  const got2 = await read(reader2, /event: refresh/);
  assert.doesNotMatch(got2, /tickets/);
  await reader.cancel();
  await reader2.cancel();
});
