/**
 * The safety rules of external sources, each on its own: SSRF guard, one statement, the
 * SELECT-only role check at connect, the read-only transaction, the statement timeout and the
 * client-side cancel, the row cap — against the machine's PostgreSQL and MariaDB.
 */
import assert from "node:assert/strict";
import {
  isForbiddenAddress,
  parseAllowlist,
} from "../../modules/analytics/sources/sources.guard.lib.ts";
import {
  checkRawStatement,
  singleStatement,
} from "../../modules/analytics/sources/sources.statement.lib.ts";
import { compileExternal } from "../../modules/analytics/sources/sources.compile.repo.ts";
import { mysqlGrantFaults } from "../../modules/analytics/sources/sources.privileges.lib.ts";
import {
  openSource,
  pinHost,
  type Target,
  withSource,
} from "../../modules/analytics/sources/sources.engine.repo.ts";
import {
  EXT_DB,
  mysqlUp,
  pgUp,
  prepareMysql,
  preparePg,
  READER,
  WRITER,
} from "./sources.fixture.ts";

const LOCAL = parseAllowlist("127.0.0.1/32");
const limits = { timeoutMs: 5000, rowCap: 100 };
const pg = (who = READER): Target => ({
  engine: "postgres",
  host: "127.0.0.1",
  port: 5432,
  database: EXT_DB,
  ...who,
});
const my = (who = READER): Target => ({
  engine: "mysql",
  host: "127.0.0.1",
  port: 3306,
  database: "test",
  ...who,
});

async function refused(p: Promise<unknown>, re: RegExp) {
  await assert.rejects(p, (e: Error & { status?: number }) => {
    assert.equal(e.status, 422, e.message);
    assert.match(e.message, re);
    return true;
  });
}

Deno.test("guard: private, loopback, link-local and metadata addresses are refused", async () => {
  for (
    const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "192.168.0.1",
      "172.16.5.5",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fd00:ec2::254",
      "fe80::1",
      "::ffff:127.0.0.1",
    ]
  ) {
    assert.equal(isForbiddenAddress(ip), true, ip);
  }
  for (const ip of ["8.8.8.8", "2001:4860:4860::8888", "93.184.216.34"]) {
    assert.equal(isForbiddenAddress(ip), false, ip);
  }
  assert.equal(isForbiddenAddress("127.0.0.1", LOCAL), false);
  assert.equal(isForbiddenAddress("169.254.169.254", LOCAL), true);
  await refused(pinHost("127.0.0.1", []), /private, loopback or link-local/);
  await refused(pinHost("169.254.169.254", []), /private, loopback or link-local/);
  // A name resolving to loopback is refused the same way; with the allowlist it is pinned.
  await refused(pinHost("localhost", []), /localhost points to a private/);
  assert.equal(await pinHost("127.0.0.1", LOCAL), "127.0.0.1");
});

Deno.test("statement: one statement only, outside strings and comments", () => {
  assert.equal(singleStatement("select 1;", "postgres"), "select 1");
  assert.equal(singleStatement("select ';' as x -- ; no\n", "postgres"), "select ';' as x -- ; no");
  assert.equal(singleStatement('select $a$;$a$, "x;y" /* ; */', "postgres").length > 0, true);
  assert.equal(singleStatement("select 'a\\';b' # ;\n", "mysql"), "select 'a\\';b' # ;");
  assert.throws(() => singleStatement("select 1; select 2", "postgres"), /Only one statement/);
  assert.throws(
    () => singleStatement("set default_transaction_read_only = off; delete from items", "postgres"),
    /Only one statement/,
  );
  assert.throws(() => checkRawStatement("drop table items", "postgres"), /Only reading statements/);
  assert.throws(() => checkRawStatement("select 'x", "postgres"), /quote is not closed/);
});

Deno.test("privileges: MySQL grants other than SELECT/USAGE are refused", () => {
  assert.deepEqual(
    mysqlGrantFaults(["GRANT USAGE ON *.* TO `r`@`%`", "GRANT SELECT ON `test`.* TO `r`@`%`"]),
    [],
  );
  assert.equal(mysqlGrantFaults(["GRANT SELECT, INSERT ON `test`.* TO `w`@`%`"]).length, 1);
  assert.equal(
    mysqlGrantFaults(["GRANT ALL PRIVILEGES ON *.* TO `root`@`x` WITH GRANT OPTION"]).length,
    2,
  );
  assert.equal(mysqlGrantFaults(["GRANT `admin` TO `u`@`%`"]).length, 1);
});

Deno.test({
  name: "postgres: SELECT-only role, read-only transaction, timeout, client cancel, row cap",
  ignore: !pgUp,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await preparePg();
    await refused(openSource(pg(WRITER), LOCAL), /not read-only: it may change 1 table/);
    await refused(openSource(pg({ username: "postgres", password: "" }), LOCAL), /superuser/);
    await refused(openSource(pg(), []), /private, loopback/);
    await withSource(pg(), LOCAL, async (c) => {
      const r = await c.run("select id, name, amount from items order by id", [], limits, true);
      assert.equal(r.rows.length, 5);
      assert.equal(r.rows[0].amount, 10.5);
      const cap = await c.run("select id from items", [], { ...limits, rowCap: 2 }, true);
      assert.deepEqual([cap.rows.length, cap.truncated], [2, true]);
      // A write hidden in a reading statement is stopped by the read-only transaction.
      await refused(
        c.run(
          "with gone as (delete from items returning id) select * from gone",
          [],
          limits,
          false,
        ),
        /read-only|Not allowed/,
      );
      await refused(
        c.run("select pg_sleep(60)", [], { ...limits, timeoutMs: 300 }, false),
        /time limit/,
      );
      // With the server's timeout far away, the client cancels the statement itself.
      await refused(
        c.run(
          "select pg_sleep(60)",
          [],
          { ...limits, timeoutMs: 120_000, cancelAfterMs: 300 },
          false,
        ),
        /time limit/,
      );
      const v = await c.info();
      assert.match(v.version, /^\d+/);
      assert.ok(
        (await c.columns()).some((col) => col.table === "items" && col.column === "status"),
      );
    });
    // The role cannot write even outside the transaction rules (the database refuses it too).
    await withSource(pg(), LOCAL, async (c) => {
      await refused(c.run("drop table items", [], limits, false), /read-only|Not allowed/);
    });
  },
});

Deno.test({
  name: "mysql: SELECT-only grants, read-only transaction, timeout, row cap",
  ignore: !mysqlUp,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await prepareMysql();
    await refused(openSource(my(WRITER), LOCAL), /not read-only: it has INSERT, DELETE/);
    await refused(openSource(my(), []), /private, loopback/);
    await withSource(my(), LOCAL, async (c) => {
      const r = await c.run(
        "select id, name, amount from src_items where id < ? order by id",
        [3],
        limits,
        true,
      );
      assert.deepEqual(r.rows.map((x) => x.id), [1, 2]);
      const cap = await c.run("select id from src_items", [], { ...limits, rowCap: 1 }, true);
      assert.deepEqual([cap.rows.length, cap.truncated], [1, true]);
      await refused(c.run("drop table src_items", [], limits, false), /refused|read-only/);
      await refused(
        c.run("select sleep(60)", [], { ...limits, timeoutMs: 300 }, false),
        /time limit/,
      );
      await refused(
        c.run("select sleep(60)", [], { ...limits, timeoutMs: 120_000, cancelAfterMs: 300 }, false),
        /time limit/,
      );
      await refused(c.run("select 1; select 2", [], limits, false), /refused/);
      assert.ok((await c.info()).version.length > 0);
    });
  },
});

Deno.test("compile: builder queries are parameterised in both dialects", () => {
  const table = {
    schema: "public",
    table: "items",
    columns: new Map<string, "text" | "number" | "datetime">([
      ["status", "text"],
      ["amount", "number"],
      ["created_at", "datetime"],
    ]),
  };
  const evil = "x'; drop table items; --";
  const q = {
    source: { kind: "external" as const, sourceId: "s", table: "items" },
    fields: [{ field: "created_at", bucket: "month" as const }],
    aggregates: [{ fn: "sum" as const, field: "amount", as: "total" }],
    filters: [{ field: "status", op: "eq" as const, value: evil }, {
      field: "amount",
      op: "in" as const,
      value: [1, 2],
    }],
    sort: [{ field: "total", dir: "desc" as const }],
  };
  const pg = compileExternal("postgres", q, table, 50);
  assert.ok(!pg.sql.includes(evil));
  assert.match(pg.sql, /"status" = \$1/);
  assert.match(pg.sql, /"amount" in \(\$2, \$3\)/);
  assert.match(pg.sql, /from "public"\."items"/);
  assert.deepEqual(pg.parameters, [evil, 1, 2, 51]);
  const my = compileExternal("mysql", q, table, 50);
  assert.ok(!my.sql.includes(evil));
  assert.match(my.sql, /`status` = \?/);
  assert.match(my.sql, /from `items`/);
  assert.deepEqual(my.parameters, [evil, 1, 2, 51]);
  assert.throws(
    () => compileExternal("postgres", { ...q, fields: [{ field: "secret" }] }, table, 50),
    /not valid/,
  );
});
