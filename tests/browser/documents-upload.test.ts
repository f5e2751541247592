/**
 * Resumable uploads in a real browser (tus-js-client from the app's assets), in English and
 * Turkish: a ~20 MB file whose first request is cut off resumes and is listed; an upload cut by
 * a reload resumes from the bytes already stored when the same file is chosen again; the cancel
 * button ends an upload and its stored bytes. Axe-clean, nothing scrolls sideways at 375 px.
 * With TUS_SHOTS=<dir> the dialog is saved mid-upload and after, at 1280 and 375 px, light and
 * dark.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { checkPage, language, signIn, watch, withServer } from "./session.ts";
import { newTenant, testApp } from "../helpers.ts";
import { mkdir } from "../documents/helpers.ts";
import { withScope } from "../../shared/db/scope.ts";

const SHOTS = Deno.env.get("TUS_SHOTS");
const MB = 1_000_000;

const TEXT = {
  en: { resuming: "Resuming where it stopped", canceled: "Cancelled", cancel: "Cancel" },
  tr: { resuming: "Kaldığı yerden sürüyor", canceled: "İptal edildi", cancel: "İptal" },
} as const;

/** A file on disk (its modification time stays, so the client knows it again after a reload). */
async function fileOf(dir: string, name: string, bytes: number, seed: number) {
  const data = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i += 4096) data[i] = (i / 4096 + seed) & 0xff;
  const path = `${dir}/${name}`;
  await Deno.writeFile(path, data);
  return path;
}

/** PATCH requests the page sends, and a way to hold or cut the next ones. */
function patches(page: Page) {
  const seen: { name: string; offset: number }[] = [];
  const rules: ((offset: number) => Promise<string> | string)[] = [];
  page.route("**/api/documents/uploads/*", async (route) => {
    const req = route.request();
    if (req.method() !== "PATCH") return await route.continue();
    const offset = Number(await req.headerValue("upload-offset"));
    seen.push({ name: req.url(), offset });
    const rule = rules.shift();
    const what = rule ? await rule(offset) : "continue";
    if (what === "abort") await route.abort("connectionreset").catch(() => {});
    else await route.continue().catch(() => {});
  });
  return { seen, next: (r: (typeof rules)[number]) => rules.push(r) };
}

async function openUploads(tenantId: string) {
  const { platform } = await testApp();
  return await withScope(
    platform.db.sql,
    { tenantId },
    async (tx) =>
      (await tx`select count(*)::int as n from doc_uploads where finished_at is null`)[0].n,
  );
}

async function chooseAndSend(page: Page, path: string) {
  await page.locator('[data-dialog-open="docs-upload"]').first().click();
  await page.locator("#docs-upload-files").setInputFiles(path);
  await page.locator('#docs-upload button[type="submit"]').click();
}

browserTest(
  "documents upload: resumable (tus) with a cut request, a reload and a cancel (en, tr)",
  async (context) => {
    const dir = await Deno.makeTempDir({ prefix: "tus-browser-" });
    await withServer(context, async (base) => {
      for (const lang of ["en", "tr"] as const) {
        const page = await context.newPage();
        const problems = watch(page);
        const t = await newTenant();
        const folder = await mkdir(t.owner, lang === "en" ? "Videos" : "Videolar");
        await language(context, base, lang);
        await signIn(page, base, t.owner.email, t.slug);
        await page.goto(`${base}/documents/files?folder=${folder.id}`);
        const p = patches(page);
        if (Deno.env.get("TUS_DEBUG")) {
          page.on("response", (r) => {
            const u = new URL(r.url());
            if (u.pathname.includes("/uploads")) {
              console.log(r.request().method(), u.pathname, r.status());
            }
          });
          page.on("requestfailed", (r) => console.log("failed", r.method(), r.url()));
        }

        // 1. The first request is cut off; the client asks where the upload stands and goes
        // on. The second piece is held while the dialog is checked and photographed.
        const a = await fileOf(dir, `kayıt-${lang}.mp4`, 20 * MB, 1);
        let release!: () => void;
        const held = new Promise<void>((r) => release = r);
        let holding!: () => void;
        const isHeld = new Promise<void>((r) => holding = r);
        p.next(() => "abort");
        p.next(() => "continue");
        p.next(async () => {
          holding();
          await held;
          return "continue";
        });
        await chooseAndSend(page, a);
        await isHeld;
        await page.locator("#docs-upload .docs-tus progress").waitFor();
        await page.locator("#docs-upload .docs-tus-cancel").waitFor();
        await checkPage(page, SHOTS, `uploading-${lang}`);
        release();
        await page.locator("#docs-files tr", { hasText: `kayıt-${lang}.mp4` }).waitFor({
          timeout: 60_000,
        });
        assert.deepEqual(p.seen.map((s) => s.offset), [0, 0, 16 * 1024 * 1024]);
        await checkPage(page, SHOTS, `uploaded-${lang}`);

        // 2. A reload in the middle: choosing the same file again resumes after the stored
        // first piece (not from byte 0).
        const b = await fileOf(dir, `arşiv-${lang}.zip`, 20 * MB, 2);
        p.seen.length = 0;
        p.next(() => "continue");
        let cut!: () => void;
        const secondSent = new Promise<void>((r) => cut = r);
        let reloaded!: () => void;
        const afterReload = new Promise<void>((r) => reloaded = r);
        p.next(async () => {
          cut();
          await afterReload;
          return "abort";
        });
        await chooseAndSend(page, b);
        await secondSent;
        await page.reload();
        reloaded();
        await chooseAndSend(page, b);
        await page.locator("#docs-files tr", { hasText: `arşiv-${lang}.zip` }).waitFor({
          timeout: 60_000,
        });
        assert.deepEqual(p.seen.map((s) => s.offset), [0, 16 * 1024 * 1024, 16 * 1024 * 1024]);

        // 3. Cancel: the upload ends and the server deletes what it holds.
        const c = await fileOf(dir, `iptal-${lang}.bin`, 20 * MB, 3);
        p.seen.length = 0;
        let cancelled!: () => void;
        const afterCancel = new Promise<void>((r) => cancelled = r);
        let sending!: () => void;
        const inFlight = new Promise<void>((r) => sending = r);
        p.next(async () => {
          sending();
          await afterCancel;
          return "abort";
        });
        await chooseAndSend(page, c);
        // Cancelled while its first piece is on the way (the upload exists on the server).
        await inFlight;
        await page.locator("#docs-upload .docs-tus-cancel").click();
        await page.locator("#docs-upload .docs-tus.failed", { hasText: TEXT[lang].canceled })
          .waitFor();
        cancelled();
        for (let i = 0; i < 300 && await openUploads(t.id) > 0; i++) {
          await new Promise((r) => setTimeout(r, 100));
        }
        assert.equal(await openUploads(t.id), 0, "the cancelled upload is gone");
        await checkPage(page, SHOTS, `cancelled-${lang}`);

        // A cut request shows as a failed load in the console; nothing else may go wrong.
        // (Screenshots add Playwright's own caret-hiding style, which our CSP reports.)
        const expected = SHOTS
          ? /ERR_CONNECTION_RESET|ERR_FAILED|Failed to load resource|Applying inline style/
          : /ERR_CONNECTION_RESET|ERR_FAILED|Failed to load resource/;
        assert.deepEqual(problems.filter((x) => !expected.test(x)), []);
        await page.close();
      }
    });
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  },
);
