/** Pure rules of saved sheet filters: values per kind, presets, query filters, precedence, address. */
import assert from "node:assert/strict";
import {
  decodeValues,
  effectiveValues,
  encodeValues,
  presetRange,
  queryFilters,
  valueFromFields,
  valueProblems,
} from "../../modules/analytics/filters/filters.rules.ts";
import type { FilterValue } from "../../modules/analytics/filters/filters.schemas.ts";

const ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
const ID2 = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c";

Deno.test("a value fits its filter's kind", () => {
  assert.deepEqual(valueProblems("choice", { kind: "choice", values: ["a"] }), []);
  assert.equal(valueProblems("choice", { kind: "number", min: 1 }).length, 1);
  assert.equal(valueProblems("number", { kind: "number" }).length, 1);
  assert.equal(valueProblems("number", { kind: "number", min: 5, max: 1 })[0].path, "value.max");
  assert.equal(valueProblems("date", { kind: "date" }).length, 1);
  assert.equal(
    valueProblems("date", { kind: "date", preset: "last7", from: "2026-01-01" }).length,
    1,
  );
  assert.equal(
    valueProblems("date", { kind: "date", from: "2026-02-01", to: "2026-01-01" }).length,
    1,
  );
  assert.deepEqual(valueProblems("date", { kind: "date", from: "2026-01-01" }), []);
});

Deno.test("relative date presets count from today, inclusive", () => {
  const today = "2026-03-15"; // a Sunday
  assert.deepEqual(presetRange("today", today), { from: today, to: today });
  assert.deepEqual(presetRange("yesterday", today), { from: "2026-03-14", to: "2026-03-14" });
  assert.deepEqual(presetRange("last7", today), { from: "2026-03-09", to: today });
  assert.deepEqual(presetRange("last30", today), { from: "2026-02-14", to: today });
  assert.deepEqual(presetRange("thisWeek", today), { from: "2026-03-09", to: "2026-03-15" });
  assert.deepEqual(presetRange("thisMonth", today), { from: "2026-03-01", to: "2026-03-31" });
  assert.deepEqual(presetRange("lastMonth", today), { from: "2026-02-01", to: "2026-02-28" });
  assert.deepEqual(presetRange("thisQuarter", today), { from: "2026-01-01", to: "2026-03-31" });
  assert.deepEqual(presetRange("lastYear", "2026-01-01"), { from: "2025-01-01", to: "2025-12-31" });
  assert.deepEqual(presetRange("lastMonth", "2026-01-10"), {
    from: "2025-12-01",
    to: "2025-12-31",
  });
});

Deno.test("values become query filters on the mapped field", () => {
  assert.deepEqual(queryFilters("status", { kind: "choice", values: ["a"] }, "2026-01-01"), [
    { field: "status", op: "eq", value: "a" },
  ]);
  assert.deepEqual(queryFilters("status", { kind: "choice", values: ["a", "b"] }, "2026-01-01"), [
    { field: "status", op: "in", value: ["a", "b"] },
  ]);
  assert.deepEqual(queryFilters("hours", { kind: "number", max: 8 }, "2026-01-01"), [
    { field: "hours", op: "lte", value: 8 },
  ]);
  assert.deepEqual(queryFilters("day", { kind: "date", preset: "thisMonth" }, "2026-02-10"), [
    { field: "day", op: "gte", value: "2026-02-01" },
    { field: "day", op: "lt", value: "2026-03-01" },
  ]);
});

Deno.test("the address wins, then the user's last value, then the default", () => {
  const filters = [
    {
      id: ID,
      kind: "choice" as const,
      defaultValue: { kind: "choice", values: ["d"] } as FilterValue,
      required: false,
    },
    {
      id: ID2,
      kind: "number" as const,
      defaultValue: { kind: "number", min: 1 } as FilterValue,
      required: true,
    },
  ];
  const acme: FilterValue = { kind: "choice", values: ["acme"] };
  assert.deepEqual(effectiveValues(filters, {}), {
    [ID]: filters[0].defaultValue,
    [ID2]: filters[1].defaultValue,
  });
  assert.deepEqual(effectiveValues(filters, { [ID]: acme })[ID], acme);
  assert.deepEqual(effectiveValues(filters, { [ID]: acme }, { [ID]: null })[ID], null);
  // A required filter falls back to its default; a value of the wrong kind is skipped.
  assert.deepEqual(effectiveValues(filters, { [ID2]: null })[ID2], filters[1].defaultValue);
  assert.deepEqual(
    effectiveValues(filters, { [ID]: { kind: "number", min: 3 } })[ID],
    filters[0].defaultValue,
  );
});

Deno.test("values travel in the address and back", () => {
  const values: Record<string, FilterValue | null> = {
    [ID]: { kind: "choice", values: ["a:b", "c"] },
    [ID2]: { kind: "date", from: "2026-01-01", to: "2026-01-31" },
  };
  assert.deepEqual(decodeValues(encodeValues(values)), values);
  assert.deepEqual(decodeValues(encodeValues({ [ID]: { kind: "number", min: 2 } })), {
    [ID]: { kind: "number", min: 2, max: undefined },
  });
  assert.deepEqual(decodeValues(`${ID}:d:last30`), { [ID]: { kind: "date", preset: "last30" } });
  assert.deepEqual(decodeValues(`${ID}:x:`), { [ID]: null });
  assert.deepEqual(
    decodeValues(["nope:c:a", `${ID}:q:a`, `${ID}:n:~`, `${ID}:d:soon`, `${ID}:d:2026-02-31~`]),
    {},
  );
});

Deno.test("the bar's fields become a value (empty: none)", () => {
  const fields = (m: Record<string, string[]>) => (name: string) => m[name] ?? [];
  assert.deepEqual(valueFromFields("choice", fields({ v: [" a ", ""] })), {
    kind: "choice",
    values: ["a"],
  });
  assert.equal(valueFromFields("choice", fields({ v: [""] })), null);
  assert.deepEqual(valueFromFields("number", fields({ min: ["2"], max: [""] })), {
    kind: "number",
    min: 2,
    max: undefined,
  });
  assert.deepEqual(valueFromFields("date", fields({ preset: ["last7"], from: ["2026-01-01"] })), {
    kind: "date",
    preset: "last7",
  });
  assert.deepEqual(valueFromFields("date", fields({ preset: ["dates"], from: ["2026-01-01"] })), {
    kind: "date",
    from: "2026-01-01",
    to: undefined,
  });
  assert.equal(valueFromFields("date", fields({ preset: [""] })), null);
});
