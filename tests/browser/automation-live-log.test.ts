/**
 * The run page's live log in a real browser, driven line by line from here: the stream's
 * snapshot brings lines written after the page was rendered, a live line the snapshot already
 * holds is not shown twice, a newer one is appended.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant, testApp } from "../helpers.ts";
import { appendLog } from "../../modules/automation/engine/engine.repo.ts";
import { publishRun } from "../../modules/automation/runs/runs.events.service.ts";
import { inTenant, seedAgent, seedRun } from "../automation/runs.fixtures.ts";

browserTest("automation: a run page's live log shows every line once", async (context) => {
  const t = await newTenant();
  const { platform } = await testApp();
  const agent = await seedAgent(t, { name: "Line writer" });
  const { id, ref } = await seedRun(t, agent, "one\n");
  /** Appends as the engine does; `announce` is the line the page is told about. */
  const write = (line: string, announce?: { line: string; end: number }) =>
    inTenant(t, async (tx) => {
      const end = await appendLog(tx, id, line, false);
      await publishRun({ sql: tx, bus: platform.bus }, { ...ref, log: announce ?? { line, end } });
      return end!;
    });

  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    await signIn(page, base, t.owner.email, t.slug);
    // The page is rendered with "one"; "two" is written before its stream opens (scripts held).
    await page.route("**/assets/automation-live.js", async (route) => {
      await write("two\n");
      await route.continue();
    });
    await page.goto(`${base}/automation/runs/${id}`);
    const log = page.locator("#run-log");
    await log.filter({ hasText: "two" }).waitFor();
    assert.equal(await log.innerText(), "one\ntwo\n", "the snapshot brought the line");

    // Announced again with its old end (as when it raced the snapshot): not shown twice.
    const end = await write("", { line: "two\n", end: 8 });
    assert.equal(end, 8);
    const three = await write("three\n");
    assert.equal(three, 14, "the log's length in bytes");
    await log.filter({ hasText: "three" }).waitFor();
    assert.equal(await log.innerText(), "one\ntwo\nthree\n");
    assert.deepEqual(problems, []);
  });
});
