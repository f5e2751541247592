import assert from "node:assert/strict";
import { browse, itest, newTenant, problem, testApp } from "../helpers.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";
import { THUMBNAIL_JOB } from "../../modules/documents/thumbnails/thumbnails.service.ts";
import { EXTRACT_JOB } from "../../modules/documents/fulltext/fulltext.service.ts";
import {
  declaredSize,
  fitBox,
  precheck,
  thumbKind,
} from "../../modules/documents/thumbnails/thumbnails.rules.ts";
import { renderThumbnails } from "../../modules/documents/thumbnails/thumbnails.process.lib.ts";
import { cleanOrphans } from "../../modules/documents/storage/maintenance.service.ts";
import { mkdir, tenantObjects, upload, useBackend } from "./helpers.ts";
import { CONTENT_TYPES, pdf } from "./fulltext.fixtures.ts";
import { type Format, image, images } from "./thumbnails.fixtures.ts";

/** Runs the queued thumbnail (and text) jobs through the queue until none is left. */
async function drainThumbnails() {
  const { platform } = await testApp();
  const d = new Dispatcher(platform.db, platform.jobs, {
    onlyNames: [THUMBNAIL_JOB, EXTRACT_JOB],
  });
  await d.drain();
}

const TYPES: Record<Format, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};

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

/** The WebP's pixel size read from its header (VP8/VP8L/VP8X). */
function webpSize(bytes: Uint8Array) {
  assert.equal(new TextDecoder().decode(bytes.subarray(0, 4)), "RIFF");
  assert.equal(new TextDecoder().decode(bytes.subarray(8, 12)), "WEBP");
  const size = declaredSize(bytes);
  assert.ok(size, "a WebP header");
  return size;
}

const thumb = (who: { call: (m: string, p: string) => Promise<Response> }, id: string, q = "") =>
  who.call("GET", `/api/documents/files/${id}/thumbnail${q}`);

itest("thumbnails: rules read sizes from headers and refuse bombs before decoding", async () => {
  assert.equal(thumbKind("image/jpeg", "a.bin"), "image");
  assert.equal(thumbKind("application/octet-stream", "scan.PDF"), "pdf");
  assert.equal(thumbKind("text/plain", "a.txt"), null);
  assert.deepEqual(fitBox(4000, 2000, 256), { width: 256, height: 128 });
  assert.deepEqual(fitBox(100, 50, 256), { width: 100, height: 50 });
  const formats = ["jpeg", "png", "webp", "gif"] as const;
  const samples = await images(formats.map((f) => [f, 321, 123]));
  formats.forEach((f, i) => {
    assert.deepEqual(declaredSize(samples[i]), { width: 321, height: 123 }, f);
  });
  // A PNG header that claims 100,000 × 100,000 pixels is refused without being decoded.
  const bomb = await image("png", 10, 10);
  new DataView(bomb.buffer).setUint32(16, 100_000);
  new DataView(bomb.buffer).setUint32(20, 100_000);
  const verdict = precheck("image", bomb.length, bomb);
  assert.equal(verdict.ok, false);
  assert.equal(!verdict.ok && verdict.reason, "too-large");
  // Not an image at all.
  assert.equal(precheck("image", 5, new TextEncoder().encode("hello")).ok, false);
  // The decoder process itself: a truncated image is a result, not a crash.
  const cut = (await image("jpeg", 200, 200)).subarray(0, 300);
  const r = await renderThumbnails(cut, "image", [64]);
  assert.equal(r.ok, false);
});

itest("thumbnails: JPEG, PNG, WebP, GIF and a PDF get WebP images inside their boxes", async () => {
  const storage = await useBackend("local");
  const t = await newTenant();
  const files: Record<string, { id: string }> = {};
  const formats = ["jpeg", "png", "webp", "gif"] as const;
  const bytes = await images(formats.map((f) => [f, 1600, 900]));
  for (const [i, f] of formats.entries()) {
    files[f] = await put(t.owner, `photo.${f}`, bytes[i], TYPES[f]);
  }
  files.pdf = await put(
    t.owner,
    "report.pdf",
    pdf("Quarterly thumbnail report"),
    CONTENT_TYPES.pdf,
  );
  files.text = await put(
    t.owner,
    "notes.md",
    "# Notes\n\nFirst line of the notes",
    CONTENT_TYPES.md,
  );
  // Before the job: 404 as problem+json, and the listing says pending.
  await problem(await thumb(t.owner, files.png.id), 404);
  const listed = await (await t.owner.call("GET", "/api/documents/files")).json();
  const png = listed.items.find((i: { id: string }) => i.id === files.png.id);
  assert.equal(png.thumbnail.status, "pending");
  await drainThumbnails();
  for (const [name, f] of Object.entries(files)) {
    if (name === "text") continue;
    for (const [size, box] of [["small", 256], ["large", 1024]] as const) {
      const res = await thumb(t.owner, f.id, `?size=${size}`);
      assert.equal(res.status, 200, `${name} ${size}`);
      assert.equal(res.headers.get("content-type"), "image/webp");
      assert.match(res.headers.get("cache-control") ?? "", /^private/);
      const etag = res.headers.get("etag")!;
      assert.ok(etag);
      const dims = webpSize(new Uint8Array(await res.arrayBuffer()));
      assert.ok(dims.width <= box && dims.height <= box, `${name} ${size} ${JSON.stringify(dims)}`);
      assert.equal(Math.max(dims.width, dims.height), box, `${name} ${size} fills its box`);
      const again = await t.owner.call(
        "GET",
        `/api/documents/files/${f.id}/thumbnail?size=${size}`,
        undefined,
        { "If-None-Match": etag },
      );
      assert.equal(again.status, 304);
    }
  }
  // A landscape photo keeps its shape.
  const small = webpSize(new Uint8Array(await (await thumb(t.owner, files.jpeg.id)).arrayBuffer()));
  assert.deepEqual(small, { width: 256, height: 144 });
  // The listing gives the state and a URL naming the content (cached for good).
  const after = (await (await t.owner.call("GET", "/api/documents/files")).json()).items;
  const byName = Object.fromEntries(after.map((i: { name: string }) => [i.name, i]));
  assert.equal(byName["photo.png"].thumbnail.status, "ready");
  assert.equal(byName["notes.md"].thumbnail.status, "unsupported");
  const url = byName["photo.png"].thumbnail.small as string;
  const cached = await t.owner.call("GET", url);
  assert.equal(cached.status, 200);
  assert.match(cached.headers.get("cache-control")!, /immutable/);
  await cached.body?.cancel();
  // Text files have none.
  await problem(await thumb(t.owner, files.text.id), 404);
  // The orphan cleanup leaves live thumbnails alone.
  const { platform } = await testApp();
  const scoped = <T>(fn: (tx: Sql) => Promise<T>) =>
    withScope(platform.db.sql, { tenantId: t.id }, fn);
  const before = (await tenantObjects(storage, t.id)).length;
  assert.equal(before, 6 + 5 * 2);
  assert.equal(
    await cleanOrphans({ scoped }, { tenantId: t.id, before: new Date(Date.now() + 60_000) }),
    0,
  );
  assert.equal((await thumb(t.owner, files.png.id)).status, 200);
});

itest("thumbnails: a corrupt image is marked failed and still downloads", async () => {
  await useBackend("local");
  const t = await newTenant();
  const good = await image("png", 300, 300);
  // A PNG signature and header, then junk where the image data should be.
  const broken = new Uint8Array(33 + 64).fill(0x42);
  broken.set(good.subarray(0, 33));
  const f = await put(t.owner, "broken.png", broken, "image/png");
  const liar = await put(t.owner, "liar.jpg", "plain text, not a JPEG", "image/jpeg");
  await drainThumbnails();
  await problem(await thumb(t.owner, f.id), 404);
  await problem(await thumb(t.owner, liar.id), 404);
  const page = await browse(`/documents/files?file=${f.id}`, { token: t.owner.token });
  assert.equal(page.status, 200);
  await page.body?.cancel();
  const listed = (await (await t.owner.call("GET", "/api/documents/files")).json()).items;
  for (const i of listed) assert.equal(i.thumbnail.status, "failed", i.name);
  const dl = await t.owner.call("GET", `/api/documents/files/${f.id}/download`);
  assert.equal(dl.status, 200);
  assert.deepEqual(new Uint8Array(await dl.arrayBuffer()), broken);
});

itest("thumbnails: a new version gets new images; the old ones are deleted", async () => {
  const storage = await useBackend("local");
  const t = await newTenant();
  const f = await put(t.owner, "pic.png", await image("png", 800, 400), "image/png");
  await drainThumbnails();
  const first = await thumb(t.owner, f.id);
  assert.equal(first.status, 200);
  const firstTag = first.headers.get("etag");
  assert.deepEqual(webpSize(new Uint8Array(await first.arrayBuffer())), {
    width: 256,
    height: 128,
  });
  const { app } = await testApp();
  const fd = new FormData();
  fd.append(
    "file",
    new File([await image("png", 300, 600) as BlobPart], "pic.png", {
      type: "image/png",
    }),
  );
  const v2 = await app.request(`/api/documents/files/${f.id}/versions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${t.owner.token}` },
    body: fd,
  });
  assert.equal(v2.status, 201);
  // The old images no longer describe the file, even before the job ran.
  await problem(await thumb(t.owner, f.id), 404);
  await drainThumbnails();
  const second = await thumb(t.owner, f.id);
  assert.equal(second.status, 200);
  assert.notEqual(second.headers.get("etag"), firstTag);
  assert.deepEqual(webpSize(new Uint8Array(await second.arrayBuffer())), {
    width: 128,
    height: 256,
  });
  // Two contents (file and kept version) and the two current images: the old ones are gone.
  assert.equal((await tenantObjects(storage, t.id)).length, 4);
});

itest(
  "thumbnails: readers only; other folders and tenants get 404, no permission 403",
  async () => {
    await useBackend("local");
    const t = await newTenant();
    const member = await t.member(["member"]);
    const dir = await mkdir(t.owner, "Private");
    const perm = await t.owner.call("PUT", `/api/documents/folders/${dir.id}/permissions`, {
      inherit: false,
      entries: [{ principalType: "user", principalId: t.owner.id, level: "manage" }],
    });
    assert.equal(perm.status, 200);
    const secret = await put(
      t.owner,
      "secret.png",
      await image("png", 64, 64),
      "image/png",
      dir.id,
    );
    const open = await put(t.owner, "open.png", await image("png", 64, 64), "image/png");
    await drainThumbnails();
    assert.equal((await thumb(t.owner, secret.id)).status, 200);
    assert.equal((await thumb(member, open.id)).status, 200);
    await problem(await thumb(member, secret.id), 404);
    const other = await newTenant();
    await problem(await thumb(other.owner, secret.id), 404);
    await problem(await thumb(other.owner, open.id), 404);
    const nobody = await t.member([]);
    await problem(await thumb(nobody, open.id), 403);
    // Bad input: 400 as problem+json.
    await problem(await thumb(t.owner, open.id, "?size=huge"), 400);
    await problem(await thumb(t.owner, "not-an-id"), 400);
    await problem(await thumb(t.owner, crypto.randomUUID()), 404);
  },
);

itest(
  "thumbnails pages: the grid (remembered), tiles with images or first lines, previews",
  async () => {
    await useBackend("local");
    const t = await newTenant();
    const dir = await mkdir(t.owner, "Photos");
    const pic = await put(t.owner, "beach.png", await image("png", 640, 480), "image/png");
    const doc = await put(
      t.owner,
      "minutes.md",
      "# Minutes\n\nBudget approved for spring",
      CONTENT_TYPES.md,
    );
    const bad = await put(t.owner, "broken.jpg", "not a jpeg", "image/jpeg");
    await drainThumbnails();
    for (
      const [lang, grid, failed] of [["en", "Grid", "Could not be made"], [
        "tr",
        "Izgara",
        "Oluşturulamadı",
      ]]
    ) {
      const headers = { "Accept-Language": lang };
      // The list by default, with the toggle; asking for the grid remembers it in a cookie.
      const list = await browse("/documents/files", { token: t.owner.token, headers });
      const listHtml = await list.text();
      assert.match(
        listHtml,
        new RegExp(`href="/documents/files\\?layout=grid"[^>]*>.*?${grid}`, "s"),
      );
      assert.doesNotMatch(listHtml, /class="docs-grid"/);
      const asked = await browse("/documents/files?layout=grid", { token: t.owner.token, headers });
      assert.match(asked.headers.get("set-cookie") ?? "", /docs_layout=grid/);
      const html = await asked.text();
      assert.match(html, /class="docs-grid"/);
      // A tile per folder and file; the image lazily, text files by their first lines.
      assert.match(
        html,
        new RegExp(
          `<img src="/api/documents/files/${pic.id}/thumbnail\\?size=small&amp;v=[0-9a-f]{16}" alt(="")? loading="lazy"`,
        ),
      );
      assert.match(html, /docs-tile-lines">[^<]*Budget approved for spring/);
      assert.match(html, new RegExp(`href="/documents/files\\?folder=${dir.id}"`));
      const remembered = await browse("/documents/files", {
        headers: { ...headers, Cookie: `session=${t.owner.token}; docs_layout=grid` },
      });
      assert.match(await remembered.text(), /class="docs-grid"/);
      // The detail view: the large image, the text's beginning, or why there is no image.
      const detail =
        await (await browse(`/documents/files?file=${pic.id}`, { token: t.owner.token, headers }))
          .text();
      assert.match(
        detail,
        new RegExp(`src="/api/documents/files/${pic.id}/thumbnail\\?size=large`),
      );
      const text =
        await (await browse(`/documents/files?file=${doc.id}`, { token: t.owner.token, headers }))
          .text();
      assert.match(text, /docs-preview-text[^>]*>[^<]*Budget approved/);
      const broken =
        await (await browse(`/documents/files?file=${bad.id}`, { token: t.owner.token, headers }))
          .text();
      assert.match(broken, new RegExp(failed));
    }
  },
);
