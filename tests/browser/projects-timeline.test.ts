/**
 * The project timeline in a real browser, in English and Turkish: dragging a waiting task's bar
 * before its blocker ends is refused by the server (the bar snaps back, the reason is shown in
 * the reader's language); dragging a free task saves its new dates. Axe-clean, nothing scrolls
 * sideways at 375 px. With GANTT_SHOTS=<dir> the pages are saved at 1280/375, light/dark.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { checkPage, language, signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { json, newProject, newTask } from "../projects/fixtures.ts";

const SHOTS = Deno.env.get("GANTT_SHOTS");
const TEXT = {
  en: { refused: "cannot start before", saved: "Saved", day: "Day", tab: "Timeline" },
  tr: { refused: "bitmeden başlayamaz", saved: "Kaydedildi", day: "Gün", tab: "Zaman çizelgesi" },
} as const;

const bar = (page: Page, id: string) => page.locator(`.bar-wrapper[data-id="${id}"] .bar`);

/** The bar's box once the chart has stopped scrolling (frappe-gantt scrolls smoothly). */
async function settledBox(page: Page, id: string) {
  let last = "";
  for (let i = 0; i < 50; i++) {
    const box = (await bar(page, id).boundingBox())!;
    if (JSON.stringify(box) === last) return box;
    last = JSON.stringify(box);
    await page.waitForTimeout(100);
  }
  throw new Error(`the bar of ${id} never stopped moving`);
}

async function dragBy(page: Page, id: string, dx: number) {
  await bar(page, id).scrollIntoViewIfNeeded();
  const box = await settledBox(page, id);
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x + (dx * i) / 8, y);
  await page.mouse.up();
}

browserTest(
  "projects timeline: a refused drag snaps back, a free one saves (en, tr)",
  async (context) => {
    await withServer(context, async (base) => {
      const page = await context.newPage();
      const problems = watch(page);
      for (const lang of ["en", "tr"] as const) {
        const t = await newTenant();
        const p = await newProject(t.owner, {
          name: "Launch",
          startDate: "2026-03-01",
          dueDate: "2026-05-31",
        });
        const design = await newTask(t.owner, p.id, {
          title: "Design",
          startDate: "2026-03-02",
          dueDate: "2026-03-06",
        });
        const build = await newTask(t.owner, p.id, {
          title: "Build",
          startDate: "2026-03-09",
          dueDate: "2026-03-13",
          blockedBy: [design.id],
        });
        const free = await newTask(t.owner, p.id, {
          title: "Docs",
          startDate: "2026-03-03",
          dueDate: "2026-03-05",
        });
        await json(
          await t.owner.call("POST", `/api/projects/projects/${p.id}/milestones`, {
            name: "Beta",
            date: "2026-03-20",
          }),
          201,
        );

        await language(context, base, lang);
        await signIn(page, base, t.owner.email, t.slug);
        await page.goto(`${base}/projects/projects/${p.id}`);
        await page.getByRole("link", { name: TEXT[lang].tab }).click();
        await page.waitForURL(/\/timeline$/);
        await page.locator(".tl-zoom button", { hasText: TEXT[lang].day }).click();
        await bar(page, build.id).waitFor();
        assert.equal(await page.locator(".bar-wrapper.tl-milestone .tl-diamond").count(), 1);
        assert.equal(await page.locator(".bar-wrapper.tl-critical").count(), 2);
        // The drawing keeps its own width (scrolls in its box), so late bars are not cut off.
        const svg = page.locator("#tl-chart svg.gantt");
        assert.equal(
          String((await svg.boundingBox())!.width),
          await svg.getAttribute("width"),
        );
        // Docs starts a day after Design; the drawing is at its own scale, so SVG units are pixels.
        const perDay = Number(await bar(page, free.id).getAttribute("x")) -
          Number(await bar(page, design.id).getAttribute("x"));
        assert.ok(perDay > 10, `a day is ${perDay}px`);

        // Build waits for Design (finish to start): five days earlier (inside Design) is refused
        // and snaps back.
        const before = await bar(page, build.id).getAttribute("x");
        await dragBy(page, build.id, -5 * perDay);
        const alert = page.locator("#tl-message.alert.error");
        await alert.waitFor();
        const text = await alert.textContent() ?? "";
        assert.ok(text.includes(TEXT[lang].refused) && text.includes("Design"), text);
        await page.waitForFunction(
          ([id, x]) =>
            document.querySelector(`.bar-wrapper[data-id="${id}"] .bar`)?.getAttribute("x") === x,
          [build.id, before],
        );
        const kept = await json(await t.owner.call("GET", `/api/projects/tasks/${build.id}`), 200);
        assert.equal(kept.startDate, "2026-03-09");

        // Docs is free: two days later is saved.
        await dragBy(page, free.id, 2 * perDay);
        await page.locator("#tl-message.alert.ok", { hasText: TEXT[lang].saved }).waitFor();
        const moved = await json(await t.owner.call("GET", `/api/projects/tasks/${free.id}`), 200);
        assert.deepEqual([moved.startDate, moved.dueDate], ["2026-03-05", "2026-03-07"]);
        await checkPage(page, SHOTS, `timeline-${lang}`);
        await page.goto(`${base}/projects/projects/${p.id}/milestones`);
        await page.locator(".ms-list").waitFor();
        await checkPage(page, SHOTS, `milestones-${lang}`);
      }
      // The refused moves are the only error answers (the browser logs them too).
      const refused =
        /^HTTP 422: PUT \/api\/projects\/tasks\/|^console error: .* 422 .*\/api\/projects\/tasks\//;
      assert.deepEqual(problems.filter((x) => !refused.test(x)), []);
      assert.equal(problems.filter((x) => x.startsWith("HTTP 422")).length, 2);
    });
  },
);
