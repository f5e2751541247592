import assert from "node:assert/strict";
import { newTenant, problem } from "../helpers.ts";
import { dtest, mkdir, upload, uploadOne } from "./helpers.ts";

const names = (r: { items: { name: string }[] }) => r.items.map((i) => i.name).sort();

dtest("search: case, accent and Turkish-letter insensitive partial names; filters", async () => {
  const t = await newTenant();
  const dir = await mkdir(t.owner, "İstanbul Şubesi");
  await uploadOne(t.owner, "ISTANBUL rapor.txt", "1234567890");
  await uploadOne(t.owner, "çağrı listesi.csv", "1");
  await uploadOne(t.owner, "Gölge ÜRÜN.pdf", "%PDF-1", dir.id);
  await upload(t.owner, [["foto.png", new Uint8Array([1, 2, 3])]]);
  const q = async (query: string) =>
    await (await t.owner.call("GET", `/api/documents/search?${query}`)).json();
  assert.deepEqual(names(await q("q=istanbul")), ["ISTANBUL rapor.txt", "İstanbul Şubesi"]);
  assert.deepEqual(names(await q("q=ıstanbul")), ["ISTANBUL rapor.txt", "İstanbul Şubesi"]);
  assert.deepEqual(names(await q("q=CAGRI")), ["çağrı listesi.csv"]);
  assert.deepEqual(names(await q("q=urun")), ["Gölge ÜRÜN.pdf"]);
  assert.deepEqual(names(await q("q=%25")), []);
  assert.deepEqual(names(await q("type=pdf")), ["Gölge ÜRÜN.pdf"]);
  assert.deepEqual(names(await q("type=image")), ["foto.png"]);
  assert.deepEqual(names(await q("type=folder")), ["İstanbul Şubesi"]);
  assert.deepEqual(names(await q("minSize=5&type=file")), ["Gölge ÜRÜN.pdf", "ISTANBUL rapor.txt"]);
  assert.deepEqual(names(await q("maxSize=1&type=file")), ["çağrı listesi.csv"]);
  assert.deepEqual(names(await q(`folderId=${dir.id}`)), ["Gölge ÜRÜN.pdf"]);
  assert.deepEqual(names(await q(`owner=${t.owner.id}&q=foto`)), ["foto.png"]);
  assert.deepEqual(names(await q("from=2000-01-01&to=2001-01-01")), []);
  const page = await q("limit=2");
  assert.equal(page.items.length, 2);
  const next = await q(`limit=2&cursor=${page.nextCursor}`);
  if (!next.items) throw new Error(JSON.stringify(next));
  assert.equal(next.items.length, 2);
  assert.equal((await q(`limit=2&cursor=${next.nextCursor}`)).items.length, 1);
  await problem(await t.owner.call("GET", "/api/documents/search?type=nonsense"), 400);
  await problem(await t.owner.call("GET", "/api/documents/search?minSize=-1"), 400);
  await problem(await t.owner.call("GET", "/api/documents/search?from=yesterday"), 400);
  await problem(await t.owner.call("GET", "/api/documents/search?owner=bad"), 400);
  const other = await newTenant();
  assert.deepEqual(
    (await (await other.owner.call("GET", "/api/documents/search?q=istanbul")).json()).items,
    [],
  );
  await problem(await other.owner.call("GET", `/api/documents/search?folderId=${dir.id}`), 404);
});
