/** Pure rules of tenant tables: names from labels, values against types, type inference. */
import assert from "node:assert/strict";
import {
  checkRow,
  checkValue,
  columnNames,
  inferType,
  parseText,
  toColumnName,
} from "../../modules/analytics/tables/tables.rules.ts";

Deno.test("tables rules: labels become unique snake_case names", () => {
  assert.equal(toColumnName("Müşteri Adı"), "musteri_adi");
  assert.equal(toColumnName("Sales Total (€)"), "sales_total");
  assert.equal(toColumnName("createdAt"), "created_at");
  assert.equal(toColumnName("2024 revenue"), "c_2024_revenue");
  assert.equal(toColumnName("!!!"), "column");
  assert.deepEqual(columnNames(["Name", "name", "NAME"]), ["name", "name_2", "name_3"]);
  assert.ok(toColumnName("x".repeat(200)).length <= 63);
});

Deno.test("tables rules: values checked against column types", () => {
  assert.deepEqual(checkValue("number", 4.5), { ok: true, value: 4.5 });
  assert.equal(checkValue("number", "4.5").ok, false);
  assert.equal(checkValue("number", Infinity).ok, false);
  assert.equal(checkValue("boolean", "true").ok, false);
  assert.equal(checkValue("text", 5).ok, false);
  assert.equal(checkValue("date", "2024-02-30").ok, false, "no such day");
  assert.equal(checkValue("date", "2024-02-29").ok, true);
  assert.deepEqual(checkValue("datetime", "2024-03-01T10:00:00+03:00"), {
    ok: true,
    value: "2024-03-01T07:00:00.000Z",
  });
  assert.equal(checkValue("datetime", "yesterday").ok, false);
  assert.deepEqual(checkValue("number", null), { ok: true, value: null });
});

Deno.test("tables rules: texts read as typed values", () => {
  assert.equal(parseText("number", "3,25"), 3.25);
  assert.equal(parseText("number", "12abc"), "12abc");
  assert.equal(parseText("number", ""), null);
  assert.equal(parseText("boolean", "Evet"), true);
  assert.equal(parseText("boolean", "no"), false);
  assert.equal(parseText("boolean", "maybe"), "maybe");
});

Deno.test("tables rules: column types inferred from values", () => {
  assert.equal(inferType(["1", "2.5", "", "-3"]), "number");
  assert.equal(inferType(["true", "false", "yes"]), "boolean");
  assert.equal(inferType(["2024-01-01", "2024-12-31"]), "date");
  assert.equal(inferType(["2024-01-01T10:00:00Z", "2024-01-02 11:30"]), "datetime");
  assert.equal(inferType(["1", "two"]), "text");
  assert.equal(inferType(["", " "]), "text");
});

Deno.test("tables rules: a row checked against the columns", () => {
  const cols = [{ name: "qty", type: "number" as const }, { name: "on", type: "date" as const }];
  assert.deepEqual(checkRow(cols, { qty: 2, on: "2024-05-01" }), {
    ok: true,
    data: { qty: 2, on: "2024-05-01" },
  });
  const bad = checkRow(cols, { qty: "two", extra: 1 });
  assert.equal(bad.ok, false);
  assert.deepEqual(!bad.ok && bad.errors.map((e) => e.path), ["data.qty", "data.extra"]);
});
