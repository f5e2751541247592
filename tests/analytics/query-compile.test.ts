/**
 * The analytics compiler (pure): every value a bind parameter, names only from the whitelist,
 * the row cap, and the same query in the MySQL dialect (for external sources).
 */
import assert from "node:assert/strict";
import { compileFor, type FieldSpec } from "../../modules/analytics/query/query.compile.repo.ts";
import type { AnalyticsQuery } from "../../modules/analytics/query/query.types.schemas.ts";
import { Problem } from "../../shared/http/problem.ts";

const fields: FieldSpec[] = [
  { name: "status", label: "Status", type: "text" },
  { name: "amount", label: "Amount", type: "number" },
  { name: "created_at", label: "Created", type: "datetime" },
];
const HOSTILE = "'; drop table x; --";
const query: AnalyticsQuery = {
  source: { kind: "external", sourceId: "s1", schema: "public", table: "orders" },
  fields: [{ field: "created_at", bucket: "month", as: "month" }, { field: "status" }],
  aggregates: [{ fn: "sum", field: "amount", as: "total" }],
  filters: [
    { field: "status", op: "eq", value: HOSTILE },
    { field: "amount", op: "between", value: [1, 100] },
    { field: "status", op: "contains", value: "50%_off" },
  ],
  sort: [{ field: "total", dir: "desc" }],
  limit: 50_000,
};

Deno.test("compileFor: PostgreSQL text has no values, only parameters; the cap applies", () => {
  const c = compileFor("postgres", query, fields);
  assert.ok(!c.sql.includes("drop table"), c.sql);
  assert.ok(!c.sql.includes("50%"), c.sql);
  assert.ok(c.parameters.includes(HOSTILE));
  assert.ok(c.parameters.includes("%50\\%\\_off%"));
  assert.match(c.sql, /from "public"\."orders" as "s"/);
  assert.match(c.sql, /date_trunc\('month', "s"\."created_at"\)::date/);
  assert.match(c.sql, /group by/);
  assert.equal(c.limit, 10_000);
  assert.equal(c.parameters.at(-1), 10_001);
  assert.deepEqual(c.columns.map((x) => x.name), ["month", "status", "total"]);
});

Deno.test("compileFor: MySQL dialect quotes with backticks and binds with ?", () => {
  const c = compileFor("mysql", query, fields);
  assert.match(c.sql, /from `public`\.`orders` as `s`/);
  assert.ok(!c.sql.includes("drop table"));
  assert.ok(!c.sql.includes("$1"));
  assert.ok(c.sql.includes("?"));
  assert.ok(c.parameters.includes(HOSTILE));
});

Deno.test("compileFor: unknown names and misfit values are one 422 with their places", () => {
  const bad: AnalyticsQuery = {
    source: { kind: "external", sourceId: "s1", table: "orders; drop table x" },
    fields: [{ field: "password" }],
    aggregates: [{ fn: "avg", field: "status", as: "a" }],
    filters: [{ field: "amount", op: "gt", value: "many" }, {
      field: "status",
      op: "nope" as never,
    }],
    sort: [{ field: "nothing", dir: "asc" }],
  };
  try {
    compileFor("postgres", bad, fields);
    assert.fail("compiled");
  } catch (err) {
    assert.ok(err instanceof Problem);
    assert.equal(err.status, 422);
    assert.deepEqual(
      (err.errors ?? []).map((e) => e.path).sort(),
      [
        "aggregates.0.field",
        "fields.0.field",
        "filters.0.value",
        "filters.1.op",
        "sort.0.field",
        "source.table",
      ],
    );
  }
});
