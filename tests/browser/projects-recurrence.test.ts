/**
 * Recurring tasks and project templates in a real browser, in English and Turkish: make a task
 * weekly on its page, mark it done and open the next occurrence; save the project as a template
 * and make a new project from it. Axe-clean, nothing scrolls sideways at 375 px. With
 * RECUR_SHOTS=<dir> the pages are saved at 1280 and 375 px, light and dark.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { checkPage, htmxIdle, language, signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { flow, newProject, newTask } from "../projects/fixtures.ts";

const SHOTS = Deno.env.get("RECUR_SHOTS");

const TEXT = {
  en: {
    set: "Make recurring",
    save: "Save recurrence",
    weekly: "Every week on Monday",
    saveTemplate: "Save as template",
    saveButton: "Save template",
    use: "New project",
    create: "Create project",
    newProject: "New project",
    fromTemplate: "New from template",
  },
  tr: {
    set: "Tekrarlayan yap",
    save: "Tekrarı kaydet",
    weekly: "Her hafta Pazartesi",
    saveTemplate: "Şablon olarak kaydet",
    saveButton: "Şablonu kaydet",
    use: "Yeni proje",
    create: "Projeyi oluştur",
    newProject: "Yeni proje",
    fromTemplate: "Şablondan yeni",
  },
} as const;

browserTest("projects recurrence and templates (en, tr)", async (context) => {
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    for (const lang of ["en", "tr"] as const) {
      const x = TEXT[lang];
      const t = await newTenant();
      const p = await newProject(t.owner, {
        name: lang === "en" ? "Operations" : "Operasyon",
        startDate: "2026-12-01",
        timeZone: "Europe/Istanbul",
      });
      const title = lang === "en" ? "Weekly status report" : "Haftalık durum raporu";
      const task = await newTask(t.owner, p.id, { title, dueDate: "2026-12-07" });
      const done = (await flow(t.owner, p.id)).items.find((s: { category: string }) =>
        s.category === "done"
      ).id;
      await language(context, base, lang);
      await signIn(page, base, t.owner.email, t.slug);

      // Weekly on Monday, from the task page.
      await page.goto(`${base}/projects/tasks/${task.id}`);
      await page.getByRole("button", { name: x.set }).click();
      await page.locator('#pj-recur-dialog input[name="days"][value="MO"]').check();
      await page.getByRole("button", { name: x.save }).click();
      await page.locator("#pj-recurrence", { hasText: x.weekly }).waitFor();
      await checkPage(page, SHOTS, `task-${lang}`);

      // Done: the next occurrence appears in the series; it opens with the same rule. (A fresh
      // page first: the checks above leave style attributes that htmx's settle would copy.)
      await page.reload();
      await page.locator("#tf-status").selectOption(done);
      await htmxIdle(page);
      await page.reload();
      const next = page.locator("#pj-recurrence .pj-recur-series a", { hasText: title });
      await next.click();
      await page.waitForURL((u) => !u.pathname.endsWith(task.id));
      await page.locator("#pj-recurrence", { hasText: x.weekly }).waitFor();
      assert.equal(await page.locator("#tf-title").inputValue(), title);

      // Save the project as a template, then make a project from it.
      await page.goto(`${base}/projects/projects/${p.id}`);
      await page.getByRole("button", { name: x.saveTemplate }).click();
      await page.locator("#tpl-save-name").fill(
        lang === "en" ? "Ops template" : "Operasyon şablonu",
      );
      await page.getByRole("button", { name: x.saveButton }).click();
      await page.waitForURL(`${base}/projects/templates`);
      await page.locator("#templates tr", {
        hasText: lang === "en" ? "Ops template" : "Operasyon şablonu",
      })
        .waitFor();
      await checkPage(page, SHOTS, `templates-${lang}`);
      await page.locator("#templates").getByRole("button", { name: x.use }).first().click();
      const dialog = page.locator("dialog[open]");
      await dialog.locator('input[name="name"]').fill(
        lang === "en" ? "Operations 2027" : "Operasyon 2027",
      );
      await dialog.locator('input[name="startDate"]').fill("2027-01-05");
      await dialog.getByRole("button", { name: x.create }).click();
      await page.waitForURL(/\/projects\/projects\/[0-9a-f-]{36}$/);
      await page.getByText(title).first().waitFor();
      assert.ok(!page.url().endsWith(p.id));

      // The new-project dialog offers the template too.
      await page.goto(`${base}/projects/projects`);
      await page.getByRole("button", { name: x.newProject }).first().click();
      await page.locator("dialog[open] .pj-from-template", { hasText: x.fromTemplate }).waitFor();
      await checkPage(page, SHOTS, `new-project-${lang}`);
    }
    assert.deepEqual(problems, []);
  });
});
