/** Pure widget rules: filters, drill-down, KPI periods, CSV, and every chart type's option. */
import assert from "node:assert/strict";
import {
  bucketEnd,
  change,
  drillQuery,
  kpiPeriods,
  parseWhere,
  sheetFilters,
  toCsv,
} from "../../modules/analytics/dashboard/widgets.rules.ts";
import {
  chartOption,
  chartsReady,
  cspSafeSvg,
  renderSvg,
} from "../../modules/analytics/dashboard/widgets.charts.lib.ts";
import { CHART_TYPES } from "../../modules/analytics/dashboard/widgets.schemas.ts";
import type { QueryResult } from "../../modules/analytics/query/query.types.schemas.ts";

Deno.test("dashboard rules: sheet filters only on known fields; to-date includes its day", () => {
  assert.deepEqual(parseWhere(["status:acik", "bad", "note:a:b"]), [["status", "acik"], [
    "note",
    "a:b",
  ]]);
  const f = sheetFilters(
    {
      dateField: "created_at",
      from: "2026-01-01",
      to: "2026-01-31",
      where: ["status:acik", "x:1"],
    },
    new Set(["created_at", "status"]),
  );
  assert.deepEqual(f, [
    { field: "created_at", op: "gte", value: "2026-01-01" },
    { field: "created_at", op: "lt", value: "2026-02-01" },
    { field: "status", op: "eq", value: "acik" },
  ]);
});

Deno.test("dashboard rules: drill-down drops aggregates and filters by the clicked bucket", () => {
  const q = drillQuery(
    {
      source: { kind: "dataset", name: "tickets" },
      fields: [{ field: "created_at", bucket: "month", as: "m" }],
      aggregates: [{ fn: "count", as: "n" }],
      filters: [{ field: "priority", op: "eq", value: "kritik" }],
    },
    [],
    { point: "2026-02-01T00:00:00.000Z" },
  );
  assert.equal(q.aggregates, undefined);
  assert.equal(q.fields, undefined);
  assert.deepEqual(q.filters, [
    { field: "priority", op: "eq", value: "kritik" },
    { field: "created_at", op: "gte", value: "2026-02-01" },
    { field: "created_at", op: "lt", value: "2026-03-01" },
  ]);
  assert.equal(bucketEnd("2026-11-01", "quarter"), "2027-02-01");
  assert.equal(bucketEnd("2026-12-28", "week"), "2027-01-04");
});

Deno.test("dashboard rules: KPI periods and change", () => {
  const p = kpiPeriods("created_at", 7, new Date("2026-03-10T15:00:00Z"));
  assert.deepEqual(p.current.map((f) => f.value), ["2026-03-04", "2026-03-11"]);
  assert.deepEqual(p.previous.map((f) => f.value), ["2026-02-25", "2026-03-04"]);
  assert.equal(change(12, 10), 20);
  assert.equal(change(5, 0), null);
});

Deno.test("dashboard rules: CSV quotes and defuses formulas", () => {
  const csv = toCsv({
    columns: [{ name: "a", label: "Subject", type: "text" }, {
      name: "n",
      label: "N",
      type: "number",
    }],
    rows: [{ a: '=HYPERLINK("x")', n: -3 }, { a: "a,b", n: 1 }],
  });
  assert.equal(csv, 'Subject,N\r\n"\'=HYPERLINK(""x"")",-3\r\n"a,b",1\r\n');
});

Deno.test("dashboard charts: drawing before ECharts is loaded fails loudly", async () => {
  // ECharts loads on first use: a page that renders a chart without awaiting it fails, not blank.
  const option = { xAxis: { type: "category", data: ["a"] }, yAxis: {}, series: [] };
  assert.throws(() => renderSvg(option), /await chartsReady\(\)/);
  await chartsReady();
  assert.match(renderSvg(option), /^<svg/);
});

Deno.test("dashboard charts: every chart type draws server-side SVG without inline styles", async () => {
  await chartsReady();
  const result: QueryResult = {
    columns: [
      { name: "c", label: "Status", type: "text", values: [{ value: "acik", label: "Open" }] },
      { name: "s", label: "Priority", type: "text" },
      { name: "v", label: "Count", type: "number" },
    ],
    rows: [{ c: "acik", s: "normal", v: 3 }, { c: "kapandi", s: "kritik", v: 5 }],
    truncated: false,
  };
  for (const type of CHART_TYPES) {
    const option = chartOption(type, result, { category: "c", value: "v", series: "s" });
    if (type === "table" || type === "kpi") {
      assert.equal(option, null);
      continue;
    }
    assert.ok(option, type);
    const svg = renderSvg(option, 400, 240);
    assert.match(svg, /^<svg/, type);
    const safe = cspSafeSvg(svg);
    assert.doesNotMatch(safe, /style=|<style/, type);
  }
  const bar = chartOption("bar", result, { category: "c", value: "v" })!;
  assert.deepEqual((bar.xAxis as { data: string[] }).data, ["Open", "kapandi"]);
});
