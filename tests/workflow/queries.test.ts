/**
 * Data queries: compiled SQL keeps every value a bind parameter (a hostile value is only a
 * value), each filter op, aggregates and date buckets, paging and the row cap, saved-query
 * CRUD with validation (422 for unknown fields, ops and parameters), permissions, and tenants
 * kept apart.
 */
import assert from "node:assert/strict";
import { itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { compileQuery } from "../../modules/workflow/queries/queries.compile.repo.ts";
import { fieldsFor } from "../../modules/workflow/queries/queries.fields.repo.ts";

const API = "/api/workflow";
const HOSTILE = "'; drop table workflow_data_records; --";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const orderModel = {
  key: "q_order",
  name: "Order",
  fields: [
    { name: "title", label: "Title", type: "text", required: true },
    { name: "amount", label: "Amount", type: "number" },
    { name: "urgent", label: "Urgent", type: "boolean" },
    { name: "due", label: "Due", type: "date" },
    {
      name: "status",
      label: "Status",
      type: "enum",
      values: [{ value: "open", label: "Open" }, { value: "done", label: "Done" }],
    },
  ],
};

const ORDERS = [
  { title: "Printer 50%", amount: 100, urgent: true, due: "2026-01-05", status: "open" },
  { title: "Paper", amount: 20, urgent: false, due: "2026-01-20", status: "done" },
  { title: "Toner", amount: 55.5, urgent: false, due: "2026-02-03", status: "open" },
  { title: "Desk", amount: 300, due: "2026-02-10", status: "done" },
  { title: "printer cable", amount: 8, urgent: true, status: "open" },
];

async function seed(t: TestTenant, orders: Record<string, unknown>[] = ORDERS) {
  await json(await t.owner.call("POST", `${API}/data-models`, orderModel), 201);
  for (const data of orders) {
    await json(await t.owner.call("POST", `${API}/data-models/q_order/records`, { data }), 201);
  }
}

const preview = (t: TestTenant, body: Record<string, unknown>, who = t.owner) =>
  who.call("POST", `${API}/data-queries/preview`, { source: "records", model: "q_order", ...body });

async function titles(t: TestTenant, filters: unknown[], params: Record<string, unknown> = {}) {
  const r = await json(
    await preview(t, {
      definition: { filters, columns: ["title"], sort: [{ field: "title", dir: "asc" }] },
      params,
    }),
    200,
  );
  return r.rows.map((x: { title: string }) => x.title);
}

itest("data queries: a hostile value stays a bind parameter", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  await seed(t);
  const fields = fieldsFor("records", orderModel.fields);
  const compiled = compileQuery({
    source: "records",
    fields,
    modelId: crypto.randomUUID(),
    params: new Map([["q", HOSTILE]]),
    declared: new Set(["q"]),
    definition: {
      filters: [
        { field: "title", op: "eq", param: "q" },
        { field: "title", op: "contains", value: HOSTILE },
        { field: "status", op: "in", value: [HOSTILE, "open"] },
      ],
    },
  });
  assert.ok(!compiled.sql.includes("drop table"), compiled.sql);
  assert.ok(!compiled.sql.includes("';"), "no value is spliced into the text");
  assert.ok(compiled.parameters.includes(HOSTILE));
  assert.match(compiled.sql, /= \$2::text/);

  const saved = await json(
    await t.owner.call("POST", `${API}/data-queries`, {
      key: "by_title",
      name: "Orders by title",
      source: "records",
      model: "q_order",
      definition: { filters: [{ field: "title", op: "eq", value: "{q}" }] },
      params: [{ name: "q", label: "Title", type: "text", required: true }],
    }),
    201,
  );
  assert.equal(saved.model, "q_order");
  const run = await json(
    await t.owner.call("POST", `${API}/data-queries/by_title/run`, { params: { q: HOSTILE } }),
    200,
  );
  assert.deepEqual(run.rows, []);
  assert.deepEqual(await titles(t, [{ field: "title", op: "contains", value: HOSTILE }]), []);
  // The tables are still there and whole.
  const [{ n }] = await platform.db.sql`select count(*)::int as n from workflow_data_records
    where tenant_id = ${t.id}`;
  assert.equal(n, ORDERS.length);
  const paper = await json(
    await t.owner.call("POST", `${API}/data-queries/by_title/run`, { params: { q: "Paper" } }),
    200,
  );
  assert.deepEqual(paper.rows.map((r: { amount: number }) => r.amount), [20]);
});

itest("data queries: every filter op, with the field's type", async () => {
  const t = await newTenant();
  await seed(t);
  const f = (field: string, op: string, value?: unknown) => ({ field, op, value });
  assert.deepEqual(await titles(t, [f("amount", "eq", 20)]), ["Paper"]);
  assert.deepEqual(await titles(t, [f("amount", "ne", "20")]), [
    "Desk",
    "Printer 50%",
    "Toner",
    "printer cable",
  ]);
  assert.deepEqual(await titles(t, [f("amount", "lt", 20)]), ["printer cable"]);
  assert.deepEqual(await titles(t, [f("amount", "lte", 20)]), ["Paper", "printer cable"]);
  assert.deepEqual(await titles(t, [f("amount", "gt", 100)]), ["Desk"]);
  assert.deepEqual(await titles(t, [f("amount", "gte", "55,5")]), ["Desk", "Printer 50%", "Toner"]);
  // contains/startsWith ignore case; % in the value matches only itself.
  assert.deepEqual(await titles(t, [f("title", "contains", "PRINTER")]), [
    "Printer 50%",
    "printer cable",
  ]);
  assert.deepEqual(await titles(t, [f("title", "contains", "0%")]), ["Printer 50%"]);
  assert.deepEqual(await titles(t, [f("title", "contains", "%")]), ["Printer 50%"]);
  assert.deepEqual(await titles(t, [f("title", "startsWith", "pa")]), ["Paper"]);
  assert.deepEqual(await titles(t, [f("status", "in", ["done"])]), ["Desk", "Paper"]);
  // An enum value may be named by its label, as the builder shows it.
  assert.deepEqual(await titles(t, [f("status", "eq", "DONE")]), ["Desk", "Paper"]);
  assert.deepEqual(await titles(t, [f("status", "eq", "finished")]), []);
  assert.deepEqual(await titles(t, [f("amount", "in", "8, 300")]), ["Desk", "printer cable"]);
  assert.deepEqual(await titles(t, [f("urgent", "eq", true)]), ["Printer 50%", "printer cable"]);
  assert.deepEqual(await titles(t, [f("urgent", "isEmpty")]), ["Desk"]);
  assert.deepEqual(await titles(t, [f("due", "isEmpty")]), ["printer cable"]);
  assert.equal((await titles(t, [f("due", "isNotEmpty")])).length, 4);
  assert.deepEqual(await titles(t, [f("due", "gte", "2026-02-01"), f("status", "eq", "open")]), [
    "Toner",
  ]);
  assert.deepEqual(await titles(t, [f("createdAt", "gt", "2000-01-01")]), [
    "Desk",
    "Paper",
    "Printer 50%",
    "Toner",
    "printer cable",
  ]);
  // An optional parameter that is not given leaves its filter out; a given one applies.
  const paramDefs = [{ name: "min", label: "Minimum", type: "number", required: false }];
  const byMin = async (params: Record<string, unknown>) =>
    (await json(
      await preview(t, {
        definition: { filters: [{ field: "amount", op: "gte", param: "min" }], columns: ["title"] },
        paramDefs,
        params,
      }),
      200,
    )).rows.length;
  assert.equal(await byMin({}), 5);
  assert.equal(await byMin({ min: "100" }), 2);
});

itest("data queries: aggregates, groups, date buckets, sorting by a result", async () => {
  const t = await newTenant();
  await seed(t);
  const byStatus = await json(
    await preview(t, {
      definition: {
        groupBy: ["status"],
        aggregates: [
          { fn: "count", as: "orders" },
          { fn: "sum", field: "amount", as: "total" },
          { fn: "avg", field: "amount", as: "mean" },
          { fn: "min", field: "due", as: "first" },
          { fn: "max", field: "amount", as: "largest" },
        ],
        sort: [{ field: "total", dir: "desc" }],
      },
    }),
    200,
  );
  assert.deepEqual(byStatus.columns.map((c: { name: string }) => c.name), [
    "status",
    "orders",
    "total",
    "mean",
    "first",
    "largest",
  ]);
  assert.deepEqual(byStatus.columns[0].values, orderModel.fields[4].values);
  assert.deepEqual(byStatus.rows, [
    { status: "done", orders: 2, total: 320, mean: 160, first: "2026-01-20", largest: 300 },
    {
      status: "open",
      orders: 3,
      total: 163.5,
      mean: 54.5,
      first: "2026-01-05",
      largest: 100,
    },
  ]);
  const byMonth = await json(
    await preview(t, {
      definition: { groupBy: ["due:month"], aggregates: [{ fn: "sum", field: "amount", as: "t" }] },
    }),
    200,
  );
  assert.deepEqual(byMonth.rows, [
    { "due:month": null, t: 8 },
    { "due:month": "2026-01-01", t: 120 },
    { "due:month": "2026-02-01", t: 355.5 },
  ]);
  const total = await json(
    await preview(t, { definition: { aggregates: [{ fn: "count", as: "n" }] } }),
    200,
  );
  assert.deepEqual(total.rows, [{ n: 5 }]);
  // Grouping a text field by week, or summing text, is refused.
  await problem(
    await preview(t, { definition: { groupBy: ["title:week"], aggregates: [] } }),
    422,
  );
  await problem(
    await preview(t, { definition: { aggregates: [{ fn: "sum", field: "title", as: "x" }] } }),
    422,
  );
});

itest("data queries: paging and the truncated flag", async () => {
  const t = await newTenant();
  await seed(t);
  const page = async (offset: number, limit: number) =>
    await json(
      await preview(t, {
        definition: { columns: ["title", "amount"], sort: [{ field: "amount", dir: "asc" }] },
        offset,
        limit,
      }),
      200,
    );
  const first = await page(0, 2);
  assert.equal(first.truncated, true);
  assert.deepEqual(first.rows.map((r: { amount: number }) => r.amount), [8, 20]);
  const second = await page(2, 2);
  assert.deepEqual(second.rows.map((r: { amount: number }) => r.amount), [55.5, 100]);
  const last = await page(4, 2);
  assert.equal(last.truncated, false);
  assert.deepEqual(last.rows.map((r: { amount: number }) => r.amount), [300]);
  // A definition's own limit caps too.
  const capped = await json(await preview(t, { definition: { limit: 3 } }), 200);
  assert.equal(capped.rows.length, 3);
  assert.equal(capped.truncated, true);
  await problem(await preview(t, { definition: {}, limit: 5000 }), 400);
});

itest("data queries: saved-query CRUD, validation and permissions", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  await seed(t);
  const body = {
    key: "open_orders",
    name: "Open orders",
    source: "records",
    model: "q_order",
    definition: {
      filters: [{ field: "status", op: "eq", value: "open" }, {
        field: "amount",
        op: "gte",
        param: "min",
      }],
      sort: [{ field: "amount", dir: "desc" }],
      columns: ["title", "amount"],
    },
    params: [{ name: "min", label: "Minimum", type: "number", required: false, default: 50 }],
  };
  const created = await json(await t.owner.call("POST", `${API}/data-queries`, body), 201);
  assert.equal(created.modelName, "Order");
  await problem(await t.owner.call("POST", `${API}/data-queries`, body), 409);
  const list = await json(await t.owner.call("GET", `${API}/data-queries`), 200);
  assert.deepEqual(list.items.map((q: { key: string }) => q.key), ["open_orders"]);
  const run = (params: Record<string, unknown>, who = t.owner) =>
    who.call("POST", `${API}/data-queries/open_orders/run`, { params });
  assert.deepEqual((await json(await run({}), 200)).rows, [
    { title: "Printer 50%", amount: 100 },
    { title: "Toner", amount: 55.5 },
  ]);
  assert.equal((await json(await run({ min: 0 }), 200)).rows.length, 3);
  const bad = await problem(await run({ min: "lots" }), 422);
  assert.equal(bad.errors[0].path, "params.min");

  // Unknown field, op, parameter, model and source mismatches: 422, nothing stored.
  const refused = [
    { ...body, key: "a1", definition: { filters: [{ field: "nope", op: "eq", value: 1 }] } },
    { ...body, key: "a2", definition: { filters: [{ field: "title", op: "like", value: "x" }] } },
    { ...body, key: "a3", definition: { filters: [{ field: "title", op: "eq", param: "who" }] } },
    { ...body, key: "a4", definition: { sort: [{ field: "data", dir: "asc" }] } },
    { ...body, key: "a5", definition: { columns: ["title; drop"] } },
    { ...body, key: "a6", model: "missing" },
    { ...body, key: "a7", definition: { filters: [{ field: "amount", op: "gt", value: "x" }] } },
    { ...body, key: "a8", params: [{ name: "n", label: "N", type: "number", default: "x" }] },
  ];
  for (const r of refused) {
    await problem(await t.owner.call("POST", `${API}/data-queries`, r), 422);
  }
  await problem(await t.owner.call("POST", `${API}/data-queries`, { ...body, key: "Bad" }), 400);
  await problem(await t.owner.call("POST", `${API}/data-queries`, { ...body, key: "new" }), 422);
  await problem(await t.owner.call("POST", `${API}/data-queries`, { key: "x" }), 400);
  assert.equal((await json(await t.owner.call("GET", `${API}/data-queries`), 200)).items.length, 1);

  const changed = await json(
    await t.owner.call("PATCH", `${API}/data-queries/open_orders`, {
      name: "Big open orders",
      params: [{ name: "min", label: "Minimum", type: "number", required: true }],
    }),
    200,
  );
  assert.equal(changed.name, "Big open orders");
  await problem(await run({}), 422);
  await problem(
    await t.owner.call("PATCH", `${API}/data-queries/open_orders`, {
      definition: { columns: ["ghost"] },
    }),
    422,
  );
  assert.equal(
    (await json(await t.owner.call("GET", `${API}/data-queries/open_orders`), 200)).definition
      .columns[0],
    "title",
    "a refused change leaves the query as it was",
  );

  // Staff roles run but never edit; a member without a role does neither.
  const viewer = await t.member(["viewer"]);
  assert.equal((await json(await run({ min: 1 }, viewer), 200)).rows.length, 3);
  await problem(await viewer.call("POST", `${API}/data-queries`, { ...body, key: "v" }), 403);
  await problem(
    await viewer.call("PATCH", `${API}/data-queries/open_orders`, { name: "x" }),
    403,
  );
  await problem(await viewer.call("DELETE", `${API}/data-queries/open_orders`), 403);
  const nobody = await t.member([]);
  await problem(await run({ min: 1 }, nobody), 403);
  await problem(await preview(t, { definition: {} }, nobody), 403);
  await problem(await nobody.call("GET", `${API}/data-queries`), 403);

  assert.equal((await t.owner.call("DELETE", `${API}/data-queries/open_orders`)).status, 204);
  await problem(await t.owner.call("GET", `${API}/data-queries/open_orders`), 404);
  await problem(await run({ min: 1 }), 404);
  const audit = await platform.db.sql`select action from activity where tenant_id = ${t.id}
    and entity_type = 'data-query' order by occurred_at, id`;
  assert.deepEqual(audit.map((r) => r.action), ["created", "updated", "deleted"]);
});

itest("data queries: another tenant's rows and queries never appear", async () => {
  const t = await newTenant();
  const other = await newTenant();
  await seed(t);
  await seed(other, [{ title: "Theirs", amount: 1, urgent: false, due: "2026-03-01" }]);
  await json(
    await t.owner.call("POST", `${API}/data-queries`, {
      key: "all_orders",
      name: "All orders",
      source: "records",
      model: "q_order",
      definition: { columns: ["title"] },
    }),
    201,
  );
  const mine = await json(
    await t.owner.call("POST", `${API}/data-queries/all_orders/run`, {}),
    200,
  );
  assert.equal(mine.rows.length, 5);
  assert.ok(!mine.rows.some((r: { title: string }) => r.title === "Theirs"));
  const theirs = await json(await preview(other, { definition: { columns: ["title"] } }), 200);
  assert.deepEqual(theirs.rows, [{ title: "Theirs" }]);
  // Their instances, tasks and history are not ours either.
  const inst = await json(
    await preview(other, { source: "instances", model: null, definition: {} }),
    200,
  );
  assert.deepEqual(inst.rows, []);

  for (
    const [method, path, payload] of [
      ["GET", `${API}/data-queries/all_orders`, undefined],
      ["PATCH", `${API}/data-queries/all_orders`, { name: "Mine now" }],
      ["POST", `${API}/data-queries/all_orders/run`, {}],
      ["DELETE", `${API}/data-queries/all_orders`, undefined],
    ] as const
  ) {
    await problem(await other.owner.call(method, path, payload), 404);
  }
  const still = await json(await t.owner.call("GET", `${API}/data-queries/all_orders`), 200);
  assert.equal(still.name, "All orders");
});
