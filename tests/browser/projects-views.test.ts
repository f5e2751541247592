/**
 * Saved views and the calendar in a real browser, in English and Turkish: filter the project's
 * list, save the view, reopen it from the views menu with its filter applied; drag a task to
 * another day on the calendar (it sticks) and one the server refuses (it snaps back with the
 * message); make a calendar feed link. Screenshots with VIEWS_SHOTS=/tmp/shots/views.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { checkPage, htmxIdle, language, signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";

const SHOTS = Deno.env.get("VIEWS_SHOTS");

async function drag(page: Page, title: string, to: string) {
  const from = page.locator(`.pj-cal-task:has-text("${title}")`);
  const target = page.locator(to);
  const a = (await from.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(
      a.x + a.width / 2 + ((b.x + b.width / 2) - (a.x + a.width / 2)) * i / 10,
      a.y + a.height / 2 + ((b.y + b.height / 2) - (a.y + a.height / 2)) * i / 10,
    );
  }
  await page.mouse.up();
}

browserTest("projects: saved views and the calendar (en, tr)", async (context) => {
  const tenant = await newTenant();
  const month = new Date().toISOString().slice(0, 7);
  const day = (d: number) => `${month}-${String(d).padStart(2, "0")}`;
  await withServer(context, async (base) => {
    for (const lang of ["en", "tr"] as const) {
      const p = await (await tenant.owner.call("POST", "/api/projects/projects", {
        name: lang === "en" ? "Launch plan" : "Lansman planı",
      })).json();
      const task = async (body: Record<string, unknown>) =>
        await (await tenant.owner.call("POST", "/api/projects/tasks", { projectId: p.id, ...body }))
          .json();
      const alpha = await task({ title: "Alpha urgent", priority: "kritik", dueDate: day(10) });
      const beta = await task({
        title: "Beta calm",
        priority: "dusuk",
        startDate: day(12),
        dueDate: day(12),
      });
      await task({ title: "Gamma someday", priority: "normal", labels: ["docs"] });

      await language(context, base, lang);
      const page = await context.newPage();
      const problems = watch(page);
      await signIn(page, base, tenant.owner.email, tenant.slug);

      // Filter the list by priority: the list narrows in place.
      await page.goto(`${base}/projects/projects/${p.id}?view=list`);
      await page.locator("#pf-priority").selectOption("kritik");
      await page.locator('#pj-view-body a:has-text("Beta calm")').waitFor({ state: "detached" });
      await page.locator("#pf-group").selectOption("priority");
      await page.locator("#pj-view-body .pj-group-head").first().waitFor();
      await htmxIdle(page);
      assert.match(page.url(), /priority=kritik/);
      await checkPage(page, SHOTS, `list-filtered-${lang}`);

      // Save it as a view; it opens with the filter.
      const name = lang === "en" ? "Urgent only" : "Yalnızca acil";
      await page.locator('[data-dialog-open="save-view"]').click();
      await page.locator("#sv-name").fill(name);
      await Promise.all([
        page.waitForURL(/viewId=/),
        page.locator('#pj-save-view button[type="submit"]').click(),
      ]);

      // From the plain list, reopen it from the views menu.
      await page.goto(`${base}/projects/projects/${p.id}?view=list`);
      assert.equal(await page.locator('#pj-view-body a:has-text("Beta calm")').count(), 1);
      await page.locator(".pj-views-menu > summary").click();
      await checkPage(page, SHOTS, `views-menu-${lang}`);
      await Promise.all([
        page.waitForURL(/priority=kritik/),
        page.locator(`.pj-views-item a:has-text("${name}")`).click(),
      ]);
      await page.locator('#pj-view-body a:has-text("Alpha urgent")').waitFor();
      assert.equal(await page.locator('#pj-view-body a:has-text("Beta calm")').count(), 0);
      assert.equal(await page.locator("#pf-priority").inputValue(), "kritik");
      assert.ok(
        await page.locator(".pj-views-menu > summary").textContent().then((x) => x?.includes(name)),
      );

      // The calendar: drag Alpha to the 20th (it sticks).
      await page.goto(`${base}/projects/projects/${p.id}/calendar`);
      await page.locator('.pj-cal[data-ready="1"]').waitFor({ state: "attached" });
      await checkPage(page, SHOTS, `calendar-${lang}`);
      await drag(page, "Alpha urgent", `.pj-cal-tasks[data-date="${day(20)}"]`);
      await page.locator(`.pj-cal-tasks[data-date="${day(20)}"] .pj-cal-task:has-text("Alpha")`)
        .waitFor();
      await page.waitForFunction(() => !document.querySelector(".pj-cal-task.is-busy"));
      const moved = await (await tenant.owner.call("GET", `/api/projects/tasks/${alpha.id}`))
        .json();
      assert.equal(moved.dueDate, day(20));

      // Beta starts on the 12th: a due date before it is refused and the card snaps back.
      await drag(page, "Beta calm", `.pj-cal-tasks[data-date="${day(5)}"]`);
      await page.locator("#calendar-message.alert.error").waitFor();
      await page.locator(`.pj-cal-tasks[data-date="${day(12)}"] .pj-cal-task:has-text("Beta")`)
        .waitFor();
      const kept = await (await tenant.owner.call("GET", `/api/projects/tasks/${beta.id}`)).json();
      assert.equal(kept.dueDate, day(12));

      // The calendar feed settings: make a link, see it once.
      await page.goto(`${base}/projects/calendar-feed`);
      await Promise.all([
        page.waitForLoadState("load"),
        page.locator('main form[action="/projects/calendar-feed"] button[type="submit"]').first()
          .click(),
      ]);
      const url = await page.locator("#feed-url").inputValue();
      assert.match(url, /\/projects\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
      await checkPage(page, SHOTS, `feed-${lang}`);

      const refused = /(HTTP 422: POST|status of 422 .*) ?[^ ]*\/calendar\/move/;
      assert.deepEqual(problems.filter((x) => !refused.test(x)), []);
      await page.close();
    }
  });
});
