/**
 * Saved SQL questions over HTTP: typed {{name}} parameters are bound, never spliced (an
 * injection attempt stays a value and the table survives), placeholders in quotes and
 * undeclared ones are 400 naming them, SQL errors are 422 with the database's message, the
 * reader role can neither leave its tenant nor its views, permissions (write for admins, run for
 * query readers), another tenant's ids 404 and unchanged, and a widget over a question groups.
 */
import assert from "node:assert/strict";
import { itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { customer, json, ticket } from "../support/fixtures.ts";
import { EXT_DB, pgUp, preparePg, READER } from "./sources.fixture.ts";

const API = "/api/analytics";

const bySubject = {
  name: "Tickets by subject",
  description: "One subject's tickets",
  sql: "select subject, status from tickets where subject = {{s}} order by subject",
  params: [{ name: "s", type: "text", label: "Subject", required: true }],
};

async function withTickets() {
  const t = await newTenant();
  const c = await customer(t.owner);
  await ticket(t.owner, c.id, { subject: "A one" });
  await ticket(t.owner, c.id, { subject: "A two" });
  await ticket(t.owner, c.id, { subject: "A three" });
  return t;
}

async function ticketCount(t: TestTenant) {
  const r = await json(
    await t.owner.call("POST", `${API}/analytics/query`, {
      query: {
        source: { kind: "dataset", name: "tickets" },
        aggregates: [{ fn: "count", as: "n" }],
      },
    }),
    200,
  );
  return r.rows[0].n;
}

itest(
  "questions: parameters stay parameters; injection returns nothing, tables survive",
  async () => {
    const t = await withTickets();
    const q = await json(await t.owner.call("POST", `${API}/questions`, bySubject), 201);
    assert.equal(q.target, "tenant");
    const run = (s: unknown) =>
      t.owner.call("POST", `${API}/questions/${q.id}/run`, { params: { s } });

    const hit = await json(await run("A one"), 200);
    assert.deepEqual(hit.rows, [{ subject: "A one", status: "acik" }]);
    assert.deepEqual(hit.columns, [{ name: "subject", type: "text" }, {
      name: "status",
      type: "text",
    }]);
    for (const evil of ["'; drop table tickets; --", "' or 1=1 --", "A one' or '1'='1"]) {
      const r = await json(await run(evil), 200);
      assert.deepEqual(r.rows, [], evil);
    }
    // The value comes back exactly as given: text, not SQL.
    const echo = await json(
      await t.owner.call("POST", `${API}/questions/preview`, {
        sql: "select {{x}} as v, {{x}} || '!' as w",
        params: [{ name: "x", type: "text", label: "X", required: true }],
        values: { x: "'; drop table tickets; --" },
      }),
      200,
    );
    assert.deepEqual(echo.rows, [{
      v: "'; drop table tickets; --",
      w: "'; drop table tickets; --!",
    }]);
    assert.equal(await ticketCount(t), 3, "tickets still there");
    assert.equal((await json(await run("A two"), 200)).rows.length, 1);

    // A placeholder inside quotes is refused by name (it would stay text there).
    const quoted = await problem(
      await t.owner.call("POST", `${API}/questions`, {
        ...bySubject,
        name: "Quoted",
        sql: "select * from tickets where subject = '{{s}}'",
      }),
      400,
    );
    assert.match(quoted.errors[0].message, /\{\{s\}\} is inside quotes/);
    // ...but one inside a comment is not a placeholder at all.
    await json(
      await t.owner.call("POST", `${API}/questions`, {
        ...bySubject,
        name: "Commented",
        sql: "select subject from tickets -- {{old}}\nwhere subject = {{s}}::text /* {{x}} */",
      }),
      201,
    );
  },
);

itest("questions: typed values, defaults, casts and repeated names", async () => {
  const t = await withTickets();
  const q = await json(
    await t.owner.call("POST", `${API}/questions`, {
      name: "Typed",
      sql: `select {{n}} * 2 as doubled, {{d}}::date + 1 as next_day, {{b}} as flag,
        {{c}} as choice, {{n}} + 1 as again, count(*)::int as tickets
        from tickets where created_at >= {{d}}`,
      params: [
        { name: "n", type: "number", label: "Number", required: true },
        { name: "d", type: "date", label: "Since", required: false, default: "2000-01-01" },
        { name: "b", type: "boolean", label: "Flag", required: false, default: false },
        {
          name: "c",
          type: "choice",
          label: "Status",
          required: false,
          default: "acik",
          choices: [{ value: "acik", label: "Open" }, { value: "kapandi", label: "Closed" }],
        },
      ],
    }),
    201,
  );
  const r = await json(
    await t.owner.call("POST", `${API}/questions/${q.id}/run`, { params: { n: "21" } }),
    200,
  );
  assert.deepEqual(r.rows, [{
    doubled: 42,
    next_day: "2000-01-02",
    flag: false,
    choice: "acik",
    again: 22,
    tickets: 3,
  }]);
  assert.deepEqual(r.columns.map((c: { type: string }) => c.type), [
    "number",
    "date",
    "boolean",
    "text",
    "number",
    "number",
  ]);
  const bad = await problem(
    await t.owner.call("POST", `${API}/questions/${q.id}/run`, {
      params: { n: "many", d: "31/12/2024", c: "nope", zz: 1 },
    }),
    400,
  );
  assert.deepEqual(bad.errors.map((e: { path: string }) => e.path).sort(), [
    "params.c",
    "params.d",
    "params.n",
    "params.zz",
  ]);
  const missing = await problem(
    await t.owner.call("POST", `${API}/questions/${q.id}/run`, { params: {} }),
    400,
  );
  assert.deepEqual(missing.errors, [{ path: "params.n", message: "Number is required." }]);
});

itest("questions: bad SQL is 400/422 with the database's words; the reader stays put", async () => {
  const t = await withTickets();
  const other = await withTickets();
  const preview = (sql: string) => t.owner.call("POST", `${API}/questions/preview`, { sql });
  const undeclared = await problem(await preview("select {{who}} as x"), 400);
  assert.match(undeclared.errors[0].message, /\{\{who\}\} is not a declared parameter/);
  await problem(await preview("select 1; select 2"), 400);
  await problem(await preview("delete from tickets"), 400);
  await problem(await preview("select $1"), 400);
  const typo = await problem(await preview("select nope from tickets"), 422);
  assert.match(typo.detail, /column "nope" does not exist/);
  // Neither the tenant, nor the role, nor the tables behind the views can be reached.
  for (
    const escape of [
      `select set_config('app.tenant_id', '${other.id}', true), (select count(*) from tickets)`,
      "select set_config('role', 'none', true)",
      "select count(*) from public.support_tickets",
      "select count(*) from analytics_tables",
      "select pg_advisory_lock(42)",
    ]
  ) {
    const p = await problem(await preview(escape), 422);
    assert.match(p.detail, /permission denied|does not exist/, escape);
  }
  // Only the tenant's own rows.
  const mine = await json(await preview("select count(*)::int as n from tickets"), 200);
  assert.deepEqual(mine.rows, [{ n: 3 }]);
  // The request goes on normally afterwards (role, read-only mode and search path restored).
  await json(await t.owner.call("POST", `${API}/questions`, { ...bySubject, name: "After" }), 201);
});

itest("questions: tenant tables by name; a widget over a question groups and filters", async () => {
  const t = await withTickets();
  const table = await json(
    await t.owner.call("POST", `${API}/app-tables`, {
      name: "Satış Hedefleri",
      columns: [{ label: "Team", type: "text" }, { label: "Goal", type: "number" }],
    }),
    201,
  );
  for (const [team, goal] of [["north", 10], ["north", 5], ["south", 7]] as const) {
    await json(
      await t.owner.call("POST", `${API}/app-tables/${table.id}/rows`, { data: { team, goal } }),
      201,
    );
  }
  const sums = await json(
    await t.owner.call("POST", `${API}/questions/preview`, {
      sql: "select team, sum(goal)::int as total from satis_hedefleri group by team order by team",
    }),
    200,
  );
  assert.deepEqual(sums.rows, [{ team: "north", total: 15 }, { team: "south", total: 7 }]);

  const q = await json(
    await t.owner.call("POST", `${API}/questions`, {
      name: "Goals over",
      sql: "select team, goal from satis_hedefleri where goal >= {{min}}",
      params: [{ name: "min", type: "number", label: "Minimum", required: false, default: 0 }],
    }),
    201,
  );
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Goals" }), 201);
  const sheet = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Overview" }),
    201,
  );
  const w = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, {
      title: "Goals by team",
      chartType: "bar",
      query: {
        source: { kind: "question", id: q.id, params: { min: 6 } },
        fields: [{ field: "team", as: "team" }],
        aggregates: [{ fn: "sum", field: "goal", as: "goal" }, { fn: "count", as: "rows" }],
        sort: [{ field: "team", dir: "asc" }],
      },
    }),
    201,
  );
  const data = await json(await t.owner.call("GET", `${API}/widgets/${w.id}/data`), 200);
  assert.deepEqual(data.rows, [{ team: "north", goal: 10, rows: 1 }, {
    team: "south",
    goal: 7,
    rows: 1,
  }]);
  // A sheet filter on a question column applies; one on a column it lacks is left out.
  const filtered = await json(
    await t.owner.call("GET", `${API}/widgets/${w.id}/data?where=team:south&where=status:acik`),
    200,
  );
  assert.deepEqual(filtered.rows, [{ team: "south", goal: 7, rows: 1 }]);
  // A viewer of the sheet sees it without the query permissions.
  const viewer = await t.member(["viewer"]);
  await json(
    await t.owner.call("PUT", `${API}/apps/${app.id}/access`, {
      grants: [{ userId: viewer.id, level: "view" }],
    }),
    200,
  );
  const seen = await json(await viewer.call("GET", `${API}/widgets/${w.id}/data`), 200);
  assert.equal(seen.rows.length, 2);
});

itest("questions: permissions, validation, another tenant's ids 404 and unchanged", async () => {
  const t = await withTickets();
  const b = await newTenant();
  const q = await json(await t.owner.call("POST", `${API}/questions`, bySubject), 201);
  const agent = await t.member(["agent"]);
  // Listing and running: query readers; writing and previewing: query writers.
  const list = await json(await agent.call("GET", `${API}/questions`), 200);
  assert.deepEqual(list.items.map((x: { name: string }) => x.name), ["Tickets by subject"]);
  await json(await agent.call("GET", `${API}/questions/${q.id}`), 200);
  await json(
    await agent.call("POST", `${API}/questions/${q.id}/run`, { params: { s: "A one" } }),
    200,
  );
  await problem(await agent.call("POST", `${API}/questions`, { ...bySubject, name: "Mine" }), 403);
  await problem(await agent.call("PATCH", `${API}/questions/${q.id}`, { name: "Mine" }), 403);
  await problem(await agent.call("DELETE", `${API}/questions/${q.id}`), 403);
  await problem(await agent.call("POST", `${API}/questions/preview`, { sql: "select 1" }), 403);
  // A role that may open sheets but not query data.
  const role = await t.owner.call("POST", "/api/admin/roles", {
    key: "sheet-reader",
    name: "Sheet reader",
    permissions: ["analytics.app.read", "analytics.sheet.read"],
  });
  assert.equal(role.status, 201);
  const reader = await t.member(["sheet-reader"]);
  await problem(await reader.call("GET", `${API}/questions`), 403);
  await problem(await reader.call("GET", `${API}/questions/${q.id}`), 403);
  await problem(await reader.call("POST", `${API}/questions/${q.id}/run`, { params: {} }), 403);

  // Validation.
  await problem(await t.owner.call("POST", `${API}/questions`, { name: "", sql: "" }), 400);
  await problem(await t.owner.call("PATCH", `${API}/questions/${q.id}`, { params: "x" }), 400);
  await problem(await t.owner.call("GET", `${API}/questions/not-an-id`), 400);
  await problem(await t.owner.call("POST", `${API}/questions/${q.id}/run`, { params: [] }), 400);
  await problem(await t.owner.call("DELETE", `${API}/questions/not-an-id`), 400);
  await problem(await t.owner.call("POST", `${API}/questions`, bySubject), 409);
  const unused = await problem(
    await t.owner.call("PATCH", `${API}/questions/${q.id}`, { sql: "select 1 as one" }),
    400,
  );
  assert.deepEqual(unused.errors, [{
    path: "params.0.name",
    message: "s is not used in the SQL.",
  }]);
  await problem(
    await t.owner.call("POST", `${API}/questions`, {
      ...bySubject,
      name: "On a missing source",
      sourceId: crypto.randomUUID(),
    }),
    400,
  );

  // Patch and delete work for the owner.
  const patched = await json(
    await t.owner.call("PATCH", `${API}/questions/${q.id}`, { description: "Changed" }),
    200,
  );
  assert.equal(patched.description, "Changed");

  // Another tenant's owner: not found, and nothing changes.
  await problem(await b.owner.call("GET", `${API}/questions/${q.id}`), 404);
  await problem(await b.owner.call("PATCH", `${API}/questions/${q.id}`, { name: "Taken" }), 404);
  await problem(await b.owner.call("DELETE", `${API}/questions/${q.id}`), 404);
  await problem(
    await b.owner.call("POST", `${API}/questions/${q.id}/run`, { params: { s: "A one" } }),
    404,
  );
  const still = await json(await t.owner.call("GET", `${API}/questions/${q.id}`), 200);
  assert.equal(still.name, "Tickets by subject");
  assert.equal(still.description, "Changed");
  assert.deepEqual((await json(await b.owner.call("GET", `${API}/questions`), 200)).items, []);

  assert.equal((await t.owner.call("DELETE", `${API}/questions/${q.id}`)).status, 204);
  await problem(await t.owner.call("GET", `${API}/questions/${q.id}`), 404);
});

const external = pgUp
  ? itest
  : (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: true, fn });

external(
  "questions: on an external source, bound values, safety rules, source permission",
  async () => {
    await preparePg();
    const { platform } = await testApp();
    const config = platform.config as { ANALYTICS_SOURCE_ALLOW: string };
    config.ANALYTICS_SOURCE_ALLOW = "127.0.0.1/32";
    try {
      const t = await newTenant();
      const src = await json(
        await t.owner.call("POST", `${API}/sources`, {
          name: "Warehouse",
          engine: "postgres",
          host: "127.0.0.1",
          port: 5432,
          database: EXT_DB,
          username: READER.username,
          password: READER.password,
          options: { statementTimeoutMs: 2000, rowCap: 3 },
        }),
        201,
      );
      const q = await json(
        await t.owner.call("POST", `${API}/questions`, {
          name: "Items",
          sourceId: src.id,
          sql: "select name, amount from items where status = {{s}} and created_at >= {{from}} " +
            "order by id",
          params: [
            { name: "s", type: "text", label: "Status", required: true },
            { name: "from", type: "date", label: "From", required: false, default: "2026-01-01" },
          ],
        }),
        201,
      );
      assert.equal(q.target, "external");
      const run = (s: string) =>
        t.owner.call("POST", `${API}/questions/${q.id}/run`, { params: { s } });
      const open = await json(await run("open"), 200);
      // The source's row cap (3) holds.
      assert.deepEqual(open.rows.map((r: { name: string }) => r.name), [
        "Alpha",
        "Beta",
        "Eps'ilon; drop",
      ]);
      assert.equal((await json(await run("' or 1=1 --"), 200)).rows.length, 0);
      // Writing is refused before it reaches the server, and by the read-only role anyway.
      await problem(
        await t.owner.call("POST", `${API}/questions/preview`, {
          sourceId: src.id,
          sql: "delete from items",
        }),
        400,
      );
      // A widget over the external question groups there.
      const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "W" }), 201);
      const sheet = await json(
        await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "S" }),
        201,
      );
      const w = await json(
        await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, {
          title: "Amount",
          chartType: "kpi",
          query: {
            source: { kind: "question", id: q.id, params: { s: "closed" } },
            aggregates: [{ fn: "count", as: "n" }],
          },
        }),
        201,
      );
      const data = await json(await t.owner.call("GET", `${API}/widgets/${w.id}/data`), 200);
      assert.equal(Number(data.rows[0].n), 2);
      // Running needs the source permission too: a role with only the query permissions.
      assert.equal(
        (await t.owner.call("POST", "/api/admin/roles", {
          key: "query-only",
          name: "Queries only",
          permissions: ["analytics.query.read", "analytics.query.write"],
        })).status,
        201,
      );
      const queries = await t.member(["query-only"]);
      await problem(
        await queries.call("POST", `${API}/questions/${q.id}/run`, { params: { s: "open" } }),
        403,
      );
      await problem(await queries.call("PATCH", `${API}/questions/${q.id}`, { name: "X" }), 403);
    } finally {
      config.ANALYTICS_SOURCE_ALLOW = "";
    }
  },
);
