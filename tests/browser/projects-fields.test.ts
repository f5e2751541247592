/**
 * Custom fields in a real browser, in English and Turkish: a project manager adds a select field
 * and a number field on the project's Fields tab, sets both on a task page, then filters the
 * task list by the select value and sees the report's breakdown. Axe-clean, nothing scrolls
 * sideways at 375 px. With FIELDS_SHOTS=<dir> the pages are saved at 1280 and 375 px, light and
 * dark.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { checkPage, htmxIdle, language, signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { json, newProject, newTask } from "../projects/fixtures.ts";

const SHOTS = Deno.env.get("FIELDS_SHOTS");

const TEXT = {
  en: { tab: "Fields", stage: "Stage", points: "Points", won: "Won", lead: "Lead" },
  tr: { tab: "Alanlar", stage: "Aşama", points: "Puan", won: "Kazanıldı", lead: "Aday" },
} as const;

browserTest(
  "projects custom fields: add, set on a task, filter the list (en, tr)",
  async (context) => {
    await withServer(context, async (base) => {
      const page = await context.newPage();
      const problems = watch(page);
      for (const lang of ["en", "tr"] as const) {
        const x = TEXT[lang];
        const t = await newTenant();
        const p = await newProject(t.owner, { name: `Müşteri işleri ${lang}` });
        const alpha = await newTask(t.owner, p.id, { title: "Sözleşme taslağı" });
        await newTask(t.owner, p.id, { title: "Fatura kontrolü" });

        await language(context, base, lang);
        await signIn(page, base, t.owner.email, t.slug);
        await page.goto(`${base}/projects/projects/${p.id}/fields`);
        await page.getByRole("link", { name: x.tab }).first().waitFor();

        // A select field with two options, then a number field.
        await page.locator('[data-dialog-open="pj-cf-new"]').click();
        await page.locator("#cf-new-name").fill(x.stage);
        await page.locator("#cf-new-type").selectOption("select");
        await page.locator("#cf-new-options").fill(`${x.lead}\n${x.won}`);
        await page.locator('#pj-cf-new button[type="submit"]').click();
        await page.locator(".pj-cf-item", { hasText: x.stage }).waitFor();
        await page.locator('[data-dialog-open="pj-cf-new"]').click();
        await page.locator("#cf-new-name").fill(x.points);
        await page.locator("#cf-new-type").selectOption("number");
        await page.locator('#pj-cf-new button[type="submit"]').click();
        await page.locator(".pj-cf-item", { hasText: x.points }).waitFor();
        await checkPage(page, SHOTS, `fields-${lang}`);

        // Both set on the task page (each saved when it changes).
        await page.goto(`${base}/projects/tasks/${alpha.id}`);
        const card = page.locator("#task-cf");
        await card.getByLabel(x.stage).selectOption({ label: x.won });
        await htmxIdle(page);
        await page.locator("#task-cf").getByLabel(x.points).fill("8");
        await page.locator("#task-cf").getByLabel(x.points).press("Tab");
        await htmxIdle(page);
        await page.locator("#task-cf [role=status]").waitFor();
        await checkPage(page, SHOTS, `task-${lang}`);
        const saved = await json(await t.owner.call("GET", `/api/projects/tasks/${alpha.id}`), 200);
        const values = Object.values(saved.customFields);
        assert.equal(values.length, 2, JSON.stringify(saved.customFields));
        assert.ok(values.includes(8), JSON.stringify(saved.customFields));

        // The list filtered by the select value shows only that task.
        await page.goto(`${base}/projects/tasks?projectId=${p.id}`);
        await page.locator("#tq-cf").selectOption({ label: x.won });
        // The filter form applies itself when a control changes.
        await htmxIdle(page);
        await page.waitForFunction(() =>
          !document.querySelector("#tasks")?.textContent?.includes("Fatura")
        );
        const list = await page.locator("#tasks").textContent();
        assert.ok(list?.includes("Sözleşme taslağı"), list ?? "");
        await checkPage(page, SHOTS, `list-${lang}`);

        // The report's breakdown by the select field.
        await page.goto(`${base}/projects/reports?projectId=${p.id}`);
        await page.locator("#pj-cf-breakdown", { hasText: x.won }).waitFor();
        await checkPage(page, SHOTS, `report-${lang}`);
      }
      assert.deepEqual(problems, []);
    });
  },
);
