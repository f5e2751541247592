import assert from "node:assert/strict";
import { browse, callApp, itest, newTenant, problem, testApp } from "../helpers.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { EXTRACT_JOB } from "../../modules/documents/fulltext/fulltext.service.ts";
import { mkdir, upload, useBackend } from "./helpers.ts";
import { CONTENT_TYPES, docx, odt, pdf, xlsx } from "./fulltext.fixtures.ts";
import { bytesToRead, textKind } from "../../modules/documents/fulltext/fulltext.rules.ts";
import { extractText } from "../../modules/documents/fulltext/fulltext.lib.ts";
import { highlightSnippet, plainSnippet } from "../../shared/text/snippet.ts";

/** Runs the queued extraction jobs (only those) through the queue until none is left. */
async function drainExtraction() {
  const { platform } = await testApp();
  const d = new Dispatcher(platform.db, platform.jobs, { onlyNames: [EXTRACT_JOB] });
  await d.drain();
}

async function put(
  who: { token: string },
  name: string,
  bytes: string | Uint8Array,
  type: string,
  folderId?: string,
) {
  const res = await upload(who, [[name, bytes, type]], folderId);
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).items[0] as { id: string; name: string };
}

interface Item {
  name: string;
  snippet: string | null;
}
async function find(who: { token: string }, q: string): Promise<Item[]> {
  const res = await callApp(`/api/documents/search?q=${encodeURIComponent(q)}`, {
    token: who.token,
  });
  assert.equal(res.status, 200);
  return (await res.json()).items;
}
const names = (items: Item[]) => items.map((i) => i.name).sort();

itest(
  "fulltext: a word only inside a PDF, DOCX, XLSX, ODT, CSV, HTML or markdown is found",
  async () => {
    await useBackend("local");
    const t = await newTenant();
    const a = await put(t.owner, "a.pdf", pdf("Contract zebrapdf signed"), CONTENT_TYPES.pdf);
    await put(t.owner, "b.docx", await docx("Minutes with zebradocx inside"), CONTENT_TYPES.docx);
    await put(
      t.owner,
      "c.xlsx",
      await xlsx([["Item", "Note"], ["1", "zebraxlsx cell"]]),
      CONTENT_TYPES.xlsx,
    );
    await put(t.owner, "d.odt", await odt("Letter zebraodt & co"), CONTENT_TYPES.odt);
    await put(t.owner, "e.csv", "id,word\n1,zebracsv\n", CONTENT_TYPES.csv);
    await put(
      t.owner,
      "f.html",
      "<html><head><script>var zebrascript = 1</script></head><body><p>Page zebrahtml</p></body></html>",
      CONTENT_TYPES.html,
    );
    await put(t.owner, "g.md", "# Notes\n\nSome **zebramd** text", CONTENT_TYPES.md);
    // Before the job ran, nothing is found by content.
    assert.deepEqual(await find(t.owner, "zebrapdf"), []);
    await drainExtraction();
    for (
      const [word, file] of [
        ["zebrapdf", "a.pdf"],
        ["zebradocx", "b.docx"],
        ["zebraxlsx", "c.xlsx"],
        ["zebraodt", "d.odt"],
        ["zebracsv", "e.csv"],
        ["zebrahtml", "f.html"],
        ["zebramd", "g.md"],
      ]
    ) {
      const hits = await find(t.owner, word);
      assert.deepEqual(names(hits), [file], word);
      assert.match(hits[0].snippet ?? "", new RegExp(`<mark>${word}</mark>`), word);
    }
    // Scripts are not text; the name search still works alongside.
    assert.deepEqual(await find(t.owner, "zebrascript"), []);
    assert.deepEqual(names(await find(t.owner, "zebra")).length, 7);
    assert.deepEqual(names(await find(t.owner, "b.docx")), ["b.docx"]);
    // Several words in any order, each as a word's beginning.
    assert.deepEqual(names(await find(t.owner, "signed contract")), ["a.pdf"]);
    const state = await (await t.owner.call("GET", `/api/documents/files/${a.id}/text-index`))
      .json();
    assert.equal(state.status, "indexed");
    assert.equal(state.truncated, false);
  },
);

itest("fulltext: Turkish folding; snippets are escaped before marking", async () => {
  await useBackend("local");
  const t = await newTenant();
  await put(
    t.owner,
    "fatura.docx",
    await docx("Ödeme <b>koşulları</b>: İSTANBUL şubesine yapılır"),
    CONTENT_TYPES.docx,
  );
  await drainExtraction();
  const [hit] = await find(t.owner, "odeme");
  assert.equal(hit?.name, "fatura.docx");
  assert.match(hit.snippet!, /<mark>Ödeme<\/mark> &lt;b&gt;koşulları&lt;\/b&gt;/);
  assert.deepEqual(names(await find(t.owner, "istanbul")), ["fatura.docx"]);
  assert.deepEqual(names(await find(t.owner, "KOSULLARI")), ["fatura.docx"]);
  assert.deepEqual(names(await find(t.owner, "subesine")), ["fatura.docx"]);
  // The global search shows files found by their text too.
  const res = await callApp(`/api/search?q=odeme`, { token: t.owner.token });
  const body = await res.json();
  const docs = body.groups.find((g: { module: string }) => g.module === "documents");
  assert.ok(docs?.items.some((h: { title: string }) => h.title === "fatura.docx"));
});

itest("fulltext: a file in a folder the member cannot read is never found", async () => {
  await useBackend("local");
  const t = await newTenant();
  const member = await t.member(["member"]);
  const dir = await mkdir(t.owner, "Gizli");
  const perm = await t.owner.call("PUT", `/api/documents/folders/${dir.id}/permissions`, {
    inherit: false,
    entries: [{ principalType: "user", principalId: t.owner.id, level: "manage" }],
  });
  assert.equal(perm.status, 200);
  const secret = await put(t.owner, "maas.txt", "bordro secretword", "text/plain", dir.id);
  await put(t.owner, "duyuru.txt", "public secretword", "text/plain");
  await drainExtraction();
  assert.deepEqual(names(await find(t.owner, "secretword")), ["duyuru.txt", "maas.txt"]);
  assert.deepEqual(names(await find(member, "secretword")), ["duyuru.txt"]);
  assert.deepEqual(names(await find(member, "bordro")), []);
  const global = await (await callApp(`/api/search?q=bordro`, { token: member.token })).json();
  assert.doesNotMatch(JSON.stringify(global), /maas|bordro/);
  await problem(await member.call("GET", `/api/documents/files/${secret.id}/text-index`), 404);
  // Another tenant never sees it either.
  const other = await newTenant();
  assert.deepEqual(await find(other.owner, "secretword"), []);
  await problem(await other.owner.call("GET", `/api/documents/files/${secret.id}/text-index`), 404);
});

itest("fulltext: a corrupt PDF is marked failed and the upload is still 201", async () => {
  await useBackend("local");
  const t = await newTenant();
  const bad = await put(t.owner, "broken.pdf", "%PDF-1.4 this is no pdf at all", CONTENT_TYPES.pdf);
  const zip = await put(t.owner, "broken.docx", "not a zip", CONTENT_TYPES.docx);
  const img = await put(t.owner, "pic.png", new Uint8Array([137, 80, 78, 71]), "image/png");
  const before = await (await t.owner.call("GET", `/api/documents/files/${bad.id}/text-index`))
    .json();
  assert.equal(before.status, "pending");
  await drainExtraction();
  const state = (id: string) =>
    t.owner.call("GET", `/api/documents/files/${id}/text-index`).then((r) => r.json());
  assert.deepEqual(
    [(await state(bad.id)).status, (await state(bad.id)).reason],
    ["failed", "corrupt"],
  );
  assert.equal((await state(zip.id)).status, "failed");
  assert.deepEqual(
    [(await state(img.id)).status, (await state(img.id)).reason],
    ["unsupported", "type"],
  );
  // The file itself is fine: listed and downloadable.
  const dl = await t.owner.call("GET", `/api/documents/files/${bad.id}/download`);
  assert.equal(dl.status, 200);
  assert.equal(await dl.text(), "%PDF-1.4 this is no pdf at all");
  await problem(await t.owner.call("GET", `/api/documents/files/not-an-id/text-index`), 400);
  await problem(
    await t.owner.call("GET", `/api/documents/files/${crypto.randomUUID()}/text-index`),
    404,
  );
  // Without documents.file.read: 403, and nothing found through the search either.
  const nobody = await t.member([]);
  await problem(await nobody.call("GET", `/api/documents/files/${bad.id}/text-index`), 403);
  await problem(await nobody.call("GET", `/api/documents/search?q=pdf`), 403);
});

itest("fulltext: a new version is re-indexed (old word gone, new word found)", async () => {
  await useBackend("local");
  const t = await newTenant();
  const f = await put(t.owner, "plan.pdf", pdf("first oldword"), CONTENT_TYPES.pdf);
  await drainExtraction();
  assert.deepEqual(names(await find(t.owner, "oldword")), ["plan.pdf"]);
  const { app } = await testApp();
  const fd = new FormData();
  fd.append(
    "file",
    new File([pdf("second newword") as BlobPart], "plan.pdf", {
      type: CONTENT_TYPES.pdf,
    }),
  );
  const v2 = await app.request(`/api/documents/files/${f.id}/versions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${t.owner.token}` },
    body: fd,
  });
  assert.equal(v2.status, 201);
  // The old text no longer describes the file, even before the job ran.
  assert.deepEqual(await find(t.owner, "oldword"), []);
  await drainExtraction();
  assert.deepEqual(await find(t.owner, "oldword"), []);
  assert.deepEqual(names(await find(t.owner, "newword")), ["plan.pdf"]);
  // Restoring the first version brings its words back.
  const versions = (await (await t.owner.call("GET", `/api/documents/files/${f.id}/versions`))
    .json()).items;
  const first = versions.find((v: { version: number }) => v.version === 1);
  const restored = await t.owner.call(
    "POST",
    `/api/documents/files/${f.id}/versions/${first.id}/restore`,
  );
  assert.equal(restored.status, 200);
  await drainExtraction();
  assert.deepEqual(names(await find(t.owner, "oldword")), ["plan.pdf"]);
  assert.deepEqual(await find(t.owner, "newword"), []);
});

itest(
  "fulltext pages: the files search shows marked snippets; the file page its text state",
  async () => {
    await useBackend("local");
    const t = await newTenant();
    const good = await put(t.owner, "rapor.pdf", pdf("Yillik Odeme <raporu>"), CONTENT_TYPES.pdf);
    const bad = await put(t.owner, "bozuk.pdf", "%PDF-1.4 broken", CONTENT_TYPES.pdf);
    await drainExtraction();
    for (
      const [lang, failed, searchable] of [["en", "Could not be read", "Searchable"], [
        "tr",
        "Okunamadı",
        "Aranabilir",
      ]]
    ) {
      const headers = { "Accept-Language": lang };
      const list = await browse("/documents/files?q=odeme", { token: t.owner.token, headers });
      assert.equal(list.status, 200);
      const html = await list.text();
      assert.match(html, /class="docs-snippet[^"]*">Yillik <mark>Odeme<\/mark> &lt;raporu&gt;/);
      const page = await browse(`/documents/files?file=${bad.id}`, {
        token: t.owner.token,
        headers,
      });
      assert.match(await page.text(), new RegExp(failed));
      const ok = await browse(`/documents/files?file=${good.id}`, {
        token: t.owner.token,
        headers,
      });
      assert.match(await ok.text(), new RegExp(searchable));
    }
  },
);

Deno.test("fulltext rules and lib: kinds, bounds, truncation, snippets", async () => {
  assert.equal(textKind("application/pdf", "x.bin"), "pdf");
  assert.equal(textKind("application/octet-stream", "Notes.MD"), "text");
  assert.equal(textKind("text/csv; charset=utf-8", "a"), "text");
  assert.equal(textKind("image/png", "a.png"), null);
  assert.equal(bytesToRead("pdf", 40 * 1024 * 1024), null);
  assert.equal(bytesToRead("text", 40 * 1024 * 1024), 8 * 1024 * 1024);
  const long = await extractText(new TextEncoder().encode("abc ".repeat(100)), "text", {
    maxChars: 10,
  });
  assert.deepEqual(long, { ok: true, text: "abc abc ab", truncated: true });
  const cut = await extractText(new TextEncoder().encode("short"), "text", {
    inputTruncated: true,
  });
  assert.equal(cut.ok && cut.truncated, true);
  const notZip = await extractText(new TextEncoder().encode("PK\x03\x04 nonsense"), "odt");
  assert.equal(notZip.ok, false);
  assert.equal(
    highlightSnippet("Fatura <b>ÖDEME</b> & İade", "odeme iade"),
    "Fatura &lt;b&gt;<mark>ÖDEME</mark>&lt;/b&gt; &amp; <mark>İade</mark>",
  );
  assert.equal(plainSnippet("a <b> ödeme", "odeme"), "a <b> ödeme");
  assert.match(highlightSnippet("x ".repeat(300) + "hedef", "hedef"), /^… .*<mark>hedef<\/mark>$/);
});
