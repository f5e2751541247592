/** The pure rules of data models and records, called directly. */
import assert from "node:assert/strict";
import {
  changedFields,
  checkFields,
  checkRecord,
  cleanField,
  coerceValue,
  fieldChanges,
  parseChoices,
  referencesOf,
  searchTextOf,
  titleFieldOf,
  titleOf,
} from "../../modules/workflow/data/data.rules.ts";
import type { FieldDef } from "../../modules/workflow/data/data.schemas.ts";

const ID = "0190f5a2-0000-7000-8000-000000000001";
const ID2 = "0190f5a2-0000-7000-8000-000000000002";

const fields: FieldDef[] = [
  { name: "title", label: "Title", type: "text", required: true },
  { name: "amount", label: "Amount", type: "number", required: false },
  { name: "urgent", label: "Urgent", type: "boolean", required: false },
  { name: "due", label: "Due", type: "date", required: false },
  { name: "at", label: "At", type: "datetime", required: false },
  {
    name: "status",
    label: "Status",
    type: "enum",
    required: false,
    values: [{ value: "open", label: "Açık" }],
  },
  { name: "customer", label: "Customer", type: "reference", required: false, model: "customer" },
  { name: "owner", label: "Owner", type: "user", required: false },
];

Deno.test("checkFields: duplicates (case-blind), enums, references, title field", () => {
  assert.deepEqual(checkFields(fields, ["customer"]), []);
  const errors = checkFields(
    [
      { name: "a", label: "A", type: "text", required: false },
      { name: "A", label: "A", type: "text", required: false },
      { name: "e", label: "E", type: "enum", required: false, values: [] },
      {
        name: "f",
        label: "F",
        type: "enum",
        required: false,
        values: [{ value: "x", label: "X" }, { value: "x", label: "Y" }],
      },
      { name: "r", label: "R", type: "reference", required: false },
    ],
    ["customer"],
    "missing",
  );
  assert.deepEqual(errors.map((e) => e.path), [
    "fields.1.name",
    "fields.2.values",
    "fields.3.values",
    "fields.4.model",
    "titleField",
  ]);
});

Deno.test("cleanField and titleFieldOf keep only what a type uses", () => {
  assert.deepEqual(
    cleanField({
      name: "n",
      label: "N",
      type: "text",
      required: false,
      values: [{ value: "a", label: "A" }],
      model: "x",
    }),
    { name: "n", label: "N", type: "text", required: false },
  );
  assert.equal(titleFieldOf(fields), "title");
  assert.equal(titleFieldOf(fields, "status"), "status");
  assert.equal(titleFieldOf([{ name: "n", label: "N", type: "number", required: false }]), null);
});

Deno.test("fieldChanges: removed and retyped fields", () => {
  const next: FieldDef[] = [
    { name: "title", label: "Title", type: "number", required: true },
    { name: "customer", label: "C", type: "reference", required: false, model: "other" },
  ];
  const { removed, retyped } = fieldChanges(fields, next);
  assert.deepEqual(retyped, ["title", "customer"]);
  assert.deepEqual(removed, ["amount", "urgent", "due", "at", "status", "owner"]);
});

Deno.test("coerceValue reads form text as the field's type", () => {
  const f = (name: string) => fields.find((x) => x.name === name)!;
  assert.equal(coerceValue(f("amount"), " 12,5 "), 12.5);
  assert.equal(coerceValue(f("amount"), "abc"), "abc", "left for checkValue to refuse");
  assert.equal(coerceValue(f("urgent"), "on"), true);
  assert.equal(coerceValue(f("urgent"), "no"), false);
  assert.equal(coerceValue(f("at"), "2026-03-01T10:30"), "2026-03-01T10:30:00.000Z");
  assert.equal(coerceValue(f("at"), "2026-03-01T10:30:00+03:00"), "2026-03-01T07:30:00.000Z");
  assert.equal(coerceValue(f("owner"), ID.toUpperCase()), ID);
  assert.equal(coerceValue(f("title"), ""), null);
  assert.equal(coerceValue(f("title"), "  kept  "), "  kept  ", "text is kept as typed");
});

Deno.test("checkRecord: required, types, enum values, unknown fields; patch over base", () => {
  const ok = checkRecord(fields, {
    title: "A",
    amount: "3",
    due: "2026-02-28",
    status: "open",
    customer: ID,
    owner: ID2,
  });
  assert.ok(ok.ok);
  assert.deepEqual(ok.data, {
    title: "A",
    amount: 3,
    due: "2026-02-28",
    status: "open",
    customer: ID,
    owner: ID2,
  });
  const bad = checkRecord(fields, {
    amount: Infinity,
    urgent: "perhaps",
    due: "2026-02-30",
    at: "yesterday",
    status: "closed",
    customer: "x",
    owner: 5,
    extra: 1,
  });
  assert.ok(!bad.ok);
  assert.deepEqual(bad.errors.map((e) => e.path).sort(), [
    "data.amount",
    "data.at",
    "data.customer",
    "data.due",
    "data.extra",
    "data.owner",
    "data.status",
    "data.title",
    "data.urgent",
  ]);
  const patched = checkRecord(fields, { amount: null, urgent: false }, { title: "B", amount: 1 });
  assert.ok(patched.ok);
  assert.deepEqual(patched.data, { title: "B", urgent: false });
  assert.ok(!checkRecord(fields, { title: null }, { title: "B" }).ok, "required cannot clear");
});

Deno.test("referencesOf names only values that changed", () => {
  const refs = referencesOf(fields, { customer: ID, owner: ID2 }, { customer: ID });
  assert.deepEqual(refs.records, []);
  assert.deepEqual(refs.users, [{ field: "owner", id: ID2 }]);
  const fresh = referencesOf(fields, { customer: ID });
  assert.deepEqual(fresh.records, [{ field: "customer", model: "customer", id: ID }]);
});

Deno.test("titles, search text and changed fields", () => {
  assert.equal(titleOf("title", { title: "X" }), "X");
  assert.equal(titleOf(null, { title: "X" }), "");
  const text = searchTextOf(
    fields,
    { title: "İSTANBUL Yazıcısı", amount: 7, status: "open", customer: ID, urgent: true },
    { customer: "Acme" },
  );
  assert.match(text, /istanbul yazicisi/);
  assert.match(text, /acik/, "enum labels, folded");
  assert.match(text, /acme/);
  assert.doesNotMatch(text, /true|open/);
  assert.deepEqual(
    changedFields(fields, { title: "A", amount: 1, gone: 2 }, { title: "B", amount: 1 }),
    [{ name: "title", from: "A", to: "B" }, { name: "gone", from: 2, to: null }],
  );
});

Deno.test("parseChoices: one per line, value = label, blank lines ignored", () => {
  assert.deepEqual(parseChoices("open = Açık\r\n\n done \nx = "), [
    { value: "open", label: "Açık" },
    { value: "done", label: "done" },
    { value: "x", label: "x" },
  ]);
});
