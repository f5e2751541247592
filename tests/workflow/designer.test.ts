/**
 * The process designer through HTTP: who may open it, its actions (validate, save a draft,
 * deploy) as the page's script posts them, another tenant's definitions, the served bundles
 * (types, nothing fetched from elsewhere, no inline styles our CSP would refuse) and the
 * read-only diagram component.
 */
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { h } from "preact";
import { browse, callApp, type Caller, itest, newTenant, testApp } from "../helpers.ts";
import { ProcessDiagram } from "../../modules/workflow/designer/diagram.view.tsx";
import { ensureWorkflowAssets } from "../../modules/workflow/designer/designer.build.lib.ts";
import { blankDiagram } from "../../modules/workflow/designer/designer.rules.ts";

await testApp();

const PAGE = "/workflow/admin/designer";

/** start → Approve (user task for members) → end, with its diagram. */
export const SIMPLE = (key = "approval_flow", name = "Approval flow") =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Defs_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="${name}" isExecutable="true">
    <bpmn:startEvent id="start" name="Asked"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="approve" name="Approve" camunda:candidateGroups="member"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:userTask>
    <bpmn:endEvent id="end" name="Done"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <bpmn:sequenceFlow id="f2" sourceRef="approve" targetRef="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="D1"><bpmndi:BPMNPlane id="P1" bpmnElement="${key}">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="150" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="approve_di" bpmnElement="approve"><dc:Bounds x="240" y="78" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="400" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="186" y="118" /><di:waypoint x="240" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="340" y="118" /><di:waypoint x="400" y="118" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/** A gateway with no way out and a task nobody reaches: refused. */
const BROKEN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="Defs_2" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="broken_flow" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:complexGateway id="odd" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="odd" />
  </bpmn:process>
</bpmn:definitions>`;

const post = (who: Caller, action: string, body: unknown) =>
  who.call("POST", `${PAGE}/${action}`, body);

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

itest(
  "designer: only definition writers open it; a blank diagram starts with a start event",
  async () => {
    const t = await newTenant();
    const res = await browse(PAGE, { who: t.owner });
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /id="wf-designer"/);
    assert.match(html, /src="\/assets\/workflow\/designer\.js"/);
    assert.match(html, /href="\/assets\/workflow\/designer\.css"/);
    assert.match(html, /data-xml="[^"]*bpmn:startEvent/);
    assert.doesNotMatch(html, / style="/, "no inline styles (CSP)");
    // Our role names are offered for candidate groups, by their labels.
    assert.match(html, /<option value="member">Member<\/option>/);

    const member = await t.member(["member"]);
    assert.equal((await browse(PAGE, { who: member })).status, 403);
    const viewer = await t.member(["viewer"]);
    assert.equal((await browse(PAGE, { who: viewer })).status, 403);
    assert.equal((await post(member, "validate", { xml: SIMPLE() })).status, 403);
    assert.equal((await post(viewer, "save", { xml: SIMPLE() })).status, 403);
    const anonymous = await callApp(PAGE);
    assert.equal(anonymous.status, 303);
    await anonymous.body?.cancel();

    const tr = await browse(PAGE, { who: t.owner, headers: { "Accept-Language": "tr" } });
    const trHtml = await tr.text();
    assert.match(trHtml, /Taslağı kaydet/);
    assert.match(trHtml, /Yayınla/);
  },
);

itest(
  "designer: validate lists problems; bad bodies are 400; cross-site posts are refused",
  async () => {
    const t = await newTenant();
    const ok = await json(await post(t.owner, "validate", { xml: SIMPLE() }), 200);
    assert.deepEqual(ok.problems, []);
    assert.match(ok.message, /No problems/);
    const bad = await json(await post(t.owner, "validate", { xml: BROKEN }), 200);
    assert.ok(bad.problems.length > 0);
    assert.ok(bad.problems.some((p: { elementId: string | null }) => p.elementId === "odd"));
    const notXml = await json(await post(t.owner, "validate", { xml: "hello" }), 200);
    assert.ok(notXml.problems.length > 0);

    assert.equal((await json(await post(t.owner, "validate", {}), 400)).problems.length, 0);
    const garbage = await t.owner.call("POST", `${PAGE}/validate`, "{not json", {
      "Content-Type": "application/json",
    });
    assert.equal(garbage.status, 400);
    await garbage.body?.cancel();
    const badId = await post(t.owner, "save", { xml: SIMPLE(), definitionId: "nope" });
    assert.equal(badId.status, 400);
    await badId.body?.cancel();

    const crossSite = await browse(`${PAGE}/validate`, {
      who: t.owner,
      method: "POST",
      origin: "https://evil.example",
      headers: { "Content-Type": "application/json" },
    });
    assert.equal(crossSite.status, 403);
    await crossSite.body?.cancel();
  },
);

itest("designer: save a draft, reopen it, deploy versions; problems deploy nothing", async () => {
  const t = await newTenant();
  const saved = await json(await post(t.owner, "save", { xml: SIMPLE() }), 200);
  assert.ok(saved.definitionId);
  const reopened =
    await (await browse(`${PAGE}?definition=${saved.definitionId}`, { who: t.owner }))
      .text();
  assert.match(reopened, /Approval flow/);
  assert.match(reopened, /Not deployed yet/);

  const changed = SIMPLE("approval_flow", "Approval flow v2");
  await json(
    await post(t.owner, "save", { xml: changed, definitionId: saved.definitionId }),
    200,
  );
  const first = await json(
    await post(t.owner, "deploy", { xml: changed, definitionId: saved.definitionId }),
    200,
  );
  assert.equal(first.version, 1);
  assert.equal(first.definitionId, saved.definitionId);
  assert.match(first.message, /Version 1/);
  assert.equal(first.link.href, "/workflow/catalog");

  const refused = await json(
    await post(t.owner, "deploy", { xml: BROKEN, definitionId: saved.definitionId }),
    422,
  );
  assert.ok(refused.problems.length > 0);
  const second = await json(
    await post(t.owner, "deploy", { xml: changed, definitionId: saved.definitionId }),
    200,
  );
  assert.equal(second.version, 2, "the refused deployment wrote no version");
  const page = await (await browse(`${PAGE}?definition=${saved.definitionId}`, { who: t.owner }))
    .text();
  assert.match(page, /Approval flow v2/);

  // Deploying a diagram never saved creates its definition at version 1.
  const fresh = await json(await post(t.owner, "deploy", { xml: SIMPLE("other_flow") }), 200);
  assert.equal(fresh.version, 1);
  assert.notEqual(fresh.definitionId, saved.definitionId);
});

itest("designer: another tenant's definitions are not found and stay unchanged", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const saved = await json(await post(a.owner, "save", { xml: SIMPLE() }), 200);
  assert.equal(
    (await browse(`${PAGE}?definition=${saved.definitionId}`, { who: b.owner })).status,
    404,
  );
  assert.equal((await browse(`${PAGE}?definition=not-an-id`, { who: b.owner })).status, 404);
  const other = SIMPLE("approval_flow", "Hijacked");
  assert.equal(
    (await post(b.owner, "save", { xml: other, definitionId: saved.definitionId })).status,
    404,
  );
  assert.equal(
    (await post(b.owner, "deploy", { xml: other, definitionId: saved.definitionId })).status,
    404,
  );
  const mine = await (await browse(`${PAGE}?definition=${saved.definitionId}`, { who: a.owner }))
    .text();
  assert.doesNotMatch(mine, /Hijacked/);
  assert.match(mine, /Not deployed yet/);
});

itest(
  "designer assets: served from our origin with their types; nothing fetched elsewhere",
  async () => {
    const types: Record<string, RegExp> = {
      "designer.js": /^text\/javascript/,
      "viewer.js": /^text\/javascript/,
      "designer.css": /^text\/css/,
      "viewer.css": /^text\/css/,
      "bpmn.woff2": /^font\/woff2/,
    };
    const bodies: Record<string, string> = {};
    for (const [name, type] of Object.entries(types)) {
      const res = await callApp(`/assets/workflow/${name}`);
      assert.equal(res.status, 200, name);
      assert.match(res.headers.get("content-type") ?? "", type, name);
      bodies[name] = await res.text();
    }
    assert.ok(bodies["designer.js"].length > 500_000, "the modeler is bundled");
    assert.match(bodies["designer.js"], /bjs-powered-by/, "the bpmn.io watermark is kept");
    for (const name of ["designer.js", "viewer.js"]) {
      const js = bodies[name];
      assert.doesNotMatch(js, /\bimport\s*\(\s*["'`]https?:/, `${name}: no remote import`);
      assert.doesNotMatch(js, /\bfrom\s*["'`]https?:/, `${name}: no remote import`);
      assert.doesNotMatch(js, /fetch\(\s*["'`]https?:/, `${name}: no remote fetch`);
      assert.doesNotMatch(js, /src=\\?["']https?:/, `${name}: no remote src`);
      assert.doesNotMatch(js, /unpkg\.com|jsdelivr|cdnjs|googleapis/, `${name}: no CDN`);
      assert.doesNotMatch(js, / style=\\?"/, `${name}: no style attributes in markup (CSP)`);
    }
    for (const name of ["designer.css", "viewer.css"]) {
      assert.doesNotMatch(bodies[name], /url\(\s*["']?https?:/, `${name}: no remote url()`);
      assert.doesNotMatch(bodies[name], /@import/, `${name}: no @import`);
      assert.match(bodies[name], /url\('bpmn\.woff2'\)/, `${name}: the icon font is ours`);
    }
    assert.equal((await callApp("/assets/workflow/nothing.js")).status, 404);
    // A second start reuses the build.
    const started = performance.now();
    assert.equal(await ensureWorkflowAssets(), false);
    assert.ok(performance.now() - started < 2000);
  },
);

itest("diagram: the read-only component carries the XML and the marks", () => {
  const xml = blankDiagram("Test", "Process_test1");
  const marked = renderToString(
    h(ProcessDiagram, { xml, done: ["StartEvent_1"], active: ["Task_1"], incidents: ["Task_2"] }),
  );
  assert.match(marked, /class="wf-diagram wf-bpmn"/);
  assert.match(marked, /data-done="\[&quot;StartEvent_1&quot;\]"/);
  assert.match(marked, /data-active="\[&quot;Task_1&quot;\]"/);
  assert.match(marked, /data-incidents="\[&quot;Task_2&quot;\]"/);
  assert.match(marked, /data-xml="&lt;\?xml/);
  assert.match(marked, /src="\/assets\/workflow\/viewer\.js"/);
  assert.match(marked, /wf-legend-incident/);
  const plain = renderToString(h(ProcessDiagram, { xml, done: [], active: [], incidents: [] }));
  assert.doesNotMatch(plain, /wf-diagram-legend/);
});
