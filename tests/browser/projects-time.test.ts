/**
 * Cycles and time tracking in a real browser, in English and Turkish: on a task page start the
 * timer, stop it and see the entry and the time spent; open the week's timesheet; open the
 * project's cycles page with its burndown. Axe-clean, nothing scrolls sideways at 375 px. With
 * TIME_SHOTS=<dir> the pages are saved at 1280 and 375 px, light and dark.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { checkPage, language, signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { json, newProject, newTask } from "../projects/fixtures.ts";
import { addDays } from "../../modules/projects/cycles/cycles.rules.ts";

const SHOTS = Deno.env.get("TIME_SHOTS");

const TEXT = {
  en: { start: "Start timer", stop: "Stop timer", spent: /1 min/ },
  tr: { start: "Zamanlayıcıyı başlat", stop: "Zamanlayıcıyı durdur", spent: /1 dk/ },
} as const;

browserTest(
  "projects time: timer on a task, timesheet, cycles burndown (en, tr)",
  async (context) => {
    await withServer(context, async (base) => {
      const page = await context.newPage();
      const problems = watch(page);
      for (const lang of ["en", "tr"] as const) {
        const t = await newTenant();
        const p = await newProject(t.owner, { name: lang === "en" ? "Website" : "Web sitesi" });
        const today = new Date().toISOString().slice(0, 10);
        const cycle = await json(
          await t.owner.call("POST", "/api/projects/cycles", {
            projectId: p.id,
            name: lang === "en" ? "Sprint 7" : "Döngü 7",
            startDate: addDays(today, -3),
            endDate: addDays(today, 4),
          }),
          201,
        );
        const task = await newTask(t.owner, p.id, {
          title: lang === "en" ? "Write the landing page" : "Giriş sayfasını yaz",
          estimate: 3,
          cycleId: cycle.id,
        });
        await newTask(t.owner, p.id, { title: "Logo", estimate: 2, cycleId: cycle.id });

        await language(context, base, lang);
        await signIn(page, base, t.owner.email, t.slug);

        // The timer: start, stop, then the entry and the time spent.
        await page.goto(`${base}/projects/tasks/${task.id}`);
        await page.getByRole("button", { name: TEXT[lang].start }).click();
        await page.locator(".pj-timer-running").waitFor();
        await page.getByRole("button", { name: TEXT[lang].stop }).click();
        await page.getByRole("button", { name: TEXT[lang].start }).waitFor();
        assert.equal(await page.locator("#task-time-entries tbody tr").count(), 1);
        assert.match(await page.locator("#time-spent").innerText(), TEXT[lang].spent);
        await checkPage(page, SHOTS, `task-${lang}`);

        // The week's timesheet shows the task with its time.
        await page.goto(`${base}/projects/time`);
        await page.locator("#timesheet tr", { hasText: task.title }).waitFor();
        await checkPage(page, SHOTS, `timesheet-${lang}`);

        // The cycles page draws the active cycle's burndown.
        await page.goto(`${base}/projects/projects/${p.id}/cycles`);
        await page.locator("#burndown .chart :is(svg, canvas)").first().waitFor();
        await page.locator("#cycle-tasks tr", { hasText: "Logo" }).waitFor();
        await checkPage(page, SHOTS, `cycles-${lang}`);
      }
      assert.deepEqual(problems, []);
    });
  },
);
