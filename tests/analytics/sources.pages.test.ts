/**
 * The data sources pages: list in en and tr, create through the form (checked live), the
 * source page with its schema browser, raw SQL swapped in by htmx, refusals shown inline, and
 * members who may look but not change.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, testApp } from "../helpers.ts";
import { EXT_DB, pgUp, preparePg, READER } from "./sources.fixture.ts";

const SECRET = READER.password;

async function allowLocal() {
  const { platform } = await testApp();
  (platform.config as { ANALYTICS_SOURCE_ALLOW: string }).ANALYTICS_SOURCE_ALLOW = "127.0.0.1/32";
}

const pgTest = (name: string, fn: () => Promise<void>) =>
  pgUp ? itest(name, fn) : Deno.test({ name, ignore: true, fn });

pgTest("source pages: create, browse the schema, run SQL, refusals inline", async () => {
  await preparePg();
  await allowLocal();
  const t = await newTenant();
  const empty = await browse("/analytics/sources", { who: t.owner });
  assert.equal(empty.status, 200);
  const emptyHtml = await empty.text();
  assert.match(emptyHtml, /No data sources yet/);

  const bad = await browse("/analytics/sources", {
    who: t.owner,
    form: {
      name: "Bad",
      engine: "postgres",
      host: "169.254.169.254",
      port: "5432",
      database: "x",
      username: "u",
      password: "p",
      statementTimeoutMs: "2000",
      rowCap: "10",
    },
  });
  assert.equal(bad.status, 422);
  assert.match(await bad.text(), /private, loopback or link-local/);

  const created = await browse("/analytics/sources", {
    who: t.owner,
    form: {
      name: "Warehouse",
      engine: "postgres",
      host: "127.0.0.1",
      port: "5432",
      database: EXT_DB,
      username: READER.username,
      password: SECRET,
      statementTimeoutMs: "2000",
      rowCap: "10",
    },
  });
  assert.equal(created.status, 303, await created.clone().text());
  const at = created.headers.get("location")!;
  assert.match(at, /^\/analytics\/sources\/[0-9a-f-]{36}$/);

  const pageRes = await browse(at, { who: t.owner });
  const html = await pageRes.text();
  assert.equal(pageRes.status, 200);
  assert.match(html, /Warehouse/);
  assert.match(html, /items/);
  assert.match(html, /Connected/);
  assert.ok(!html.includes(SECRET));

  const tr = await browse(at, { who: t.owner, headers: { "Accept-Language": "tr" } });
  const trHtml = await tr.text();
  assert.match(trHtml, /Veri kaynakları/);
  assert.match(trHtml, /Bağlı/);

  const list = await (await browse("/analytics/sources", { who: t.owner })).text();
  assert.match(list, /Warehouse/);
  assert.ok(!list.includes(SECRET));

  const rows = await browse(`${at}/sql`, {
    who: t.owner,
    htmx: true,
    form: { sql: "select name from items order by id" },
  });
  const rowsHtml = await rows.text();
  assert.match(rowsHtml, /Alpha/);
  assert.match(rowsHtml, /Gamma/);
  const refused = await browse(`${at}/sql`, {
    who: t.owner,
    htmx: true,
    form: { sql: "delete from items" },
  });
  assert.match(await refused.text(), /Only reading statements/);

  const tested = await browse(`${at}/test`, { who: t.owner, form: {} });
  assert.match(await tested.text(), /Connection checked: Connected/);

  const member = await t.member(["member"]);
  assert.equal((await browse(at, { who: member })).status, 200);
  assert.equal(
    (await browse(`${at}/sql`, { who: member, htmx: true, form: { sql: "select 1" } })).status,
    403,
  );
  assert.equal((await browse(`${at}/delete`, { who: member, form: {} })).status, 403);

  const other = await newTenant();
  assert.equal((await browse(at, { who: other.owner })).status, 404);

  const gone = await browse(`${at}/delete`, { who: t.owner, form: {} });
  assert.equal(gone.status, 303);
  assert.equal((await browse(at, { who: t.owner })).status, 404);
});
