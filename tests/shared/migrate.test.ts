import assert from "node:assert/strict";
import { itest, testApp, unique } from "../helpers.ts";
import { migrate, type Migration, readMigrations } from "../../shared/db/migrate.ts";

const m = (version: number, sql: string): Migration => ({
  version,
  name: `m${version}`,
  sql,
  checksum: `c${version}-${sql.length}`,
});

itest("migrations: files are numbered, unique and applied at start", async () => {
  const { platform } = await testApp();
  const files = await readMigrations();
  assert.ok(files.length >= 1);
  const rows = await platform.db.sql`select version from schema_migrations order by version`;
  assert.deepEqual(rows.map((r) => r.version), files.map((f) => f.version));
});

itest("migrations: running again applies nothing", async () => {
  const { platform } = await testApp();
  assert.deepEqual(await migrate(platform.db.sql), []);
});

itest("migrations: concurrent runs apply each migration once", async () => {
  const { platform } = await testApp();
  const table = unique("mig").replace(/-/g, "_");
  const list = [
    m(1, `create table ${table}_a (id int); select pg_sleep(0.2);`),
    m(2, `create table ${table}_b (id int);`),
  ];
  const results = await Promise.all([
    migrate(platform.db.sql, { migrations: list, table }),
    migrate(platform.db.sql, { migrations: list, table }),
  ]);
  assert.deepEqual(results.map((r) => r.length).sort(), [0, 2]);
  const [{ n }] = await platform.db.sql`select count(*)::int as n from ${platform.db.sql(table)}`;
  assert.equal(n, 2);
  await platform.db.sql.unsafe(`drop table ${table}, ${table}_a, ${table}_b`);
});

itest("migrations: a failing migration leaves the database as it was", async () => {
  const { platform } = await testApp();
  const sql = platform.db.sql;
  const table = unique("mig").replace(/-/g, "_");
  const ok = m(1, `create table ${table}_ok (id int);`);
  const bad = m(2, `create table ${table}_half (id int); select 1/0;`);
  await assert.rejects(() => migrate(sql, { migrations: [ok, bad], table }), /m2 failed/);
  const exists = async (name: string) =>
    (await sql`select to_regclass(${name}) is not null as e`)[0].e as boolean;
  assert.equal(await exists(`${table}_ok`), true, "earlier migration stays");
  assert.equal(await exists(`${table}_half`), false, "the failed one left nothing");
  const versions = await sql`select version from ${sql(table)}`;
  assert.deepEqual(versions.map((r) => r.version), [1]);
  await sql.unsafe(`drop table ${table}, ${table}_ok`);
});

itest("migrations: an applied migration that was edited stops the start", async () => {
  const { platform } = await testApp();
  const table = unique("mig").replace(/-/g, "_");
  await migrate(platform.db.sql, { migrations: [m(1, `select 1`)], table });
  const edited = { ...m(1, `select 2`), checksum: "different" };
  await assert.rejects(
    () => migrate(platform.db.sql, { migrations: [edited], table }),
    /changed after it was applied/,
  );
  await platform.db.sql.unsafe(`drop table ${table}`);
});
