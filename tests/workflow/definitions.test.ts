/** Process definitions through HTTP: create, deploy (real-world Camunda 7 models), versions. */
import assert from "node:assert/strict";
import { browse, type Caller, itest, newTenant, problem, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";

const API = "/api/workflow/admin/process";
const PAGES = "/workflow/admin/definitions";
const fixture = (name: string) =>
  Deno.readTextFileSync(new URL(`./fixtures/${name}`, import.meta.url));

const NS = `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" ` +
  `xmlns:camunda="http://camunda.org/schema/1.0/bpmn"`;
/** A small process without a diagram; `task` names the user task (versions differ by it). */
const bare = (id: string, task = "Check", extra = "") =>
  `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions ${NS} id="d" targetNamespace="t">` +
  `<bpmn:process id="${id}" name="Bare ${id}" isExecutable="true">` +
  `<bpmn:startEvent id="s" name="S"/><bpmn:userTask id="u" name="${task}" ` +
  `camunda:candidateGroups="member"/>${extra}<bpmn:endEvent id="e" name="E"/>` +
  `<bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="u"/>` +
  `<bpmn:sequenceFlow id="f2" sourceRef="u" targetRef="e"/></bpmn:process></bpmn:definitions>`;

const json = async (res: Response, status: number) => {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
};

itest("workflow definitions: real-world Camunda 7 models deploy unchanged", async () => {
  const t = await newTenant();
  for (
    const [file, key] of [
      ["camunda-invoice-approval.bpmn", "camundaFormsQuickstart"],
      ["camunda-message-start.bpmn", "Message_Start_Process"],
      ["camunda-generated-forms.bpmn", "generatedFormsQuickstart"],
      ["approval.bpmn", "approval"],
    ]
  ) {
    const xml = fixture(file);
    const created = await json(
      await t.owner.call("POST", API, { xml, deploy: true, category: "Finance" }),
      201,
    );
    assert.equal(created.key, key, file);
    assert.equal(created.latestVersion, 1);
    assert.equal(created.deployed.version, 1);
    const v = await json(await t.owner.call("GET", `${API}/${created.id}/versions/1`), 200);
    assert.equal(v.xml, xml, `${file}: a model with a diagram is stored as written`);
    assert.equal(v.model.id, key);
    if (key === "Message_Start_Process") assert.deepEqual(v.startEvents, ["instantiationMessage"]);
    if (key === "generatedFormsQuickstart") {
      assert.equal(v.model.elements.StartEvent_1.formFields.length, 5);
    }
  }
  const list = await json(await t.owner.call("GET", `${API}?q=quickstart`), 200);
  assert.deepEqual(
    list.items.map((d: { key: string }) => d.key).sort(),
    ["camundaFormsQuickstart", "generatedFormsQuickstart"],
  );
});

itest("workflow definitions: unsupported elements are refused with each id and type", async () => {
  const t = await newTenant();
  const xml = bare(
    "gateways",
    "Check",
    `<bpmn:eventBasedGateway id="ebg1" name="Wait"/><bpmn:complexGateway id="cx1" name="Cx"/>`,
  );
  const body = await problem(await t.owner.call("POST", API, { xml, deploy: true }), 422);
  const listed = body.errors.map((e: { path: string; elementType: string }) =>
    `${e.path}:${e.elementType}`
  );
  assert.ok(listed.includes("ebg1:eventBasedGateway"), listed.join());
  assert.ok(listed.includes("cx1:complexGateway"), listed.join());
  // Nothing was written.
  const none = await json(await t.owner.call("GET", API), 200);
  assert.equal(none.items.length, 0);

  // A transaction subprocess (still refused; escalation and conditional boundaries of the
  // Camunda examples now deploy): refused alone, named with its type.
  const tx = await problem(
    await t.owner.call("POST", API, {
      xml: bare(
        "transactional",
        "Check",
        `<bpmn:transaction id="tx1" name="Pay"><bpmn:startEvent id="txs"/>` +
          `<bpmn:endEvent id="txe"/><bpmn:sequenceFlow id="txf" sourceRef="txs" targetRef="txe"/>` +
          `</bpmn:transaction>`,
      ),
      deploy: true,
    }),
    422,
  );
  // Only it is named (the compiler and the linter may each report it).
  assert.deepEqual(
    [
      ...new Set(
        tx.errors.map((e: { path: string; elementType: string }) => `${e.path}:${e.elementType}`),
      ),
    ],
    ["tx1:transaction"],
  );

  // Without deploy the model is kept as a draft; deploying the draft is refused the same way.
  const draft = await json(await t.owner.call("POST", API, { xml }), 201);
  assert.equal(draft.latestVersion, 0);
  assert.equal(draft.hasDraft, true);
  const refused = await problem(await t.owner.call("POST", `${API}/${draft.id}/deploy`), 422);
  assert.ok(refused.errors.some((e: { path: string }) => e.path === "cx1"));
  const validation = await json(await t.owner.call("POST", `${API}/validate`, { xml }), 200);
  assert.equal(validation.valid, false);
  assert.ok(validation.problems.some((p: { elementId: string }) => p.elementId === "ebg1"));
});

itest("workflow definitions: versions 1, 2, 3; old XML unchanged; layout added", async () => {
  const t = await newTenant();
  const v1 = bare("versioned", "First");
  const created = await json(await t.owner.call("POST", API, { xml: v1, deploy: true }), 201);
  const id = created.id;
  const first = await json(await t.owner.call("GET", `${API}/${id}/versions/1`), 200);
  for (const el of ["s", "u", "e"]) {
    assert.match(first.xml, new RegExp(`BPMNShape[^>]*bpmnElement="${el}"`), el);
  }
  assert.deepEqual(first.model.elements.u.candidateGroups, ["member"]);

  const second = await json(
    await t.owner.call("POST", `${API}/${id}/deploy`, {
      xml: bare("versioned", "Second"),
      note: "renamed the task",
    }),
    201,
  );
  assert.equal(second.version, 2);
  assert.equal(second.note, "renamed the task");
  const saved = await json(
    await t.owner.call("PUT", `${API}/${id}/draft`, { xml: bare("versioned", "Third") }),
    200,
  );
  assert.deepEqual(saved.problems, []);
  const third = await json(await t.owner.call("POST", `${API}/${id}/deploy`, {}), 201);
  assert.equal(third.version, 3);

  const versions = await json(await t.owner.call("GET", `${API}/${id}/versions`), 200);
  assert.deepEqual(versions.items.map((v: { version: number }) => v.version), [3, 2, 1]);
  assert.equal(versions.items[2].deployedByName, "Owner");
  const again = await json(await t.owner.call("GET", `${API}/${id}/versions/1`), 200);
  assert.equal(again.xml, first.xml);
  assert.equal(again.model.elements.u.name, "First");

  const download = await t.owner.call("GET", `${API}/${id}/versions/2/xml`);
  assert.equal(download.status, 200);
  assert.match(download.headers.get("content-type") ?? "", /application\/xml/);
  assert.match(download.headers.get("content-disposition") ?? "", /versioned-v2\.bpmn/);
  assert.match(await download.text(), /name="Second"/);

  // Another process id cannot be deployed into this definition.
  const other = await problem(
    await t.owner.call("POST", `${API}/${id}/deploy`, { xml: bare("different") }),
    422,
  );
  assert.equal(other.errors[0].path, "different");
  // The same key twice is a conflict.
  await problem(await t.owner.call("POST", API, { xml: v1 }), 409);

  const detail = await json(await t.owner.call("GET", `${API}/${id}`), 200);
  assert.equal(detail.latestVersion, 3);
  assert.match(detail.draftXml, /name="Third"/);
  await problem(await t.owner.call("GET", `${API}/${id}/versions/9`), 404);
});

itest("workflow definitions: edit, draft, archive (refused while instances run)", async () => {
  const t = await newTenant();
  const created = await json(
    await t.owner.call("POST", API, { xml: fixture("approval.bpmn"), deploy: true }),
    201,
  );
  const id = created.id;
  const patched = await json(
    await t.owner.call("PATCH", `${API}/${id}`, { name: "Onay", startable: false }),
    200,
  );
  assert.equal(patched.name, "Onay");
  assert.equal(patched.startable, false);
  await problem(await t.owner.call("PATCH", `${API}/${id}`, { name: "" }), 400);
  await problem(await t.owner.call("POST", API, { xml: "" }), 400);
  await problem(await t.owner.call("POST", API, { xml: "<not-bpmn/>" }), 422);
  // A draft that is not XML at all is refused; one with problems is saved.
  await problem(await t.owner.call("PUT", `${API}/${id}/draft`, { xml: "<bpmn:defin" }), 422);
  const broken = await json(
    await t.owner.call("PUT", `${API}/${id}/draft`, {
      xml: bare("approval", "X", `<bpmn:complexGateway id="cx" name="C"/>`),
    }),
    200,
  );
  assert.ok(broken.problems.some((p: { elementId: string }) => p.elementId === "cx"));

  // A running instance blocks archiving.
  const { platform } = await testApp();
  const instanceId = crypto.randomUUID();
  await withScope(platform.db.sql, { tenantId: t.id, userId: t.owner.id }, async (tx) => {
    const [v] = await tx`select id from workflow_definition_versions where definition_id = ${id}`;
    await tx`insert into workflow_instances (tenant_id, id, definition_id, version_id, name)
      values (${t.id}, ${instanceId}, ${id}, ${v.id}, 'running')`;
  });
  await problem(await t.owner.call("DELETE", `${API}/${id}`), 409);
  await withScope(platform.db.sql, { tenantId: t.id, userId: t.owner.id }, async (tx) => {
    await tx`update workflow_instances set state = 'completed' where id = ${instanceId}`;
  });
  assert.equal((await t.owner.call("DELETE", `${API}/${id}`)).status, 204);
  const active = await json(await t.owner.call("GET", API), 200);
  assert.equal(active.items.length, 0);
  const archived = await json(await t.owner.call("GET", `${API}?archived=true`), 200);
  assert.equal(archived.items[0].id, id);
  await problem(await t.owner.call("POST", `${API}/${id}/deploy`), 409);
});

itest("workflow definitions: permissions and tenant isolation", async () => {
  const t = await newTenant();
  const admin = await t.member(["admin"]);
  const member = await t.member(["member"]);
  const created = await json(
    await admin.call("POST", API, { xml: fixture("approval.bpmn"), deploy: true }),
    201,
  );
  const id = created.id;
  // member: may not write definitions.
  await problem(await member.call("POST", API, { xml: bare("m1") }), 403);
  await problem(await member.call("POST", `${API}/${id}/deploy`), 403);
  await problem(await member.call("PATCH", `${API}/${id}`, { name: "x" }), 403);
  await problem(await member.call("DELETE", `${API}/${id}`), 403);
  await problem(await member.call("PUT", `${API}/${id}/draft`, { xml: bare("approval") }), 403);
  // Reading is granted to every built-in role (the module's `*.read`); writing is not.
  assert.equal((await member.call("GET", `${API}/${id}`)).status, 200);

  const other = await newTenant();
  await problem(await other.owner.call("GET", `${API}/${id}`), 404);
  await problem(await other.owner.call("GET", `${API}/${id}/versions`), 404);
  await problem(await other.owner.call("GET", `${API}/${id}/versions/1`), 404);
  await problem(await other.owner.call("GET", `${API}/${id}/versions/1/xml`), 404);
  await problem(await other.owner.call("PATCH", `${API}/${id}`, { name: "stolen" }), 404);
  await problem(await other.owner.call("POST", `${API}/${id}/deploy`, {}), 404);
  await problem(await other.owner.call("PUT", `${API}/${id}/draft`, { xml: bare("x") }), 404);
  await problem(await other.owner.call("DELETE", `${API}/${id}`), 404);
  // The other tenant may use the same key: keys are per tenant.
  await json(await other.owner.call("POST", API, { xml: fixture("approval.bpmn") }), 201);

  const unchanged = await json(await admin.call("GET", `${API}/${id}`), 200);
  assert.equal(unchanged.name, "Approval");
  assert.equal(unchanged.latestVersion, 1);
  assert.equal(unchanged.archivedAt, null);
  await problem(await admin.call("GET", `${API}/not-a-uuid`), 400);
});

/** The definition's activity lines, oldest first (as `GET /activity-log` shows them). */
const activityOf = async (who: Caller, id: string) => {
  const url = `/api/automation/activity-log?module=workflow&entityType=definition&entityId=${id}`;
  const body = await json(await who.call("GET", url), 200);
  return (body.items as { action: string; summary: string; after: unknown }[]).reverse()
    .map((a) => ({ action: a.action, summary: a.summary, after: a.after }));
};

itest("workflow definitions: deploy by key: next version, none for unchanged XML", async () => {
  const t = await newTenant();
  const v1 = bare("ci_key", "First");
  const created = await json(await t.owner.call("POST", API, { xml: v1, deploy: true }), 201);
  const id = created.id;
  assert.equal(created.deployed.version, 1);
  assert.equal(created.duplicate, false);

  // Unchanged XML (as posted, or the laid-out XML of version 1): no new version, 200.
  const laidOut = (await json(await t.owner.call("GET", `${API}/${id}/versions/1`), 200)).xml;
  for (const xml of [v1, laidOut]) {
    const same = await json(await t.owner.call("POST", API, { xml, deploy: true }), 200);
    assert.equal(same.id, id);
    assert.equal(same.duplicate, true);
    assert.equal(same.deployed.version, 1);
    assert.equal(same.latestVersion, 1);
    assert.equal(same.deployed.deployedByName, "Owner");
  }

  // Changed XML: the next version, made exactly as the deploy endpoint makes one.
  const v2 = bare("ci_key", "Second");
  const next = await json(
    await t.owner.call("POST", API, { xml: v2, deploy: true, note: "from CI" }),
    201,
  );
  assert.equal(next.id, id);
  assert.equal(next.duplicate, false);
  assert.equal(next.latestVersion, 2);
  assert.equal(next.deployed.version, 2);
  assert.equal(next.deployed.note, "from CI");
  assert.equal(next.hasDraft, false, "the draft is the deployed XML");
  const detail = await json(await t.owner.call("GET", `${API}/${id}`), 200);
  assert.match(detail.draftXml, /name="Second"/);
  const viaRoute = await json(
    await t.owner.call("POST", API, { xml: bare("ci_route", "Second"), deploy: true }),
    201,
  );
  const routeV2 = await json(
    await t.owner.call("POST", `${API}/${viaRoute.id}/deploy`, {
      xml: bare("ci_route", "Third"),
      note: "from CI",
    }),
    201,
  );
  const second = await json(await t.owner.call("GET", `${API}/${id}/versions/2`), 200);
  const other = await json(await t.owner.call("GET", `${API}/${viaRoute.id}/versions/2`), 200);
  assert.equal(second.model.elements.u.name, "Second");
  assert.deepEqual(Object.keys(second).sort(), Object.keys(other).sort());
  assert.deepEqual(Object.keys(next.deployed).sort(), Object.keys(routeV2).sort());
  assert.deepEqual(await activityOf(t.owner, id), [
    {
      action: "created",
      summary: "Created the process definition Bare ci_key",
      after: { key: "ci_key", name: "Bare ci_key", category: "" },
    },
    {
      action: "deployed",
      summary: "Deployed version 1 of Bare ci_key",
      after: { version: 1, note: "" },
    },
    {
      action: "deployed",
      summary: "Deployed version 2 of Bare ci_key",
      after: { version: 2, note: "from CI" },
    },
  ]);

  // The same XML again is a duplicate of version 2; going back to version 1's XML is version 3
  // (only the latest version is compared, as in Camunda).
  const dup = await json(await t.owner.call("POST", API, { xml: v2, deploy: true }), 200);
  assert.equal(dup.deployed.version, 2);
  assert.equal(dup.duplicate, true);
  const back = await json(await t.owner.call("POST", API, { xml: v1, deploy: true }), 201);
  assert.equal(back.deployed.version, 3);

  // Without deploy: still a conflict, nothing written.
  await problem(await t.owner.call("POST", API, { xml: bare("ci_key", "Fourth") }), 409);
  await problem(
    await t.owner.call("POST", API, { xml: bare("ci_key", "Fourth"), deploy: false }),
    409,
  );
  // A model the engine cannot run, or one naming a form that does not exist (refused after
  // the version row is written): 422 and nothing changed.
  const refused = await problem(
    await t.owner.call("POST", API, {
      xml: bare("ci_key", "X", `<bpmn:complexGateway id="cx" name="C"/>`),
      deploy: true,
    }),
    422,
  );
  assert.ok(refused.errors.some((e: { path: string }) => e.path === "cx"));
  const noForm = await problem(
    await t.owner.call("POST", API, {
      xml: bare("ci_key", "Form").replace(
        'name="Form"',
        'name="Form" camunda:formKey="form:nope"',
      ),
      deploy: true,
    }),
    422,
  );
  assert.match(noForm.detail, /forms that do not exist: nope/);
  const after = await json(await t.owner.call("GET", `${API}/${id}`), 200);
  assert.equal(after.latestVersion, 3);
  assert.match(after.draftXml, /name="First"/);
  const versions = await json(await t.owner.call("GET", `${API}/${id}/versions`), 200);
  assert.deepEqual(versions.items.map((v: { version: number }) => v.version), [3, 2, 1]);
  assert.deepEqual(
    (await activityOf(t.owner, id)).map((a) => a.summary).slice(3),
    ["Deployed version 3 of Bare ci_key"],
    "duplicates and refusals leave no activity line",
  );

  // An archived definition is not deployed into.
  assert.equal((await t.owner.call("DELETE", `${API}/${id}`)).status, 204);
  await problem(
    await t.owner.call("POST", API, { xml: bare("ci_key", "Fifth"), deploy: true }),
    409,
  );
  const archived = await json(await t.owner.call("GET", `${API}/${id}`), 200);
  assert.equal(archived.latestVersion, 3);
});

itest("workflow definitions: deploy by key keeps permissions and tenants apart", async () => {
  const a = await newTenant();
  const admin = await a.member(["admin"]);
  const member = await a.member(["member"]);
  const xml = bare("shared_key", "First");
  const created = await json(await a.owner.call("POST", API, { xml, deploy: true }), 201);

  // Without workflow.definition.write: 403, whether the XML changed or not.
  await problem(await member.call("POST", API, { xml, deploy: true }), 403);
  await problem(
    await member.call("POST", API, { xml: bare("shared_key", "Member"), deploy: true }),
    403,
  );
  const untouched = await json(await a.owner.call("GET", `${API}/${created.id}`), 200);
  assert.equal(untouched.latestVersion, 1);
  // An admin holds it.
  const byAdmin = await json(
    await admin.call("POST", API, { xml: bare("shared_key", "Admin"), deploy: true }),
    201,
  );
  assert.equal(byAdmin.deployed.version, 2);
  assert.equal(byAdmin.deployed.deployedByName, "Member admin");

  // Another tenant's same key is another process: created there as version 1, no conflict.
  const b = await newTenant();
  const inB = await json(
    await b.owner.call("POST", API, { xml: bare("shared_key", "Admin"), deploy: true }),
    201,
  );
  assert.notEqual(inB.id, created.id);
  assert.equal(inB.deployed.version, 1);
  assert.equal(inB.duplicate, false);
  const againB = await json(
    await b.owner.call("POST", API, { xml: bare("shared_key", "Admin"), deploy: true }),
    200,
  );
  assert.equal(againB.id, inB.id);
  assert.equal(againB.duplicate, true);
  const nextB = await json(
    await b.owner.call("POST", API, { xml: bare("shared_key", "B2"), deploy: true }),
    201,
  );
  assert.equal(nextB.deployed.version, 2);
  // Tenant A saw none of it.
  const inA = await json(await a.owner.call("GET", `${API}/${created.id}`), 200);
  assert.equal(inA.latestVersion, 2);
  assert.match(inA.draftXml, /name="Admin"/);
  await problem(await b.owner.call("GET", `${API}/${created.id}`), 404);
});

itest("workflow definitions pages: list, new, import, detail, deploy, download", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const empty = await browse(PAGES, { who: t.owner });
  assert.equal(empty.status, 200);
  const emptyHtml = await empty.text();
  assert.match(emptyHtml, /No process definitions yet/);
  assert.equal((await browse(PAGES, { who: member })).status, 403);

  // New definition: a blank model, then the designer.
  const made = await browse(PAGES, {
    who: t.owner,
    form: { name: "Leave request", key: "leave_request", category: "HR" },
  });
  assert.equal(made.status, 303);
  assert.match(made.headers.get("location") ?? "", /\/workflow\/admin\/designer\?definition=/);
  const bad = await browse(PAGES, { who: t.owner, form: { name: "X", key: "1 bad key" } });
  assert.equal(bad.status, 400);

  // Import a real Camunda Modeler export and deploy it at once (multipart upload).
  const { app } = await testApp();
  const upload = async (file: string, name: string) => {
    const form = new FormData();
    form.append("file", new File([file], name, { type: "application/xml" }));
    form.append("deploy", "1");
    return await app.request(`${PAGES}/import`, {
      method: "POST",
      body: form,
      headers: { Cookie: `session=${t.owner.token}`, Origin: "http://localhost" },
    });
  };
  const imported = await upload(fixture("camunda-invoice-approval.bpmn"), "invoice.bpmn");
  assert.equal(imported.status, 303, await imported.clone().text());
  const detailPath = imported.headers.get("location") ?? "";
  assert.match(detailPath, new RegExp(`^${PAGES}/[0-9a-f-]{36}$`));

  // A real Camunda example with a complex gateway added (still refused): named on the page.
  const complex = fixture("camunda-order-handling-conditional.bpmn").replace(
    "</bpmn:process>",
    `<bpmn:complexGateway id="Gateway_complex1" name="Either"/></bpmn:process>`,
  );
  const refused = await upload(complex, "o.bpmn");
  assert.equal(refused.status, 422);
  assert.match(await refused.text(), /Gateway_complex1/);

  const list = await (await browse(PAGES, { who: t.owner })).text();
  assert.match(list, /Camunda Forms Quickstart/);
  assert.match(list, /Leave request/);
  assert.match(list, /Version 1/);
  assert.match(list, /Not deployed/);

  const detail = await browse(detailPath, { who: t.owner });
  assert.equal(detail.status, 200);
  const html = await detail.text();
  assert.match(html, /Versions/);
  assert.doesNotMatch(
    html.replace(/<[^>]+>/g, " "),
    /\d{4}-\d\d-\d\dT\d\d:\d\d/,
    "no raw ISO timestamps in text",
  );
  const deployed = await browse(`${detailPath}/deploy`, { who: t.owner, form: {} });
  assert.equal(deployed.status, 200);
  assert.match(await deployed.text(), /Version 2 deployed/);

  const xml = await browse(`${detailPath}/versions/1/xml`, { who: t.owner });
  assert.equal(xml.status, 200);
  assert.equal(await xml.text(), fixture("camunda-invoice-approval.bpmn"));

  const edited = await browse(detailPath, {
    who: t.owner,
    form: { name: "Fatura onayı", category: "Finans" },
  });
  assert.equal(edited.status, 303);
  const tr = await browse(detailPath, { who: t.owner, headers: { "Accept-Language": "tr" } });
  assert.match(await tr.text(), /Fatura onayı/);

  // Another tenant's page is a 404.
  const other = await newTenant();
  assert.equal((await browse(detailPath, { who: other.owner })).status, 404);
});
