/**
 * Forms' pure rules: which tenant form a formKey names, which schemas can be saved, and the
 * server-side check of submitted data (types, required, bounds, patterns, options, files,
 * groups, repeating lists, hidden fields, unknown keys).
 */
import assert from "node:assert/strict";
import {
  checkSchema,
  formKeyName,
  referencedForms,
  schemaFields,
} from "../../modules/workflow/forms/forms.rules.ts";
import { validateSubmission } from "../../modules/workflow/forms/forms.validate.lib.ts";
import { EXPENSE } from "./forms.fixtures.ts";

Deno.test("forms rules: formKey names a tenant form in three spellings", () => {
  assert.equal(formKeyName("camunda-forms:deployment:expense.form"), "expense");
  assert.equal(formKeyName("form:expense"), "expense");
  assert.equal(formKeyName("expense"), "expense");
  assert.equal(formKeyName("embedded:app:forms/x.html"), null);
  assert.equal(formKeyName(""), null);
  assert.equal(formKeyName(undefined), null);
  assert.deepEqual(
    referencedForms({
      s: { type: "startEvent", formKey: "form:start" },
      u: { type: "userTask", formKey: "expense" },
      v: { type: "userTask", formKey: "camunda-forms:deployment:expense.form" },
      x: { type: "serviceTask", formKey: "ignored" },
    }),
    ["expense", "start"],
  );
});

Deno.test("forms rules: a schema needs typed components with unique, usable keys", () => {
  assert.deepEqual(checkSchema(EXPENSE), []);
  assert.equal(checkSchema({ components: "no" }).length, 1);
  assert.equal(checkSchema(null).length, 1);
  const twice = checkSchema({
    components: [{ type: "textfield", key: "a" }, { type: "number", key: "a" }],
  });
  assert.match(twice[0].message, /used twice/);
  assert.equal(checkSchema({ components: [{ type: "textfield", key: "1 bad" }] }).length, 1);
  assert.equal(checkSchema({ components: [{ type: "textfield" }] }).length, 1);
  assert.equal(checkSchema({ components: [{ type: "textfield", key: "__proto__.x" }] }).length, 1);
  assert.equal(
    checkSchema({ components: [{ type: "textfield", key: "a", validate: { pattern: "(" } }] })
      .length,
    1,
  );
  assert.equal(checkSchema({ components: [{ type: "dynamiclist", components: [] }] }).length, 1);
  // A group with a path starts a fresh scope: the same key inside is fine.
  assert.deepEqual(
    checkSchema({
      components: [
        { type: "textfield", key: "name" },
        { type: "group", path: "address", components: [{ type: "textfield", key: "name" }] },
      ],
    }),
    [],
  );
  assert.deepEqual(schemaFields(EXPENSE).map((f) => f.key).slice(0, 3), [
    "title",
    "amount",
    "code",
  ]);
});

const good = {
  title: "Taxi",
  amount: "150",
  code: "AB123",
  mail: "a@b.co",
  phone: "+90 532 000 00 00",
  kind: "travel",
  tags: ["a", "b"],
  urgent: true,
  payOn: "2026-12-01",
  why: "Airport",
  sneaky: "dropped",
};

Deno.test("forms validate: good data comes out typed, unknown keys dropped", () => {
  const { values, errors } = validateSubmission(EXPENSE, good);
  assert.deepEqual(errors, []);
  assert.deepEqual(values, {
    title: "Taxi",
    amount: 150,
    code: "AB123",
    mail: "a@b.co",
    phone: "+90 532 000 00 00",
    kind: "travel",
    tags: ["a", "b"],
    urgent: true,
    payOn: "2026-12-01",
    why: "Airport",
  });
});

Deno.test("forms validate: bad data is refused field by field", () => {
  const { errors } = validateSubmission(EXPENSE, {
    title: "ab",
    amount: 5000,
    code: "ab123",
    mail: "not-mail",
    phone: "12",
    kind: "food",
    tags: ["a", "z"],
    urgent: "yes",
    payOn: "01.12.2026",
  });
  const by = Object.fromEntries(errors.map((e) => [e.path, e.message]));
  assert.deepEqual(Object.keys(by).sort(), [
    "data.amount",
    "data.code",
    "data.kind",
    "data.mail",
    "data.payOn",
    "data.phone",
    "data.tags",
    "data.title",
    "data.urgent",
  ]);
  assert.match(by["data.amount"], /At most 1000/);
  assert.match(by["data.title"], /At least 3/);
  const missing = validateSubmission(EXPENSE, { amount: "x" }).errors;
  assert.deepEqual(missing.map((e) => [e.path, e.message]), [
    ["data.title", "Required"],
    ["data.amount", "Must be a number"],
  ]);
  assert.deepEqual(validateSubmission(EXPENSE, { title: 42, amount: 2 }).errors, [
    { path: "data.title", message: "Must be text" },
  ]);
});

Deno.test("forms validate: data never reaches an object's prototype", () => {
  const schema = { components: [{ type: "textfield", key: "__proto__.polluted" }] };
  const data = JSON.parse('{"__proto__": {"polluted": "yes"}}');
  validateSubmission(schema, data);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

Deno.test("forms validate: a field hidden by its condition is dropped, not required", () => {
  const small = validateSubmission(EXPENSE, { title: "Pens", amount: 10, why: "kept?" });
  assert.deepEqual(small.errors, []);
  assert.equal("why" in small.values, false);
  assert.equal(small.values.urgent, false);
});

Deno.test("forms validate: groups, repeating lists, files and query options", () => {
  const schema = {
    components: [
      {
        type: "group",
        path: "address",
        components: [{ type: "textfield", key: "city", validate: { required: true } }],
      },
      {
        type: "dynamiclist",
        path: "items",
        components: [{ type: "number", key: "qty", validate: { min: 1 }, decimalDigits: 0 }],
      },
      { type: "filepicker", key: "receipt", validate: { required: true } },
      { type: "select", key: "cc", valuesKey: "query:costCentres" },
    ],
  };
  const ctx = {
    files: new Set(["0190a1b2-0000-7000-8000-000000000001"]),
    queryOptions: { costCentres: [{ value: "cc1", label: "Sales" }] },
  };
  const ok = validateSubmission(schema, {
    address: { city: "İzmir", extra: 1 },
    items: [{ qty: 2 }, { qty: "3" }],
    receipt: [{ id: "0190a1b2-0000-7000-8000-000000000001", name: "r.pdf" }],
    cc: "cc1",
  }, ctx);
  assert.deepEqual(ok.errors, []);
  assert.deepEqual(ok.values, {
    address: { city: "İzmir" },
    items: [{ qty: 2 }, { qty: 3 }],
    receipt: [{ id: "0190a1b2-0000-7000-8000-000000000001", name: "r.pdf" }],
    cc: "cc1",
  });
  const bad = validateSubmission(schema, {
    address: {},
    items: [{ qty: 0 }, { qty: 1.5 }],
    receipt: [{ id: "0190a1b2-0000-7000-8000-00000000ffff", name: "other.pdf" }],
    cc: "cc9",
  }, ctx);
  assert.deepEqual(bad.errors.map((e) => e.path), [
    "data.address.city",
    "data.items[0].qty",
    "data.items[1].qty",
    "data.receipt",
    "data.cc",
  ]);
});
