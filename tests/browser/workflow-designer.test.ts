/**
 * The process designer in a real browser, in English and in Turkish: draw start → user task →
 * end with the palette and the context pad, give the task a candidate group in the properties
 * panel (and one more from our role list), validate (no problems), deploy (version 1), download
 * the XML. Then the read-only viewer marks done/active activities and taken flows, and the
 * page is photographed at 1280 and 375 px in light and dark (/tmp/shots/designer-*.png).
 */
import { Buffer } from "node:buffer";
import assert from "node:assert/strict";
import { AXE, browserTest, type Page } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { centre, designerReady, idsOf, type Lang, selectAt, setLanguage } from "./workflow.draw.ts";

const LABELS = {
  en: {
    valid: "No problems found",
    deployed: "Version 1 deployed.",
    userTask: /user task/i,
    imported: "Approve (imported)",
    saved: "Draft saved.",
  },
  tr: {
    valid: "Sorun bulunamadı",
    deployed: "1. sürüm yayınlandı.",
    userTask: /kullanıcı görevi/i,
    imported: "Onayla (aktarıldı)",
    saved: "Taslak kaydedildi.",
  },
} as const;

async function draw(page: Page, lang: Lang) {
  const L = LABELS[lang];
  await designerReady(page);
  // A lone start event has problems; clicking one selects its element on the canvas.
  await page.locator("[data-action='validate']").click();
  const problem = page.locator(".wf-designer-problems .wf-problem button", {
    hasText: "not connected",
  });
  await problem.waitFor();
  if (lang === "en") await page.screenshot({ path: "/tmp/shots/designer-problems.png" });
  await problem.click();
  assert.deepEqual(
    await page.evaluate(() =>
      // deno-lint-ignore no-explicit-any
      (document.getElementById("wf-designer") as any).modeler.get("selection").get()
        // deno-lint-ignore no-explicit-any
        .map((e: any) => e.id)
    ),
    ["StartEvent_1"],
  );
  // Select the start event; the context pad appends a task (its label opens for typing).
  const start = await centre(page, "StartEvent_1");
  const blank = (await page.locator(".wf-designer-canvas").boundingBox())!;
  await page.mouse.click(blank.x + blank.width - 40, blank.y + blank.height - 40);
  await page.mouse.click(start.x, start.y);
  await page.locator('.djs-context-pad .entry[data-action="append.append-task"]').click();
  await page.keyboard.type(lang === "tr" ? "Onayla" : "Approve");
  const [taskId] = await idsOf(page, "bpmn:Task");
  assert.ok(taskId, "a task was appended");
  // Finish the label by clicking empty canvas, then make it a user task (wrench menu).
  const canvas = await page.locator(".wf-designer-canvas").boundingBox();
  await page.mouse.click(canvas!.x + canvas!.width - 40, canvas!.y + canvas!.height - 40);
  let task = await centre(page, taskId);
  // Selected once the panel shows it (a click while the label editor closes may be lost).
  await selectAt(page, task, taskId);
  await page.locator('.djs-context-pad .entry[data-action="replace"]').click();
  await page.locator('.djs-popup [data-id="replace-with-user-task"]').click();
  const [userTaskId] = await idsOf(page, "bpmn:UserTask");
  assert.ok(userTaskId, "the task became a user task");

  // An end event from the palette, placed right of the task, then connected from the task.
  task = await centre(page, userTaskId);
  await page.locator('.djs-palette .entry[data-action="create.end-event"]').click();
  await page.mouse.move(task.x + 120, task.y, { steps: 4 });
  await page.mouse.click(task.x + 160, task.y);
  const [endId] = await idsOf(page, "bpmn:EndEvent");
  assert.ok(endId, "an end event was placed");
  await page.mouse.click(task.x, task.y);
  await page.locator('.djs-context-pad .entry[data-action="connect"]').click();
  const end = await centre(page, endId);
  await page.mouse.move(end.x, end.y, { steps: 4 });
  await page.mouse.click(end.x, end.y);
  assert.equal((await idsOf(page, "bpmn:SequenceFlow")).length, 2, "two flows connect it");

  // Candidate group in the properties panel (User assignment group) …
  await page.keyboard.press("Escape");
  await page.mouse.click(canvas!.x + canvas!.width - 40, canvas!.y + canvas!.height - 40);
  task = await centre(page, userTaskId);
  await page.mouse.click(task.x, task.y);
  await page.locator(".bio-properties-panel-header-type", { hasText: L.userTask }).waitFor();
  const groups = page.locator("#bio-properties-panel-candidateGroups");
  if (!(await groups.isVisible())) {
    await page.locator(
      '[data-group-id="group-CamundaPlatform__UserAssignment"] .bio-properties-panel-group-header',
    )
      .click();
  }
  await groups.fill("member");
  await groups.press("Tab");
  // … and one more from our role list beside it.
  await page.locator("#wf-hint-group").selectOption("agent");
  await page.locator("[data-hint-action='add-group']").click();
  const [member, agent] = lang === "tr" ? ["Üye", "Temsilci"] : ["Member", "Agent"];
  await page.locator("[data-hint-current]", { hasText: `${member}, ${agent}` }).waitFor();
  // The properties panel redraws its field on its own render after the model changed.
  await page.waitForFunction(
    () =>
      (document.querySelector("#bio-properties-panel-candidateGroups") as HTMLInputElement)
        ?.value === "member,agent",
    undefined,
    { timeout: 5_000 },
  ).catch(() => {});
  assert.equal(await groups.inputValue(), "member,agent");

  // Validate: no problems.
  await page.locator("[data-action='validate']").click();
  await page.locator(".wf-designer-status", { hasText: L.valid }).waitFor();
  assert.equal(await page.locator(".wf-designer-problems .wf-problem").count(), 0);

  // Deploy: version 1, with a link to the catalog.
  await page.locator("[data-action='deploy']").click();
  await page.locator(".wf-designer-status", { hasText: L.deployed }).waitFor();
  assert.equal(
    await page.locator(".wf-designer-status a").getAttribute("href"),
    "/workflow/catalog",
  );
  assert.match(page.url(), /\?definition=[0-9a-f-]{36}$/);

  // Download: the BPMN as drawn.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.locator("[data-action='download']").click(),
  ]);
  assert.match(download.suggestedFilename(), /\.bpmn$/);
  const xml = await Deno.readTextFile((await download.path())!);
  assert.match(xml, /<bpmn:userTask [^>]*camunda:candidateGroups="member,agent"/);
  assert.match(xml, /<bpmn:endEvent /);
  assert.match(xml, /<bpmndi:BPMNDiagram/);

  // Import .bpmn: a file read in the browser replaces the diagram; saved as the draft.
  const renamed = xml.replace(/(<bpmn:userTask [^>]*name=")[^"]*"/, `$1${L.imported}"`);
  // In memory, not a temporary file: the browser reads the file after the change event, and a
  // file removed before that read fails the import (seen on a loaded machine).
  await page.locator("#wf-import").setInputFiles({
    name: "imported.bpmn",
    mimeType: "application/xml",
    buffer: Buffer.from(renamed),
  });
  await page.locator(".djs-element .djs-label", { hasText: L.imported }).first().waitFor();
  await page.locator("[data-action='save']").click();
  await page.locator(".wf-designer-status", { hasText: L.saved }).waitFor();

  // Reopened, the definition shows the saved draft.
  await page.reload();
  await designerReady(page);
  assert.deepEqual(await idsOf(page, "bpmn:UserTask"), [userTaskId]);
  await page.locator(".djs-element .djs-label", { hasText: L.imported }).first().waitFor();
  return { xml, userTaskId };
}

/** The viewer bundle on one of our pages: marks and taken flows of a drawn diagram. */
async function viewerMarks(page: Page, xml: string, userTaskId: string) {
  await page.evaluate(
    async ({ xml, active }) => {
      const el = document.createElement("div");
      el.className = "wf-diagram wf-bpmn";
      el.id = "viewer-probe";
      el.dataset.xml = xml;
      el.dataset.done = JSON.stringify(["StartEvent_1"]);
      el.dataset.active = JSON.stringify([active]);
      el.dataset.incidents = "[]";
      el.innerHTML = '<div class="wf-diagram-canvas"></div>';
      document.querySelector("main")!.append(el);
      const css = document.createElement("link");
      css.rel = "stylesheet";
      css.href = "/assets/workflow/viewer.css";
      document.head.append(css);
      await import("/assets/workflow/viewer.js");
    },
    { xml, active: userTaskId },
  );
  const probe = page.locator("#viewer-probe");
  await probe.locator(".djs-element.wf-done").first().waitFor();
  assert.equal(await probe.locator(".djs-element.wf-done").count(), 1);
  assert.equal(
    await probe.locator(`.djs-element.wf-active[data-element-id="${userTaskId}"]`).count(),
    1,
  );
  assert.equal(await probe.locator(".djs-element.wf-taken").count(), 1, "start → task was taken");
  assert.equal(await probe.locator(".bjs-powered-by").count(), 1, "the bpmn.io watermark stays");
  await probe.scrollIntoViewIfNeeded();
  await probe.screenshot({ path: "/tmp/shots/designer-viewer.png" });
}

/** A service task placed from the palette gets its topic from the list beside the panel. */
async function serviceTopic(page: Page, besideId: string) {
  const task = await centre(page, besideId);
  await page.locator('.djs-palette .entry[data-action="create.task"]').click();
  await page.mouse.move(task.x, task.y + 120, { steps: 4 });
  await page.mouse.click(task.x, task.y + 150);
  const [plain] = await idsOf(page, "bpmn:Task");
  await selectAt(page, await centre(page, plain), plain);
  await page.locator('.djs-context-pad .entry[data-action="replace"]').click();
  await page.locator('.djs-popup [data-id="replace-with-service-task"]').click();
  const [serviceId] = await idsOf(page, "bpmn:ServiceTask");
  await page.locator("[data-hint='service-task']:not([hidden])").waitFor();
  await page.locator("#wf-hint-topic").selectOption("support.tickets.create");
  await page.locator("[data-hint-action='use-topic']").click();
  const set = await page.evaluate((id) => {
    // deno-lint-ignore no-explicit-any
    const modeler = (document.getElementById("wf-designer") as any).modeler;
    const bo = modeler.get("elementRegistry").get(id).businessObject;
    return [bo.get("camunda:type"), bo.get("camunda:topic")];
  }, serviceId);
  assert.deepEqual(set, ["external", "support.tickets.create"]);
  // Saved (a draft may have problems), so leaving the page asks nothing.
  await page.locator("[data-action='save']").click();
  await page.locator(".wf-designer-status", { hasText: /Draft saved|Taslak kaydedildi/ }).waitFor();
}

/** Serious and critical axe-core findings on the page as it is now. */
async function axeProblems(page: Page): Promise<string[]> {
  // Injected through the debugging protocol, which our CSP does not govern.
  await page.evaluate(AXE);
  return await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: unknown[] }[] };
    type Axe = { run(ctx: Document, opts: unknown): Promise<{ violations: Violation[] }> };
    const axe = (globalThis as unknown as { axe: Axe }).axe;
    const found = await axe.run(document, { resultTypes: ["violations"] });
    return found.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id} ×${v.nodes.length} (${String(v.nodes[0]?.target)})`);
  });
}

browserTest(
  "workflow designer: draw, assign, validate, deploy, download (en, tr)",
  async (context) => {
    const tenant = await newTenant();
    await withServer(context, async (base) => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      const problems = watch(page);
      await signIn(page, base, tenant.owner.email, tenant.slug);
      let drawn = { xml: "", userTaskId: "" };
      for (const lang of ["en", "tr"] as const) {
        await setLanguage(page, base, lang);
        await page.goto(`${base}/workflow/admin/designer`);
        try {
          drawn = await draw(page, lang);
        } catch (err) {
          await Deno.mkdir("/tmp/shots", { recursive: true });
          await page.screenshot({ path: `/tmp/shots/designer-failure-${lang}.png` });
          throw err;
        }
      }
      // Accessible, with a user task selected (hints and properties panel showing).
      const task = await centre(page, drawn.userTaskId);
      await page.mouse.click(task.x, task.y);
      await page.locator("[data-hint='user-task']:not([hidden])").waitFor();
      assert.deepEqual(await axeProblems(page), []);
      await viewerMarks(page, drawn.xml, drawn.userTaskId);
      await serviceTopic(page, drawn.userTaskId);

      // Photographs, and nothing scrolls sideways on a phone.
      await Deno.mkdir("/tmp/shots", { recursive: true });
      const host = new URL(base).hostname;
      for (const theme of ["light", "dark"]) {
        await context.addCookies([{ name: "theme", value: theme, domain: host, path: "/" }]);
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
          await page.goto(page.url());
          await designerReady(page);
          const task = await centre(page, drawn.userTaskId);
          await page.mouse.click(task.x, task.y);
          await page.screenshot({
            path: `/tmp/shots/designer-${width}-${theme}.png`,
            fullPage: true,
          });
          const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(scroll <= width, `the designer scrolls sideways at ${width} px: ${scroll}`);
        }
      }
      assert.deepEqual(problems, []);
    });
  },
);
