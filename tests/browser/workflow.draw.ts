/**
 * Shared steps of the workflow browser tests that drive the designer as a person would: the
 * palette, the context pad, the wrench (replace) menu and the properties panel. The modeler
 * is only read through `page.evaluate` (ids, positions), never drawn through.
 */
import assert from "node:assert/strict";
import type { Page } from "./browser.ts";

export type Lang = "en" | "tr";

/** What the top bar's language form posts (htmx adds the HX-Request header). */
export async function setLanguage(page: Page, base: string, lang: Lang) {
  const res = await page.request.post(`${base}/language`, {
    form: { locale: lang },
    headers: { Origin: base, Referer: `${base}/`, "HX-Request": "true" },
  });
  assert.ok(res.status() < 400, `language switch to ${lang}: ${res.status()}`);
}

/** The designer has imported its diagram and wired its toolbar. */
export const designerReady = (page: Page) =>
  page.locator("#wf-designer[data-ready='1']").waitFor({ timeout: 30_000 });

/** The centre of a shape on the canvas, by its BPMN id. */
export async function centre(page: Page, id: string) {
  await page.locator(".wf-designer-canvas, .wf-diagram-canvas").first().scrollIntoViewIfNeeded();
  const box = await page.locator(`.djs-element[data-element-id="${id}"]`).first().boundingBox();
  assert.ok(box, `shape ${id} is drawn`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Ids of the shapes of a BPMN type the modeler holds (read, never drawn through). */
export const idsOf = (page: Page, type: string) =>
  page.evaluate((t) => {
    // deno-lint-ignore no-explicit-any
    const modeler = (document.getElementById("wf-designer") as any).modeler;
    // deno-lint-ignore no-explicit-any
    return modeler.get("elementRegistry").filter((e: any) => e.type === t).map((e: any) => e.id);
  }, type) as Promise<string[]>;

/** The sequence flow from one element to another (read from the modeler). */
export const flowBetween = (page: Page, source: string, target: string) =>
  page.evaluate(({ source, target }) => {
    // deno-lint-ignore no-explicit-any
    const modeler = (document.getElementById("wf-designer") as any).modeler;
    const flow = modeler.get("elementRegistry").find(
      // deno-lint-ignore no-explicit-any
      (e: any) =>
        e.type === "bpmn:SequenceFlow" && e.source?.id === source && e.target?.id === target,
    );
    return flow?.id as string | undefined;
  }, { source, target });

/** A point on a sequence flow in page coordinates: the middle of its longest segment. */
export async function flowPoint(page: Page, id: string) {
  await page.locator(".wf-designer-canvas").scrollIntoViewIfNeeded();
  const point = await page.evaluate((id) => {
    // deno-lint-ignore no-explicit-any
    const modeler = (document.getElementById("wf-designer") as any).modeler;
    const canvas = modeler.get("canvas");
    const flow = modeler.get("elementRegistry").get(id);
    const vb = canvas.viewbox();
    const rect = canvas.getContainer().getBoundingClientRect();
    let best = { len: -1, x: 0, y: 0 };
    for (let i = 1; i < flow.waypoints.length; i++) {
      const a = flow.waypoints[i - 1], b = flow.waypoints[i];
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      if (len > best.len) best = { len, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    }
    return {
      x: rect.left + (best.x - vb.x) * vb.scale,
      y: rect.top + (best.y - vb.y) * vb.scale,
    };
  }, id);
  return point;
}

/** Clicks empty canvas (its bottom right corner): ends label editing, selects the process. */
export async function clickBlank(page: Page) {
  const canvas = (await page.locator(".wf-designer-canvas").boundingBox())!;
  await page.mouse.click(canvas.x + canvas.width - 40, canvas.y + canvas.height - 40);
}

/** The properties panel shows element `id` (its ID field holds it). */
export const panelShows = (page: Page, id: string, timeout = 30_000) =>
  page.waitForFunction(
    (id) => document.querySelector<HTMLInputElement>("#bio-properties-panel-id")?.value === id,
    id,
    { timeout },
  );

/**
 * Clicks a point until the properties panel shows element `id`. Right after the wrench menu
 * replaced an element, the canvas takes the first click on it as a click on empty canvas (as a
 * person would, it clicks again).
 */
export async function selectAt(page: Page, at: { x: number; y: number }, id: string) {
  for (let attempt = 1;; attempt++) {
    await page.mouse.move(at.x, at.y, { steps: 2 });
    await page.mouse.click(at.x, at.y);
    try {
      await panelShows(page, id, attempt < 3 ? 3_000 : 30_000);
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** Selects a shape by clicking it; waits until the properties panel shows it. */
export async function clickShape(page: Page, id: string) {
  await selectAt(page, await centre(page, id), id);
}

/** The id of the diagram's process. */
export const processId = (page: Page) =>
  page.evaluate(() => {
    // deno-lint-ignore no-explicit-any
    const modeler = (document.getElementById("wf-designer") as any).modeler;
    // deno-lint-ignore no-explicit-any
    return modeler.getDefinitions().rootElements.find((e: any) => e.$type === "bpmn:Process")
      .id as string;
  });

/** Fits the whole diagram into the canvas (a view change, as the toolbar's zoom would). */
export const fitView = (page: Page) =>
  page.evaluate(() => {
    // deno-lint-ignore no-explicit-any
    const modeler = (document.getElementById("wf-designer") as any).modeler;
    modeler.get("canvas").zoom("fit-viewport", "auto");
  });

/**
 * Selects `fromId` and appends a new element with its context pad entry (`append.gateway`,
 * `append.end-event`, …); returns the new element's id.
 */
export async function appendFromPad(page: Page, fromId: string, action: string, type: string) {
  const before = new Set(await idsOf(page, type));
  await clickShape(page, fromId);
  await page.locator(`.djs-context-pad .entry[data-action="${action}"]`).click();
  const added = (await idsOf(page, type)).filter((id) => !before.has(id));
  assert.equal(added.length, 1, `${action} appended one ${type}`);
  await panelShows(page, added[0]);
  return added[0];
}

/** Changes an element's type with the wrench (replace) menu of its context pad. */
export async function replaceWith(
  page: Page,
  at: { x: number; y: number },
  id: string,
  entry: string,
) {
  await selectAt(page, at, id);
  await page.locator('.djs-context-pad .entry[data-action="replace"]').click();
  await page.locator(`.djs-popup [data-id="${entry}"]`).click();
}

/** Opens a properties panel group (by its provider id) unless `probe` already shows. */
export async function openGroup(page: Page, groupId: string, probe: string) {
  const target = page.locator(probe);
  if (await target.isVisible()) return target;
  await page.locator(
    `[data-group-id="group-${groupId}"] .bio-properties-panel-group-header`,
  ).click();
  await target.waitFor();
  return target;
}

/** Types into a properties panel field and leaves it, so the change is committed. */
async function fillPanel(page: Page, selector: string, value: string) {
  const input = page.locator(selector);
  await input.fill(value);
  await input.press("Tab");
}

/** Names the selected element in the General group of the properties panel. */
async function nameIt(page: Page, name: string) {
  await openGroup(page, "general", "#bio-properties-panel-name");
  await fillPanel(page, "#bio-properties-panel-name", name);
}

export interface ApprovalNames {
  process: string;
  task: string;
  approved: string;
  rejected: string;
  field: string;
}

export interface DrawnApproval {
  startId: string;
  taskId: string;
  gatewayId: string;
  approvedId: string;
  rejectedId: string;
  approvedFlow: string;
  rejectedFlow: string;
}

/**
 * On a blank designer: start → user task (candidate group `member`, a boolean form field
 * `approved`) → exclusive gateway → "approved" end (condition `${approved}`) and "rejected"
 * end (the default flow); the process named. Returns the elements' ids.
 */
export async function drawApproval(page: Page, names: ApprovalNames): Promise<DrawnApproval> {
  await designerReady(page);
  const [startId] = await idsOf(page, "bpmn:StartEvent");
  assert.ok(startId, "a blank diagram has a start event");

  // Start → task (its label opens for typing) → user task with the wrench.
  await clickBlank(page);
  const plainId = await appendFromPad(page, startId, "append.append-task", "bpmn:Task");
  await page.keyboard.type(names.task);
  await clickBlank(page);
  await replaceWith(page, await centre(page, plainId), plainId, "replace-with-user-task");
  const [taskId] = await idsOf(page, "bpmn:UserTask");
  assert.ok(taskId, "the task became a user task");

  // Task → exclusive gateway → two end events, each named in the properties panel.
  const gatewayId = await appendFromPad(page, taskId, "append.gateway", "bpmn:ExclusiveGateway");
  const approvedId = await appendFromPad(page, gatewayId, "append.end-event", "bpmn:EndEvent");
  await nameIt(page, names.approved);
  const rejectedId = await appendFromPad(page, gatewayId, "append.end-event", "bpmn:EndEvent");
  await nameIt(page, names.rejected);
  await fitView(page);

  // The user task: candidate group and a generated form with one boolean field.
  await clickShape(page, taskId);
  const groups = await openGroup(
    page,
    "CamundaPlatform__UserAssignment",
    "#bio-properties-panel-candidateGroups",
  );
  await groups.fill("member");
  await groups.press("Tab");
  const formType = await openGroup(page, "CamundaPlatform__Form", "#bio-properties-panel-formType");
  await formType.selectOption("formData");
  await page.locator(
    '[data-group-id="group-CamundaPlatform__FormData"] .bio-properties-panel-add-entry',
  ).click();
  const fieldId = page.locator('[id$="-formField-0-formFieldID"]');
  await fieldId.waitFor();
  await fillPanel(page, '[id$="-formField-0-formFieldID"]', "approved");
  await fillPanel(page, '[id$="-formField-0-formFieldLabel"]', names.field);
  await page.locator('[id$="-formField-0-formFieldType"]').selectOption("boolean");

  // Gateway → "approved": a condition; gateway → "rejected": the default flow (wrench).
  const approvedFlow = await flowBetween(page, gatewayId, approvedId);
  const rejectedFlow = await flowBetween(page, gatewayId, rejectedId);
  assert.ok(approvedFlow && rejectedFlow, "the gateway's two flows exist");
  await clickBlank(page);
  await selectAt(page, await flowPoint(page, approvedFlow), approvedFlow);
  const conditionType = await openGroup(
    page,
    "CamundaPlatform__Condition",
    "#bio-properties-panel-conditionType",
  );
  await conditionType.selectOption("expression");
  await fillPanel(page, "#bio-properties-panel-conditionExpression", "${approved}");
  await clickBlank(page);
  await replaceWith(
    page,
    await flowPoint(page, rejectedFlow),
    rejectedFlow,
    "replace-with-default-flow",
  );

  // The process's name (empty canvas selects the process).
  await clickBlank(page);
  await panelShows(page, await processId(page));
  await nameIt(page, names.process);

  const facts = await page.evaluate(({ gatewayId, approvedFlow }) => {
    // deno-lint-ignore no-explicit-any
    const modeler = (document.getElementById("wf-designer") as any).modeler;
    const registry = modeler.get("elementRegistry");
    const gateway = registry.get(gatewayId).businessObject;
    const process = modeler.getDefinitions().rootElements.find(
      // deno-lint-ignore no-explicit-any
      (e: any) => e.$type === "bpmn:Process",
    );
    return {
      default: gateway.default?.id ?? null,
      condition: registry.get(approvedFlow).businessObject.conditionExpression?.body ?? null,
      process: process?.name ?? null,
    };
  }, { gatewayId, approvedFlow });
  assert.deepEqual(facts, {
    default: rejectedFlow,
    condition: "${approved}",
    process: names.process,
  });
  return { startId, taskId, gatewayId, approvedId, rejectedId, approvedFlow, rejectedFlow };
}
