/**
 * Automation in a real browser, in English and in Turkish: create an agent from a template
 * (New agent dialog) and give it a script in the code editor, create a manual job for it (New
 * job dialog), run it now, watch the run's log arrive live while the run is still running, then
 * find the run in the history and counted on the dashboard. Every automation page stays within
 * 375 px.
 *
 * The test app runs no dispatcher of its own: one for `automation.run` runs here.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant, testApp } from "../helpers.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";

/** Logs numbered lines with pauses, so the run is still running while its first lines show. */
const SCRIPT = `export default async function (ctx) {
  for (let i = 1; i <= 8; i++) {
    ctx.log.info("step " + i + " of 8");
    await new Promise((r) => setTimeout(r, 400));
  }
  return { steps: 8 };
}`;

const LABELS = {
  en: {
    running: "Running",
    succeeded: "Succeeded",
    queued: "The run was queued.",
    runs24h: "Runs in the last 24 hours",
    manual: "Run now",
  },
  tr: {
    running: "Çalışıyor",
    succeeded: "Başarılı",
    queued: "Çalışma kuyruğa alındı.",
    runs24h: "Son 24 saatteki çalıştırmalar",
    manual: "Şimdi çalıştır",
  },
} as const;
type Lang = keyof typeof LABELS;

/** What the top bar's language form posts (htmx adds the HX-Request header). */
async function setLanguage(page: Page, base: string, lang: Lang) {
  const res = await page.request.post(`${base}/language`, {
    form: { locale: lang },
    headers: { Origin: base, Referer: `${base}/`, "HX-Request": "true" },
  });
  assert.ok(res.status() < 400, `language switch to ${lang}: ${res.status()}`);
}

/** The status badge of the run page's summary. */
const statusBadge = (page: Page) => page.locator("#run-summary dl.details .badge").first();

/** One pass through the whole story; returns the run's page address. */
async function story(page: Page, base: string, lang: Lang, nth: number) {
  const L = LABELS[lang];
  const agentName = `${lang === "tr" ? "Sayım ajanı" : "Counting agent"} ${nth}`;
  const jobName = `${lang === "tr" ? "Elle sayım" : "Manual count"} ${nth}`;

  // An agent from a template, through the New agent dialog.
  await page.goto(`${base}/automation/agents`);
  await page.locator('[data-dialog-open="new-agent"]').click();
  await page.locator('#new-agent input[value="template:open-tickets-digest"]').check();
  await page.locator('#new-agent input[name="name"]').fill(agentName);
  await Promise.all([
    page.waitForURL(/\/automation\/agents\/[0-9a-f-]{36}$/),
    page.locator('#new-agent button[type="submit"]').click(),
  ]);
  const agentUrl = page.url();
  assert.equal(await page.locator("h1").first().innerText(), agentName);

  // Its code, typed into the editor (CodeJar keeps the form's hidden textarea in step).
  await page.goto(`${agentUrl}/code`);
  const editor = page.locator(".code-area");
  await editor.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(SCRIPT);
  await page.keyboard.press("End"); // CodeJar reports changes on keyup
  assert.match(await page.locator('textarea[name="code"]').inputValue(), /step " \+ i/);
  await page.locator('input[name="note"]').fill("counts to eight");
  await Promise.all([
    page.waitForURL(/\/code\?saved=1$/),
    page.locator('form[data-save-shortcut] button[type="submit"]').click(),
  ]);
  assert.match(await page.locator('textarea[name="code"]').inputValue(), /of 8/);

  // A manual job for it, through the New job dialog.
  await page.goto(`${base}/automation/jobs`);
  await page.locator('[data-dialog-open="new-job"]').click();
  await page.locator("#job-new-name").fill(jobName);
  await page.locator("#job-new-agent").selectOption({ label: agentName });
  await page.locator("#job-new-trigger").selectOption("manual");
  await Promise.all([
    page.waitForURL(/\/automation\/jobs\/[0-9a-f-]{36}$/),
    page.locator('#job-new-form button[type="submit"]').click(),
  ]);
  const jobUrl = page.url();

  // Run it now: the page says it was queued and lists the run.
  await Promise.all([
    page.waitForURL(jobUrl),
    page.locator('.page-actions form[action$="/run"] button[type="submit"]').click(),
  ]);
  await page.locator(`.toast:has-text("${L.queued}"), .alert:has-text("${L.queued}")`).first()
    .waitFor();
  const runLink = page.locator('main a[href^="/automation/runs/"]').first();
  const runPath = (await runLink.getAttribute("href"))!;
  await Promise.all([page.waitForURL(`${base}${runPath}`), runLink.click()]);

  // The live log: lines arrive while the status still says running, then the run succeeds.
  await page.locator("#run-log", { hasText: "step 2 of 8" }).waitFor({ timeout: 30_000 });
  assert.equal(await statusBadge(page).innerText(), L.running);
  const before = await page.locator("#run-log").innerText();
  assert.doesNotMatch(before, /step 8 of 8/, "the run was not still running");
  await page.locator("#run-log", { hasText: "step 8 of 8" }).waitFor({ timeout: 30_000 });
  await page.locator("#run-summary dl.details .badge", { hasText: L.succeeded })
    .waitFor({ timeout: 30_000 });
  assert.match(await page.locator("#run-summary").innerText(), /"steps": 8/);
  // Streamed, not reloaded: every line once, in order (the stream's snapshot and its live lines
  // overlap, and the page must not show a line twice).
  const steps = (await page.locator("#run-log").innerText()).match(/step \d of 8/g);
  assert.deepEqual(steps, Array.from({ length: 8 }, (_, i) => `step ${i + 1} of 8`));

  // In the history, with its status and trigger in words.
  await page.goto(`${base}/automation/jobs/history`);
  const row = page.locator("#runs-table tr", { has: page.locator(`a[href="${runPath}"]`) });
  await row.waitFor();
  const rowText = await row.innerText();
  assert.match(rowText, new RegExp(jobName));
  assert.match(rowText, new RegExp(L.succeeded));
  assert.match(rowText, new RegExp(L.manual));

  // Counted on the dashboard.
  await page.goto(`${base}/automation`);
  const kpi = page.locator("a.kpi", { hasText: L.runs24h });
  assert.equal(await kpi.locator(".kpi-value").innerText(), String(nth));
  return { runPath, agentUrl, jobUrl };
}

browserTest(
  "automation: template agent, manual job, live run log, history, dashboard (en, tr)",
  async (
    context,
  ) => {
    const tenant = await newTenant();
    const { platform } = await testApp();
    const dispatcher = new Dispatcher(platform.db, platform.jobs, {
      onlyNames: ["automation.run"],
      pollMs: 100,
    });
    dispatcher.start();
    try {
      await withServer(context, async (base) => {
        const page = await context.newPage();
        const problems = watch(page);
        await signIn(page, base, tenant.owner.email, tenant.slug);

        await setLanguage(page, base, "en");
        const en = await story(page, base, "en", 1);
        await setLanguage(page, base, "tr");
        const tr = await story(page, base, "tr", 2);
        assert.equal(await page.locator("html").getAttribute("lang"), "tr");

        // Phone width: no automation page scrolls sideways.
        await page.setViewportSize({ width: 375, height: 812 });
        const pages = [
          "/automation",
          "/automation/agents",
          en.agentUrl,
          `${en.agentUrl}/code`,
          `${en.agentUrl}/versions`,
          "/automation/jobs",
          tr.jobUrl,
          "/automation/jobs/history",
          tr.runPath,
          "/automation/activity",
          "/automation/notifications",
          "/automation/settings",
        ];
        for (const path of pages) {
          await page.goto(path.startsWith("http") ? path : `${base}${path}`);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= 375, `${path} scrolls sideways at 375 px: ${width}`);
        }
        assert.deepEqual(problems, []);
      });
    } finally {
      await dispatcher.stop();
    }
  },
);
