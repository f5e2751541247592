/**
 * What people read on the Documents pages: names, labels and dates as words, never ids, ISO
 * times, codes or message keys, in English and Turkish; histories in the module's verbs; the
 * home page's "Recent documents" card.
 */
import assert from "node:assert/strict";
import { browse as browsePage, itest, newTenant } from "../helpers.ts";
import { mkdir, uploadOne } from "./helpers.ts";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d/;
const KEY = /\b(documents|activity|page|ui)\.[a-z][A-Za-z0-9.-]*[a-z]\b/;

/** The text a browser shows (tags, scripts, attributes and hidden inputs left out). */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

function page(token: string, path: string, lang: "en" | "tr", form?: Record<string, string>) {
  return browsePage(path, { headers: { Cookie: `session=${token}; lang=${lang}` }, form });
}

itest("documents pages speak in names, labels and dates, in English and Turkish", async () => {
  const t = await newTenant();
  const dir = await mkdir(t.owner, "Raporlar");
  const f = await uploadOne(t.owner, "bütçe.txt", "123", dir.id);
  await uploadOne(t.owner, "çizelge.csv", "a,b");
  await t.owner.call("PATCH", `/api/documents/files/${f.id}`, { name: "bütçe-2026.txt" });
  await t.owner.call("PATCH", `/api/documents/files/${f.id}`, { folderId: null });
  await t.owner.call("PATCH", `/api/documents/files/${f.id}`, { folderId: dir.id });
  const share = await t.owner.call("POST", "/api/documents/sharing", {
    targetType: "file",
    targetId: f.id,
    kind: "public",
    expiresAt: "2999-01-01T00:00:00Z",
  });
  assert.equal(share.status, 201);
  const trashed = await uploadOne(t.owner, "eski.txt", "x");
  await t.owner.call("DELETE", `/api/documents/files/${trashed.id}`);

  const paths = [
    "/documents",
    "/documents/files",
    `/documents/files?folder=${dir.id}`,
    `/documents/files?folder=${dir.id}&file=${f.id}`,
    "/documents/files?q=butce",
    "/documents/files?view=shared",
    "/documents/folders",
    `/documents/folders/${dir.id}/permissions`,
    "/documents/trash",
    "/documents/activity",
    "/documents/notifications",
    "/documents/settings",
  ];
  for (const lang of ["en", "tr"] as const) {
    for (const path of paths) {
      const res = await page(t.owner.token, path, lang);
      const html = await res.text();
      assert.equal(res.status, 200, `${path} (${lang}): ${html.slice(0, 200)}`);
      const text = visibleText(html);
      assert.doesNotMatch(text, UUID, `${path} (${lang}) shows an id`);
      assert.doesNotMatch(text, ISO, `${path} (${lang}) shows an ISO time`);
      assert.doesNotMatch(text, KEY, `${path} (${lang}) shows a message key`);
      assert.doesNotMatch(html, /style="/, `${path}: no inline styles`);
    }
  }

  // The activity log tells who did what to which file, in the reader's language.
  const en = visibleText(await (await page(t.owner.token, "/documents/activity", "en")).text());
  assert.match(en, /uploaded/);
  assert.match(en, /renamed/);
  assert.match(en, /bütçe-2026\.txt/);
  assert.match(en, /Raporlar/, "moves name the folders");
  assert.match(en, /Anyone with the link/, "shares name their kind");
  const tr = visibleText(await (await page(t.owner.token, "/documents/activity", "tr")).text());
  assert.match(tr, /yükledi/);
  assert.match(tr, /yeniden adlandırdı/);
  assert.match(tr, /Tüm dosyalar/, "the root reads as All files");

  // The file's page: its facts as labels, its history as a timeline.
  const detail = visibleText(
    await (await page(t.owner.token, `/documents/files?file=${f.id}`, "en")).text(),
  );
  assert.match(detail, /Text file/);
  assert.match(detail, /History/);
  assert.match(detail, /renamed/);

  // The dashboard names kinds of files and the largest files; the home page lists the newest.
  const dash = visibleText(await (await page(t.owner.token, "/documents", "tr")).text());
  assert.match(dash, /Metin dosyaları/);
  assert.match(dash, /bütçe-2026\.txt/);
  const home = visibleText(await (await page(t.owner.token, "/", "en")).text());
  assert.match(home, /Recent documents/);
  assert.match(home, /çizelge\.csv/);
  assert.match(home, /Raporlar/);
});

itest("documents home card shows only the files the reader may open", async () => {
  const t = await newTenant();
  const closed = await mkdir(t.owner, "Gizli klasör");
  await t.owner.call("PUT", `/api/documents/folders/${closed.id}/permissions`, {
    inherit: false,
    entries: [],
  });
  await uploadOne(t.owner, "maaşlar.txt", "x", closed.id);
  await uploadOne(t.owner, "duyuru.txt", "y");
  const member = await t.member(["member"]);
  const home = visibleText(await (await page(member.token, "/", "en")).text());
  assert.match(home, /duyuru\.txt/);
  assert.doesNotMatch(home, /maaşlar/);
  const other = await newTenant();
  const theirs = visibleText(await (await page(other.owner.token, "/", "en")).text());
  assert.doesNotMatch(theirs, /duyuru|Recent documents/);
});

itest("documents forms posted with htmx keep the address bar on the page", async () => {
  const t = await newTenant();
  const f = await uploadOne(t.owner, "a.txt", "a");
  await uploadOne(t.owner, "b.txt", "b");
  // A failed rename answers the page again: htmx must not push the post's own URL.
  const clash = await browsePage(`/documents/files/${f.id}/rename`, {
    token: t.owner.token,
    htmx: true,
    form: { name: "b.txt", back: `/documents/files?file=${f.id}` },
  });
  assert.equal(clash.status, 409);
  assert.equal(clash.headers.get("HX-Push-Url"), "false");
  assert.match(await clash.text(), /class="alert error"/);
});
