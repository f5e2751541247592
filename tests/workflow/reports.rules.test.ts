/** Pure rules of reports: schedules, who sees a report, charts, CSV, file names, the form. */
import assert from "node:assert/strict";
import {
  canView,
  cellText,
  chartOption,
  fileSafe,
  nextRunAt,
} from "../../modules/workflow/reports/reports.rules.ts";
import { resultCsv } from "../../modules/workflow/reports/reports.rules.ts";
import { formOf, inputOf } from "../../modules/workflow/reports/reports.form.lib.ts";
import { ReportInput } from "../../modules/workflow/reports/reports.schemas.ts";
import "../../modules/workflow/reports/reports.messages.ts";

const result = {
  columns: [
    { name: "definition", label: "Process", type: "text" as const },
    { name: "day", label: "Day", type: "date" as const },
    { name: "n", label: "Count", type: "number" as const },
    { name: "late", label: "Late", type: "number" as const },
  ],
  rows: [
    { definition: "Leave", day: "2026-03-02", n: 3, late: 1 },
    { definition: "=HYPERLINK()", day: "2026-03-09", n: 1234.5, late: null },
  ],
  truncated: false,
};

Deno.test("reports rules: archive schedules run at 06:00 UTC after the given time", () => {
  const from = new Date("2026-03-04T10:00:00Z"); // a Wednesday
  assert.equal(nextRunAt("none", from), null);
  assert.equal(nextRunAt("daily", from)?.toISOString(), "2026-03-05T06:00:00.000Z");
  assert.equal(nextRunAt("weekly", from)?.toISOString(), "2026-03-09T06:00:00.000Z");
  assert.equal(nextRunAt("monthly", from)?.toISOString(), "2026-04-01T06:00:00.000Z");
  assert.equal(
    nextRunAt("daily", new Date("2026-03-05T05:59:00Z"))?.toISOString(),
    "2026-03-05T06:00:00.000Z",
  );
});

Deno.test("reports rules: roles limit readers, writers see everything", () => {
  const reader = (roles: string[], canWrite = false) => ({ roles, canWrite });
  assert.ok(canView({ roles: [] }, reader(["viewer"])));
  assert.ok(canView({ roles: ["agent"] }, reader(["agent", "member"])));
  assert.ok(!canView({ roles: ["agent"] }, reader(["member"])));
  assert.ok(canView({ roles: ["agent"] }, reader([], true)));
});

Deno.test("reports rules: charts take x and y columns with sensible defaults", () => {
  const bar = chartOption("en", result, { type: "bar" })!;
  assert.deepEqual((bar.xAxis as { data: string[] }).data, ["Leave", "=HYPERLINK()"]);
  assert.deepEqual(
    (bar.series as { name: string; data: number[] }[]).map((s) => [s.name, s.data]),
    [["Count", [3, 1234.5]], ["Late", [1, 0]]],
  );
  const line = chartOption("tr", result, { type: "line", x: "day", y: ["late"] })!;
  assert.deepEqual((line.xAxis as { data: string[] }).data, ["2 Mar 2026", "9 Mar 2026"]);
  assert.deepEqual((line.legend as { show: boolean }).show, false);
  const pie = chartOption("en", result, { type: "pie", y: ["late", "n"] })!;
  const series = (pie.series as { data: { name: string; value: number }[] }[])[0];
  assert.deepEqual(series.data, [{ name: "Leave", value: 1 }, { name: "=HYPERLINK()", value: 0 }]);
  assert.equal(chartOption("en", result, { type: "table" }), null);
  const words = { ...result, columns: result.columns.slice(0, 2) };
  assert.equal(chartOption("en", words, { type: "bar" }), null, "nothing to draw");
});

Deno.test("reports rules: cells read as people write them", () => {
  const [, day, n] = result.columns;
  assert.equal(cellText("en", n, 1234.5), "1,234.5");
  assert.equal(cellText("tr", n, 1234.5), "1.234,5");
  assert.equal(cellText("tr", day, "2026-03-02"), "2 Mar 2026");
  assert.equal(cellText("en", { name: "u", label: "U", type: "user" }, null), "Unassigned");
  assert.equal(cellText("tr", { name: "b", label: "B", type: "boolean" }, true), "Evet");
  assert.equal(cellText("en", n, null), "—");
});

Deno.test("reports rules: CSV has labels, raw values and no formulas", () => {
  assert.equal(
    resultCsv(result),
    "Process,Day,Count,Late\r\nLeave,2026-03-02,3,1\r\n'=HYPERLINK(),2026-03-09,1234.5,\r\n",
  );
  assert.equal(fileSafe("Q1/Q2: sales*"), "Q1-Q2- sales-");
  assert.equal(fileSafe("  "), "Report");
});

Deno.test("reports form: the studio's fields make a checked input and back", () => {
  const input = inputOf({
    name: " Open tasks ",
    description: "",
    source: "tasks",
    columns: "name, assignee",
    groupBy: "",
    filterField: ["state", "", "priority"],
    filterOp: ["in", "eq", "isEmpty"],
    filterValue: ["created, claimed", "", "x"],
    aggFn: ["", "", ""],
    aggField: ["", "", ""],
    aggAs: ["", "", ""],
    sortField: "dueAt",
    sortDir: "desc",
    limit: "50",
    chartType: "table",
    chartX: "",
    chartY: "",
    roles: ["agent", "member"],
    schedule: "daily",
  });
  const parsed = ReportInput.parse(input);
  assert.deepEqual(parsed.source, {
    kind: "adhoc",
    source: "tasks",
    definition: {
      columns: ["name", "assignee"],
      filters: [
        { field: "state", op: "in", value: ["created", "claimed"] },
        { field: "priority", op: "isEmpty" },
      ],
      sort: [{ field: "dueAt", dir: "desc" }],
      limit: 50,
    },
  });
  assert.equal(parsed.name, "Open tasks");
  assert.deepEqual(parsed.roles, ["agent", "member"]);
  const back = formOf({ ...parsed, description: "" });
  assert.equal(back.source, "tasks");
  assert.equal(back.columns, "name, assignee");
  assert.equal(back.sortDir, "desc");
  assert.equal(back.filters.length, 2);

  const saved = ReportInput.parse(inputOf({
    name: "Saved",
    source: "query",
    query: "open_orders",
    params: "min=10\nregion = north",
    aggFn: ["count"],
    aggAs: [""],
  }));
  assert.deepEqual(saved.source, {
    kind: "query",
    query: "open_orders",
    params: { min: 10, region: "north" },
  });
  assert.equal(formOf(saved).params, "min=10\nregion=north");
  const std = inputOf({ name: "S", source: "standard:task-sla" });
  assert.deepEqual(std.source, { kind: "standard", key: "task-sla" });
});
