/**
 * Import and bulk edit in a real browser (en and tr): upload a CSV with one bad row, read the
 * row's error in the preview, skip it and import, find the tasks in the list, then select two
 * tasks and set their priority from the bulk bar.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { browserTest } from "./browser.ts";
import { checkPage, htmxIdle, language, signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { json, newProject } from "../projects/fixtures.ts";

const SHOTS = Deno.env.get("IMPORT_SHOTS");

const TEXT = {
  en: { row: "Row 3", bad: "is not a date", critical: "Critical", imported: "First task" },
  tr: { row: "Satır 3", bad: "bir tarih değil", critical: "Kritik", imported: "First task" },
};

browserTest("projects: import a CSV with a bad row, then bulk-set priority", async (context) => {
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    for (const lang of ["en", "tr"] as const) {
      const t = await newTenant();
      const p = await newProject(t.owner, { name: lang === "en" ? "Migration" : "Göç" });
      await language(context, base, lang);
      await signIn(page, base, t.owner.email, t.slug);

      await page.goto(`${base}/projects/projects/${p.id}`);
      await Promise.all([
        page.waitForURL(/\/import$/),
        page.locator(`a[href="/projects/projects/${p.id}/import"]`).click(),
      ]);
      await checkPage(page, SHOTS, `upload-${lang}`);
      const csv = "Summary;Priority;Due date;Labels;Labels\n" +
        "First task;High;2031-02-01;api;ux\n" +
        "Broken task;Low;31.31.2031;;\n" +
        "Second task;Yüksek;;;\n";
      await page.locator("#imp-file").setInputFiles({
        name: "jira.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("\uFEFF" + csv),
      });
      await Promise.all([
        page.waitForLoadState("load"),
        page.locator('main form[enctype="multipart/form-data"] button[type="submit"]').click(),
      ]);
      // The mapping step suggests Jira's columns; preview shows the bad row.
      assert.equal(await page.locator('select[name="map:Summary"]').inputValue(), "title");
      await Promise.all([
        page.waitForLoadState("load"),
        page.locator('button[name="step"][value="preview"]').click(),
      ]);
      const errors = page.locator("#import-errors li");
      await errors.first().waitFor();
      assert.equal(await errors.count(), 1);
      const text = await errors.first().innerText();
      assert.ok(text.includes(TEXT[lang].row) && text.includes(TEXT[lang].bad), text);
      await checkPage(page, SHOTS, `preview-${lang}`);

      // Importing without skipping is refused and writes nothing; skipping imports two.
      await Promise.all([
        page.waitForLoadState("load"),
        page.locator('button[name="step"][value="commit"]').click(),
      ]);
      await page.locator("#import-errors").waitFor();
      let list = await json(
        await t.owner.call("GET", `/api/projects/tasks?projectId=${p.id}`),
        200,
      );
      assert.equal(list.items.length, 0);
      await page.locator('input[name="skipErrors"]').check();
      await Promise.all([
        page.waitForURL(/view=list/),
        page.locator('button[name="step"][value="commit"]').click(),
      ]);
      await page.getByText(TEXT[lang].imported).first().waitFor();
      await checkPage(page, SHOTS, `list-${lang}`);
      list = await json(await t.owner.call("GET", `/api/projects/tasks?projectId=${p.id}`), 200);
      assert.equal(list.items.length, 2);

      // Bulk: select both tasks on the task list and make them critical.
      await page.goto(`${base}/projects/tasks?projectId=${p.id}`);
      for (const item of list.items) {
        await page.locator(`input[name="taskIds"][value="${item.id}"]`).check();
      }
      await page.locator(".pj-bulk summary").click();
      await page.locator("#bulk-priority").selectOption("kritik");
      await Promise.all([
        page.waitForLoadState("load"),
        page.locator('button[name="action"][value="apply"]').click(),
      ]);
      await htmxIdle(page);
      await page.locator("#tasks-table").getByText(TEXT[lang].critical).nth(1).waitFor();
      list = await json(await t.owner.call("GET", `/api/projects/tasks?projectId=${p.id}`), 200);
      assert.deepEqual(list.items.map((x: { priority: string }) => x.priority), [
        "kritik",
        "kritik",
      ]);
      await page.locator(".pj-bulk summary").click();
      await checkPage(page, SHOTS, `bulk-${lang}`);

      // The task page: several assignees to pick, the watchers listed.
      await page.goto(`${base}/projects/tasks/${list.items[0].id}`);
      await page.locator("#tf-assignee").waitFor();
      await page.locator("#watchers").waitFor();
      await checkPage(page, SHOTS, `task-${lang}`);
    }
    // The refused import answers 422 on purpose (the page shows why); nothing else may fail.
    assert.deepEqual(problems.filter((x) => !/422.*\/import/.test(x)), []);
    assert.equal(problems.length, 4);
  });
});
