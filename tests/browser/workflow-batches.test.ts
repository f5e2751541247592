/**
 * The batches pages in a real browser, in English and Turkish: from the processes page to the
 * batch list, a batch with one failed process (its name and what went wrong), retrying it, and
 * the batch finished. Axe-clean, nothing scrolls sideways at 375 px. With BATCH_SHOTS=<dir> the
 * pages are saved at 1280 and 375 px, light and dark.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { checkPage, htmxIdle, language, signIn, watch, withServer } from "./session.ts";
import { newTenant, testApp, type TestTenant } from "../helpers.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { STEP_JOB } from "../../modules/workflow/common/model.lib.ts";
import { stepJob } from "../../modules/workflow/engine/engine.jobs.service.ts";
import { BATCH_JOB, batchJob } from "../../modules/workflow/batches/batches.run.service.ts";
import { buildModel, completeTask, deploy, start } from "../workflow/engine.fixtures.ts";

const SHOTS = Deno.env.get("BATCH_SHOTS");
const WAIT = { timeout: 30_000 };
const LIST = "/workflow/admin/batches";

/** Also a phone-width shot once the sidebar has finished sliding shut (checkPage's may not). */
async function settledShot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${SHOTS}/${name}-375-settled.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function drain() {
  const { platform } = await testApp();
  await new Dispatcher(
    platform.db,
    new Map([[STEP_JOB, stepJob], [BATCH_JOB, batchJob]]),
    { onlyNames: [STEP_JOB, BATCH_JOB], bus: platform.bus, pollMs: 50, leaseSeconds: 30 },
  ).drain();
}

/** Three orders; the second has moved past "Check order", so "cancel it there" fails for it. */
async function seed(t: TestTenant) {
  await deploy(
    t,
    buildModel("order", [
      { id: "start", type: "startEvent" },
      { id: "A", type: "userTask", name: "Check order" },
      { id: "B", type: "userTask", name: "Ship order" },
      { id: "end", type: "endEvent" },
    ], [["start", "A"], ["A", "B"], ["B", "end"]]),
  );
  const ids = [await start(t, "order"), await start(t, "order"), await start(t, "order")];
  await completeTask(t, ids[1], "A");
  const res = await t.owner.call("POST", "/api/workflow/batches", {
    type: "modify",
    query: { instanceIds: ids },
    modification: {
      instructions: [
        { type: "cancel", activityId: "A" },
        { type: "startBeforeActivity", activityId: "B" },
      ],
    },
  });
  const text = await res.text();
  assert.equal(res.status, 201, text);
  await drain();
  return { ids, batch: JSON.parse(text).id as string };
}

browserTest("workflow batches: list, a failed process, retry (en, tr)", async (context) => {
  const t = await newTenant();
  const { ids, batch } = await seed(t);
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    await language(context, base, "en");
    await signIn(page, base, t.owner.email, t.slug);
    await page.goto(`${base}/workflow/processes`);
    await page.locator("main").getByRole("link", { name: "Batch operations" }).click();
    await page.waitForURL(`${base}${LIST}`, WAIT);
    const row = page.locator("#wf-batches tbody tr").first();
    assert.match(
      await row.innerText(),
      /Modify processes \(3\)[\s\S]*Finished with failures[\s\S]*2 of 3 done, 1 failed/,
    );
    await checkPage(page, SHOTS, "batches-en");
    await settledShot(page, "batches-en");

    await page.getByRole("link", { name: "Modify processes (3)" }).click();
    await page.waitForURL(`${base}${LIST}/${batch}`, WAIT);
    const failures = page.locator("#wf-batch-failures");
    assert.match(await failures.innerText(), /nothing is active at "Check order"/);
    await checkPage(page, SHOTS, "batch-en");
    await settledShot(page, "batch-en");

    // The operator puts the order back at "Check order"; the retry then goes through.
    const fixed = await t.owner.call("POST", `/api/workflow/process/${ids[1]}/modification`, {
      instructions: [{ type: "startBeforeActivity", activityId: "A" }],
    });
    assert.equal(fixed.status, 200, await fixed.text());
    await page.getByRole("button", { name: "Retry the failed processes" }).click();
    await page.getByText("This batch is running").waitFor(WAIT);
    await htmxIdle(page);
    await drain();
    // The running page refreshes its figures by itself.
    await page.getByText("3 of 3 done, 0 failed").first().waitFor(WAIT);
    await htmxIdle(page);
    assert.match(await failures.innerText(), /No process failed/);

    // A new batch from the page: suspend every running order.
    await page.goto(`${base}${LIST}`);
    await page.getByRole("button", { name: "New batch" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.locator("select[name=type]").selectOption("suspend");
    await dialog.locator("select[name=definitionKey]").selectOption("order");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/new-batch-en-1280-light.png` });
    await dialog.getByRole("button", { name: "Start the batch" }).click();
    await page.waitForURL(/\/workflow\/admin\/batches\/[0-9a-f-]{36}$/, WAIT);
    await page.getByRole("heading", { name: "Suspend processes (3)" }).waitFor(WAIT);
    await htmxIdle(page);
    await drain();
    await page.getByText("3 of 3 done, 0 failed").first().waitFor(WAIT);
    await htmxIdle(page);

    await language(context, base, "tr");
    await signIn(page, base, t.owner.email, t.slug);
    await page.goto(`${base}${LIST}`);
    assert.match(
      await page.locator("main").innerText(),
      /Toplu işlemler[\s\S]*Süreç değiştirme \(3\)[\s\S]*Bitti/,
    );
    await checkPage(page, SHOTS, "batches-tr");
    await settledShot(page, "batches-tr");
    await page.goto(`${base}${LIST}/${batch}`);
    assert.match(await page.locator("main").innerText(), /Başarısız süreç yok/);
    await checkPage(page, SHOTS, "batch-tr");
    await settledShot(page, "batch-tr");
    assert.deepEqual(problems, []);
  });
});
