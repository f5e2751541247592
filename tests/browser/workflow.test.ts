/**
 * A small approval process end to end in a real browser, in English and in Turkish. The owner
 * draws it in the designer (start → user task with a form → exclusive gateway → "approved" and
 * "rejected" ends; a condition and a default flow), validates and deploys it. A member starts
 * it from the catalog, finds the task in the pool (its form read-only until claimed), claims
 * it, ticks "Approved?" and completes it; the instance is then completed and its diagram marks
 * the path taken, not the other end. No page scrolls sideways at 375 px.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import {
  designerReady,
  drawApproval,
  type DrawnApproval,
  type Lang,
  setLanguage,
} from "./workflow.draw.ts";

const WAIT = { timeout: 30_000 };

const LABELS = {
  en: {
    names: {
      process: "Leave approval",
      task: "Approve",
      approved: "Approved",
      rejected: "Rejected",
      field: "Approved?",
    },
    valid: "No problems found",
    deployed: "Version 1 deployed.",
    readonly: "Claim the task to fill in its form.",
    claimed: "Claimed",
    completed: "Completed",
  },
  tr: {
    names: {
      process: "İzin onayı",
      task: "Onayla",
      approved: "Onaylandı",
      rejected: "Reddedildi",
      field: "Onaylıyor musunuz?",
    },
    valid: "Sorun bulunamadı",
    deployed: "1. sürüm yayınlandı.",
    readonly: "Formu doldurmak için görevi üstlenin.",
    claimed: "Üstlenildi",
    completed: "Tamamlandı",
  },
} as const;

/** Signs out (drops the session cookie) and signs in as someone else, in a language. */
async function signInAs(page: Page, base: string, email: string, slug: string, lang: Lang) {
  await page.context().clearCookies();
  await signIn(page, base, email, slug);
  await setLanguage(page, base, lang);
}

/** The owner draws, validates and deploys the process; returns the drawn element ids. */
async function design(page: Page, base: string, lang: Lang): Promise<DrawnApproval> {
  const L = LABELS[lang];
  await page.goto(`${base}/workflow/admin/designer`);
  await designerReady(page);
  const drawn = await drawApproval(page, L.names);
  await page.locator("[data-action='validate']").click();
  await page.locator(".wf-designer-status", { hasText: L.valid }).waitFor(WAIT);
  assert.equal(await page.locator(".wf-designer-problems .wf-problem").count(), 0);
  await page.locator("[data-action='deploy']").click();
  await page.locator(".wf-designer-status", { hasText: L.deployed }).waitFor(WAIT);
  return drawn;
}

/** The member starts the process from the catalog; returns the instance page's address. */
async function startFromCatalog(page: Page, base: string, lang: Lang, drawn: DrawnApproval) {
  const L = LABELS[lang];
  await page.goto(`${base}/workflow/catalog`);
  const card = page.locator("section.card", { hasText: L.names.process });
  await card.locator("[data-dialog-open]").click();
  const form = page.locator("dialog[open] form[action$='/start']");
  await form.waitFor(WAIT);
  await Promise.all([
    page.waitForURL(/\/workflow\/processes\/[0-9a-f-]{36}$/, WAIT),
    form.locator("button[type='submit']").click(),
  ]);
  // The user task waits: marked active on the diagram.
  await page.locator(`.wf-diagram .djs-element.wf-active[data-element-id="${drawn.taskId}"]`)
    .waitFor(WAIT);
  return page.url();
}

/** The member claims the task from the pool, approves it in its form and completes it. */
async function workTask(page: Page, base: string, lang: Lang) {
  const L = LABELS[lang];
  await page.goto(`${base}/workflow/task-pool`);
  const link = page.locator("main a[href^='/workflow/tasks/']", { hasText: L.names.task });
  await link.waitFor(WAIT);
  const taskPath = (await link.getAttribute("href"))!;
  await Promise.all([page.waitForURL(`${base}${taskPath}`, WAIT), link.click()]);

  // Before claiming: the form shows, read-only.
  const box = page.locator("input[type='checkbox'][name='f.approved']");
  await box.waitFor(WAIT);
  assert.ok(await box.isDisabled(), "the form is read-only before claiming");
  await page.locator("p", { hasText: L.readonly }).waitFor(WAIT);
  await page.locator("label.check", { hasText: L.names.field }).waitFor(WAIT);

  await page.locator("form[action$='/claim'] button[type='submit']").click();
  await page.locator("dl.facts .badge", { hasText: L.claimed }).waitFor(WAIT);
  await page.locator("input[type='checkbox'][name='f.approved']:not([disabled])").check();
  await page.locator("form[action$='/complete'] button[type='submit']").click();
  await page.locator("dl.facts .badge", { hasText: L.completed }).waitFor(WAIT);
  return `${base}${taskPath}`;
}

/** The instance is completed; the diagram marks the approved path, not the rejected end. */
async function checkFinished(page: Page, instanceUrl: string, lang: Lang, drawn: DrawnApproval) {
  const L = LABELS[lang];
  await page.goto(instanceUrl);
  await page.locator(".wf-instance dl.facts .badge", { hasText: L.completed }).waitFor(WAIT);
  const diagram = page.locator(".wf-diagram");
  await diagram.locator(".djs-element.wf-done").first().waitFor(WAIT);
  const marked = (cls: string) =>
    diagram.locator(`.djs-element.${cls}`).evaluateAll((els) =>
      els.map((e) => e.getAttribute("data-element-id")!).sort()
    );
  assert.deepEqual(
    await marked("wf-done"),
    [drawn.startId, drawn.taskId, drawn.gatewayId, drawn.approvedId].sort(),
  );
  assert.deepEqual(await marked("wf-active"), []);
  const taken = await marked("wf-taken");
  assert.ok(taken.includes(drawn.approvedFlow), "the flow to the approved end is taken");
  assert.ok(!taken.includes(drawn.rejectedFlow), "the default flow is not taken");
  assert.equal(taken.length, 3, "start → task → gateway → approved: three flows");
  assert.equal(
    await diagram.locator(`.djs-element[data-element-id="${drawn.rejectedId}"].wf-done`).count(),
    0,
  );
}

/** None of these pages scrolls sideways at phone width. */
async function phoneWidth(page: Page, base: string, urls: string[]) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  for (const url of urls) {
    await page.goto(url.startsWith("http") ? url : `${base}${url}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `${url} scrolls sideways at 375 px: ${width}`);
  }
  if (size) await page.setViewportSize(size);
}

browserTest(
  "workflow: draw an approval, deploy, start from the catalog, claim and complete (en, tr)",
  async (context) => {
    const tenant = await newTenant();
    const member = await tenant.member(["member"]);
    await withServer(context, async (base) => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      const problems = watch(page);
      for (const lang of ["en", "tr"] as const) {
        let step = "design";
        try {
          await signInAs(page, base, tenant.owner.email, tenant.slug, lang);
          const drawn = await design(page, base, lang);
          step = "start";
          await signInAs(page, base, member.email, tenant.slug, lang);
          const instanceUrl = await startFromCatalog(page, base, lang, drawn);
          step = "task";
          const taskUrl = await workTask(page, base, lang);
          step = "finished";
          await checkFinished(page, instanceUrl, lang, drawn);
          step = "phone";
          await phoneWidth(page, base, [
            "/workflow/catalog",
            "/workflow/task-pool",
            taskUrl,
            instanceUrl,
          ]);
          assert.equal(await page.locator("html").getAttribute("lang"), lang);
        } catch (err) {
          await Deno.mkdir("/tmp/shots", { recursive: true });
          await page.screenshot({ path: `/tmp/shots/workflow-failure-${lang}-${step}.png` });
          throw err;
        }
      }
      assert.deepEqual(problems, []);
    });
  },
);
