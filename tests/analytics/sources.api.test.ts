/**
 * External data sources through HTTP: create (checked live), read (password never returned,
 * stored encrypted), change, test, /database, /schema, raw SQL refusals, the query builder on a
 * source, who may do what, and another tenant's source (404, unchanged).
 */
import assert from "node:assert/strict";
import { itest, newTenant, problem, testApp } from "../helpers.ts";
import { runExternalQuery } from "../../modules/analytics/sources/sources.run.service.ts";
import { withScope } from "../../shared/db/scope.ts";
import {
  EXT_DB,
  mysqlUp,
  pgUp,
  prepareMysql,
  preparePg,
  READER,
  WRITER,
} from "./sources.fixture.ts";

const API = "/api/analytics";
const SECRET = "reader-pw";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const body = (over: Record<string, unknown> = {}) => ({
  name: "Warehouse",
  engine: "postgres",
  host: "127.0.0.1",
  port: 5432,
  database: EXT_DB,
  username: READER.username,
  password: SECRET,
  options: { statementTimeoutMs: 2000, rowCap: 3 },
  ...over,
});

/** The operator allowlist lets the machine's own databases in for these tests only. */
async function allowLocal(on: boolean) {
  const { platform } = await testApp();
  (platform.config as { ANALYTICS_SOURCE_ALLOW: string }).ANALYTICS_SOURCE_ALLOW = on
    ? "127.0.0.1/32"
    : "";
}

itest(
  "sources: loopback and metadata hosts are refused without the operator allowlist",
  async () => {
    await allowLocal(false);
    const t = await newTenant();
    for (const host of ["127.0.0.1", "localhost", "169.254.169.254"]) {
      const p = await problem(await t.owner.call("POST", `${API}/sources`, body({ host })), 422);
      assert.match(p.detail, /private, loopback or link-local/);
    }
    const list = await json(await t.owner.call("GET", `${API}/sources`), 200);
    assert.equal(list.items.length, 0, "nothing half-written");
  },
);

/** Tests that need the machine's PostgreSQL; skipped cleanly when 127.0.0.1:5432 is closed. */
const pgTest = (name: string, fn: () => Promise<void>) =>
  pgUp ? itest(name, fn) : Deno.test({ name, ignore: true, fn });

pgTest(
  "sources: create, read, change, test, database, schema; password never returned",
  async () => {
    await preparePg();
    await allowLocal(true);
    const { platform } = await testApp();
    const t = await newTenant();
    const created = await t.owner.call("POST", `${API}/sources`, body());
    const createdText = await created.clone().text();
    const src = await json(created, 201);
    assert.ok(!createdText.includes(SECRET), "the password is not returned");
    assert.equal(src.hasPassword, true);
    assert.equal(src.status, "ok");
    assert.match(src.serverVersion, /^\d+/);

    // Stored encrypted: the password is nowhere in the row.
    const [row] = await platform.db.sql`select encode(secret_ciphertext, 'escape') as raw
    from analytics_sources where tenant_id = ${t.id} and id = ${src.id}`;
    assert.ok(!String(row.raw).includes(SECRET));

    for (const path of [`/sources`, `/sources/${src.id}`, `/database`]) {
      const res = await t.owner.call("GET", API + path);
      const text = await res.text();
      assert.equal(res.status, 200, text);
      assert.ok(!text.includes(SECRET), path);
    }
    const db = await json(await t.owner.call("GET", `${API}/database`), 200);
    assert.deepEqual(
      db.items.map((i: { engine: string; status: string }) => [i.engine, i.status]),
      [
        ["postgres", "ok"],
      ],
    );
    assert.ok(db.items[0].sizeBytes > 0);
    const tree = await json(await t.owner.call("GET", `${API}/schema?sourceId=${src.id}`), 200);
    const items = tree.schemas.find((s: { name: string }) => s.name === "public").tables
      .find((x: { name: string }) => x.name === "items");
    assert.deepEqual(items.columns.map((c: { name: string }) => c.name), [
      "id",
      "name",
      "status",
      "amount",
      "created_at",
    ]);

    // A change without a password keeps the stored one (the check connects with it).
    const renamed = await json(
      await t.owner.call("PATCH", `${API}/sources/${src.id}`, { name: "DWH" }),
      200,
    );
    assert.equal(renamed.name, "DWH");
    const tested = await json(await t.owner.call("POST", `${API}/sources/${src.id}/test`), 200);
    assert.equal(tested.status, "ok");

    // Switching to a writer account is refused at connect, and nothing changes.
    const w = await problem(
      await t.owner.call("PATCH", `${API}/sources/${src.id}`, { username: WRITER.username }),
      422,
    );
    assert.match(w.detail, /not read-only/);
    assert.equal(
      (await json(await t.owner.call("GET", `${API}/sources/${src.id}`), 200)).username,
      READER.username,
    );
    await problem(
      await t.owner.call("POST", `${API}/sources`, body({ name: "W", username: WRITER.username })),
      422,
    );
    await problem(await t.owner.call("POST", `${API}/sources`, body({ name: "dwh" })), 409);
    await problem(await t.owner.call("POST", `${API}/sources`, body({ port: 0 })), 400);

    assert.equal((await t.owner.call("DELETE", `${API}/sources/${src.id}`)).status, 204);
    await problem(await t.owner.call("GET", `${API}/sources/${src.id}`), 404);
  },
);

pgTest("sources: raw SQL runs one capped reading statement and refuses the rest", async () => {
  await preparePg();
  await allowLocal(true);
  const t = await newTenant();
  const src = await json(await t.owner.call("POST", `${API}/sources`, body()), 201);
  const run = (sql: string) => t.owner.call("POST", `${API}/sources/${src.id}/sql`, { sql });
  const ok = await json(await run("select id, name from items order by id;"), 200);
  assert.deepEqual(ok.rows.map((r: { id: number }) => r.id), [1, 2, 3]);
  assert.equal(ok.truncated, true, "capped at the source's row cap (3)");
  const semicolon = await json(await run("select name from items where name like '%;%'"), 200);
  assert.deepEqual(semicolon.rows, [{ name: "Eps'ilon; drop" }]);

  assert.match((await problem(await run("drop table items"), 422)).detail, /read-only/);
  assert.match(
    (await problem(await run("set default_transaction_read_only = off; delete from items"), 422))
      .detail,
    /Only one statement/,
  );
  assert.match((await problem(await run("select 1; select 2"), 422)).detail, /Only one statement/);
  assert.match((await problem(await run("select pg_sleep(60)"), 422)).detail, /time limit/);
  // Still all there: nothing was deleted or dropped.
  const count = await json(await run("select count(*) as n from items"), 200);
  assert.equal(count.rows[0].n, 5);
});

pgTest("sources: the query builder compiles a parameterised query for the source", async () => {
  await preparePg();
  await allowLocal(true);
  const { platform } = await testApp();
  const t = await newTenant();
  const src = await json(
    await t.owner.call("POST", `${API}/sources`, body({ options: { rowCap: 100 } })),
    201,
  );
  const result = await withScope(
    platform.db.sql,
    { tenantId: t.id, userId: t.owner.id },
    (tx) =>
      runExternalQuery({ sql: tx, bus: platform.bus }, {
        query: {
          source: { kind: "external", sourceId: src.id, table: "items" },
          fields: [{ field: "status" }],
          aggregates: [{ fn: "count", as: "n" }, { fn: "sum", field: "amount", as: "total" }],
          filters: [{ field: "name", op: "ne", value: "x'; drop table items; --" }],
          sort: [{ field: "status", dir: "asc" }],
        },
      }),
  );
  assert.deepEqual(result.rows, [
    { status: "closed", n: 2, total: 12 },
    { status: "open", n: 3, total: 31.5 },
  ]);
  await assert.rejects(
    withScope(
      platform.db.sql,
      { tenantId: t.id, userId: t.owner.id },
      (tx) =>
        runExternalQuery({ sql: tx, bus: platform.bus }, {
          query: {
            source: { kind: "external", sourceId: src.id, table: "items" },
            fields: [{ field: "password" }],
          },
        }),
    ),
    /not valid/,
  );
});

pgTest("sources: permissions and tenants", async () => {
  await preparePg();
  await allowLocal(true);
  const t = await newTenant();
  const other = await newTenant();
  const src = await json(await t.owner.call("POST", `${API}/sources`, body()), 201);
  const member = await t.member(["member"]);
  // Members read every module (builtin roles), so they see sources — never a password — but
  // may not add, change, test or query one.
  const seen = await member.call("GET", `${API}/sources`);
  assert.equal(seen.status, 200);
  assert.ok(!(await seen.text()).includes(SECRET));
  await problem(await member.call("PATCH", `${API}/sources/${src.id}`, { name: "M" }), 403);
  await problem(await member.call("DELETE", `${API}/sources/${src.id}`), 403);
  await problem(await member.call("POST", `${API}/sources/${src.id}/test`), 403);
  await problem(await member.call("POST", `${API}/sources`, body({ name: "M" })), 403);
  await problem(
    await member.call("POST", `${API}/sources/${src.id}/sql`, { sql: "select 1" }),
    403,
  );

  // Another tenant sees nothing of it and cannot touch it.
  assert.equal((await json(await other.owner.call("GET", `${API}/sources`), 200)).items.length, 0);
  assert.equal((await json(await other.owner.call("GET", `${API}/database`), 200)).items.length, 0);
  for (
    const [m, p, b] of [
      ["GET", `/sources/${src.id}`],
      ["PATCH", `/sources/${src.id}`, { name: "Stolen" }],
      ["DELETE", `/sources/${src.id}`],
      ["POST", `/sources/${src.id}/test`],
      ["POST", `/sources/${src.id}/sql`, { sql: "select 1" }],
      ["GET", `/schema?sourceId=${src.id}`],
    ] as [string, string, unknown?][]
  ) {
    await problem(await other.owner.call(m, API + p, b), 404);
  }
  await problem(await other.owner.call("GET", `${API}/schema?sourceId=nope`), 400);
  assert.equal(
    (await json(await t.owner.call("GET", `${API}/sources/${src.id}`), 200)).name,
    "Warehouse",
  );
});

const myTest = (name: string, fn: () => Promise<void>) =>
  mysqlUp ? itest(name, fn) : Deno.test({ name, ignore: true, fn });

myTest("sources: a MySQL source — checked grants, raw SQL refusals, the builder", async () => {
  await prepareMysql();
  await allowLocal(true);
  const { platform } = await testApp();
  const t = await newTenant();
  const my = (over: Record<string, unknown> = {}) =>
    body({ engine: "mysql", port: 3306, database: "test", ...over });
  const w = await problem(
    await t.owner.call(
      "POST",
      `${API}/sources`,
      my({ username: WRITER.username, password: WRITER.password }),
    ),
    422,
  );
  assert.match(w.detail, /not read-only/);
  const src = await json(await t.owner.call("POST", `${API}/sources`, my()), 201);
  const run = (sql: string) => t.owner.call("POST", `${API}/sources/${src.id}/sql`, { sql });
  const rows = await json(await run("select id from src_items order by id"), 200);
  assert.deepEqual(rows.rows.map((r: { id: number }) => r.id), [1, 2, 3]);
  await problem(await run("drop table src_items"), 422);
  await problem(await run("select 1; select 2"), 422);
  assert.match((await problem(await run("select sleep(60)"), 422)).detail, /time limit/);
  const result = await withScope(
    platform.db.sql,
    { tenantId: t.id, userId: t.owner.id },
    (tx) =>
      runExternalQuery({ sql: tx, bus: platform.bus }, {
        query: {
          source: { kind: "external", sourceId: src.id, table: "src_items" },
          fields: [{ field: "status" }],
          aggregates: [{ fn: "count", as: "n" }],
          filters: [{ field: "amount", op: "gte", value: 5 }],
          sort: [{ field: "status", dir: "asc" }],
        },
      }),
  );
  assert.deepEqual(result.rows, [{ status: "closed", n: 1 }, { status: "open", n: 2 }]);
});
