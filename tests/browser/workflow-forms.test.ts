/**
 * A form-js form end to end in a real browser, in English and in Turkish. The owner builds a
 * form in the editor (fields added from the palette with the keyboard, their keys, labels and
 * rules set through the editor's API) and saves it; a process whose user task names the form
 * is deployed and started (API). The member opens the task, fills the form in the viewer, gets
 * the error for a value over the maximum, corrects it and completes; the process then holds
 * the typed values. No page scrolls sideways at 375 px.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { type Lang, setLanguage } from "./workflow.draw.ts";

const WAIT = { timeout: 30_000 };
const API = "/api/workflow";

const LABELS = {
  en: {
    name: "Travel expense",
    title: "Title",
    amount: "Amount",
    saved: "Version 1 saved.",
    complete: "Complete",
    completed: "Completed",
  },
  tr: {
    name: "Seyahat gideri",
    title: "Başlık",
    amount: "Tutar",
    saved: "1. sürüm kaydedildi.",
    complete: "Tamamla",
    completed: "Tamamlandı",
  },
} as const;

const processXml = (key: string, formKey: string, startForm = false) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="http://example.com">
  <bpmn:process id="${key}" name="Expense ${key}" isExecutable="true">
    <bpmn:startEvent id="start"${startForm ? ` camunda:formKey="form:${formKey}"` : ""} />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="fill" />
    <bpmn:userTask id="fill" name="Expense ${key}" camunda:assignee="\${who}"
      camunda:formKey="form:${formKey}" />
    <bpmn:sequenceFlow id="f2" sourceRef="fill" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

async function signInAs(page: Page, base: string, email: string, slug: string, lang: Lang) {
  await page.context().clearCookies();
  await signIn(page, base, email, slug);
  await setLanguage(page, base, lang);
}

/** The owner builds and saves the form in the form-js editor. */
async function buildForm(page: Page, base: string, lang: Lang, key: string) {
  const L = LABELS[lang];
  await page.goto(`${base}/workflow/admin/forms/new`);
  await page.locator("#wf-form-editor[data-editor-ready='1']").waitFor(WAIT);
  // Two fields from the palette, added as a keyboard user adds them (Enter on the entry).
  for (const type of ["textfield", "number"]) {
    await page.locator(`.fjs-palette-field[data-field-type='${type}']`).press("Enter");
  }
  await page.evaluate((labels) => {
    // deno-lint-ignore no-explicit-any
    const editor = (document.querySelector("#wf-form-editor") as any).editor;
    const modeling = editor.get("modeling");
    const [title, amount] = editor._getState().schema.components;
    modeling.editFormField(title, {
      key: "title",
      label: labels.title,
      validate: { required: true, minLength: 3 },
    });
    modeling.editFormField(amount, {
      key: "amount",
      label: labels.amount,
      validate: { required: true, min: 1, max: 1000 },
    });
  }, { title: L.title, amount: L.amount });
  await page.locator("#wf-form-editor input[name='key']").fill(key);
  await page.locator("#wf-form-editor input[name='name']").fill(L.name);
  await Promise.all([
    page.waitForURL(new RegExp(`/workflow/admin/forms/${key}\\?saved=1$`), WAIT),
    page.locator("[data-form-save]").click(),
  ]);
  await page.locator(".toast, .alert", { hasText: L.saved }).first().waitFor(WAIT);
  await page.locator("#wf-form-editor[data-editor-ready='1']").waitFor(WAIT);
}

/** The member fills the form in the viewer: a bad amount first, then a good one. */
async function fillTask(page: Page, base: string, lang: Lang, taskId: string) {
  const L = LABELS[lang];
  await page.goto(`${base}/workflow/tasks/${taskId}`);
  const form = page.locator(".wf-form[data-form-ready='1']");
  await form.waitFor(WAIT);
  await form.getByLabel(L.title).fill("Airport taxi");
  await form.getByLabel(L.amount).fill("5000");
  await form.locator("[data-form-submit]").click();
  // form-js marks the field; nothing is sent.
  await form.locator(".fjs-form-field-error").first().waitFor(WAIT);
  assert.match(await form.locator(".fjs-form-field-error").first().innerText(), /1000/);
  await form.getByLabel(L.amount).fill("150");
  await Promise.all([
    page.waitForURL(`${base}/workflow/tasks/${taskId}`, WAIT),
    page.waitForEvent("load", WAIT),
    form.locator("[data-form-submit]", { hasText: L.complete }).click(),
  ]);
  await page.locator("dl.facts .badge", { hasText: L.completed }).waitFor(WAIT);
}

/** The member starts a process from the catalog through its form-js start form. */
async function startFromCatalog(page: Page, base: string, lang: Lang, process: string) {
  const L = LABELS[lang];
  await page.goto(`${base}/workflow/catalog`);
  const card = page.locator("section.card", { hasText: `Expense ${process}` });
  await card.locator("[data-dialog-open]").click();
  const form = page.locator("dialog[open] .wf-form[data-form-ready='1']");
  await form.waitFor(WAIT);
  await form.getByLabel(L.title).fill("Hotel");
  await form.getByLabel(L.amount).fill("320");
  await Promise.all([
    page.waitForURL(/\/workflow\/processes\/[0-9a-f-]{36}$/, WAIT),
    form.locator("[data-form-submit]").click(),
  ]);
  return page.url().split("/").pop()!;
}

async function phoneWidth(page: Page, base: string, urls: string[]) {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const url of urls) {
    await page.goto(`${base}${url}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `${url} scrolls sideways at 375 px: ${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

browserTest(
  "workflow forms: build a form, attach it to a user task, complete it (en, tr)",
  async (context) => {
    const tenant = await newTenant();
    const member = await tenant.member(["member"]);
    await withServer(context, async (base) => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      const problems = watch(page);
      for (const lang of ["en", "tr"] as const) {
        let step = "build";
        const key = `expense_${lang}`;
        try {
          await signInAs(page, base, tenant.owner.email, tenant.slug, lang);
          await buildForm(page, base, lang, key);
          step = "deploy";
          const process = `expense_process_${lang}`;
          const deployed = await tenant.owner.call("POST", `${API}/admin/process`, {
            xml: processXml(process, key),
            deploy: true,
          });
          assert.equal(deployed.status, 201, await deployed.text());
          const started = await tenant.owner.call("POST", `${API}/process`, {
            key: process,
            variables: { who: member.id },
          });
          assert.equal(started.status, 201);
          const instanceId = (await started.json()).id;
          const tasks = await (await member.call("GET", `${API}/tasks?instanceId=${instanceId}`))
            .json();
          const taskId = tasks.items[0].id;
          step = "task";
          await signInAs(page, base, member.email, tenant.slug, lang);
          await fillTask(page, base, lang, taskId);
          const instance = await (await tenant.owner.call("GET", `${API}/process/${instanceId}`))
            .json();
          assert.equal(instance.state, "completed");
          assert.equal(instance.variables.title, "Airport taxi");
          assert.equal(instance.variables.amount, 150);
          step = "catalog";
          const startable = `expense_start_${lang}`;
          const withStart = await tenant.owner.call("POST", `${API}/admin/process`, {
            xml: processXml(startable, key, true),
            deploy: true,
          });
          assert.equal(withStart.status, 201, await withStart.text());
          const startedId = await startFromCatalog(page, base, lang, startable);
          const fromCatalog = await (await tenant.owner.call("GET", `${API}/process/${startedId}`))
            .json();
          assert.equal(fromCatalog.variables.amount, 320);
          assert.equal(fromCatalog.variables.title, "Hotel");
          step = "phone";
          await phoneWidth(page, base, [`/workflow/tasks/${taskId}`, "/workflow/catalog"]);
          await signInAs(page, base, tenant.owner.email, tenant.slug, lang);
          await phoneWidth(page, base, ["/workflow/admin/forms", `/workflow/admin/forms/${key}`]);
          assert.equal(await page.locator("html").getAttribute("lang"), lang);
        } catch (err) {
          await Deno.mkdir("/tmp/shots", { recursive: true });
          await page.screenshot({ path: `/tmp/shots/forms-failure-${lang}-${step}.png` });
          throw err;
        }
      }
      assert.deepEqual(problems, []);
    });
  },
);
