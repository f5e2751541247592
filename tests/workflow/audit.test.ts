/**
 * The audit monitor: a process driven through the API (deploy, start, claim, complete), a
 * stand-alone task delegated, an instance suspended, its variables changed and cancelled, a
 * global variable set: every kind shows in GET /audit with actor and instance; filters, keyset
 * paging, CSV (formula cells neutralised), the page; members get 403; tenants stay apart.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";

const API = "/api/workflow";
const XML = await Deno.readTextFile(new URL("./fixtures/approval.bpmn", import.meta.url));

async function json(res: Response, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

interface Line {
  id: string;
  category: string;
  event: string;
  source: string;
  actorId: string | null;
  actorName: string | null;
  instanceId: string | null;
  taskId: string | null;
  taskName: string | null;
  elementName: string | null;
  definitionName: string | null;
  fromName: string | null;
  toName: string | null;
  subject: string | null;
}

itest("audit: every kind of event, with actor and instance; filters, paging, CSV", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const helper = await t.member(["agent"]);
  const def = await json(
    await t.owner.call("POST", `${API}/admin/process`, { xml: XML, deploy: true }),
    201,
  );
  const inst = await json(
    await t.owner.call("POST", `${API}/process`, { key: "approval", variables: { amount: 10 } }),
    201,
  );
  const taskId = inst.openTasks[0].id;
  await json(await member.call("POST", `${API}/tasks/${taskId}/claim`));
  await json(
    await member.call("POST", `${API}/tasks/${taskId}/complete`, { data: { approved: true } }),
  );
  // A stand-alone task, delegated.
  const solo = await json(
    await t.owner.call("POST", `${API}/tasks`, { name: "=Check invoice", assignee: member.id }),
    201,
  );
  await json(
    await member.call("PUT", `${API}/delegations`, {
      taskId: solo.id,
      toUserId: helper.id,
      mode: "delegate",
    }),
  );
  // A second instance: suspended, resumed, variables changed, cancelled.
  const second = await json(
    await t.owner.call("POST", `${API}/process`, { key: "approval", variables: { amount: 20 } }),
    201,
  );
  const url = `${API}/process/${second.id}`;
  await json(await t.owner.call("POST", `${url}/suspend`));
  await json(await t.owner.call("POST", `${url}/resume`));
  await json(await t.owner.call("PATCH", `${url}/variables`, { variables: { amount: 25 } }));
  await json(await t.owner.call("POST", `${url}/cancel`, { reason: "duplicate" }));
  await json(await t.owner.call("PUT", `${API}/globals/limit`, { type: "number", value: 100 }));

  const all: Line[] = (await json(await t.owner.call("GET", `${API}/audit?limit=100`))).items;
  const find = (category: string, event: string, instanceId?: string) => {
    const line = all.find((l) =>
      l.category === category && l.event === event && (!instanceId || l.instanceId === instanceId)
    );
    assert.ok(line, `no ${category} ${event} line in ${all.map((l) => l.event).join(", ")}`);
    return line;
  };
  const deployed = find("definition", "definition.deployed");
  assert.equal(deployed.actorId, t.owner.id);
  assert.equal(deployed.definitionName, def.name);
  assert.equal(find("definition", "definition.created").actorId, t.owner.id);
  const started = find("process", "process.started", inst.id);
  assert.equal(started.actorId, t.owner.id);
  assert.equal(find("process", "process.completed", inst.id).instanceId, inst.id);
  const claimed = find("task", "claimed", inst.id);
  assert.equal(claimed.actorId, member.id);
  assert.equal(claimed.taskName, "Approve");
  assert.equal(claimed.taskId, taskId);
  const completed = find("task", "completed", inst.id);
  assert.equal(completed.actorId, member.id);
  assert.ok(completed.actorName);
  assert.equal(find("step", "element.completed", inst.id).elementName !== null, true);
  assert.ok(all.some((l) => l.event === "element.started" && l.elementName === "Approve"));
  const delegated = all.find((l) => l.event === "delegated" && l.taskId === solo.id)!;
  assert.ok(delegated, "delegation line");
  assert.equal(delegated.actorId, member.id);
  assert.equal(delegated.instanceId, null);
  assert.ok(delegated.toName, "after: the delegate by name");
  for (const e of ["process.suspended", "process.resumed", "process.cancelled"]) {
    assert.equal(find("process", e, second.id).actorId, t.owner.id, e);
  }
  assert.equal(find("variable", "variables.changed", second.id).actorId, t.owner.id);
  const global = find("global", "global.created");
  assert.equal(global.subject, "limit");
  // Keys are camelCase at the top level only; nothing from the engine's element ids leaks.
  assert.ok(all.every((l) => typeof l.id === "string" && "before" in l && "after" in l));

  // Filters.
  const get = async (qs: string): Promise<Line[]> =>
    (await json(await t.owner.call("GET", `${API}/audit?limit=100&${qs}`))).items;
  const tasks = await get("category=task");
  assert.ok(tasks.length >= 4 && tasks.every((l) => l.category === "task"));
  const byMember = await get(`actorId=${member.id}`);
  assert.ok(byMember.length >= 3 && byMember.every((l) => l.actorId === member.id));
  const ofSecond = await get(`instanceId=${second.id}`);
  assert.ok(ofSecond.length >= 5 && ofSecond.every((l) => l.instanceId === second.id));
  const ofDef = await get(`definitionId=${def.id}`);
  assert.ok(ofDef.some((l) => l.source === "activity") && ofDef.some((l) => l.source === "task"));
  assert.ok(!ofDef.some((l) => l.taskId === solo.id), "a stand-alone task has no definition");
  const system = await get("actorId=system");
  assert.ok(system.every((l) => l.actorId === null));
  assert.deepEqual(await get("from=2001-01-01&to=2001-01-02"), []);
  const today = new Date().toISOString().slice(0, 10);
  assert.equal((await get(`from=${today}&to=${today}`)).length, all.length);

  // Keyset paging walks the same lines, newest first, without repeats.
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const p = await json(
      await t.owner.call("GET", `${API}/audit?limit=7${cursor ? `&cursor=${cursor}` : ""}`),
    );
    seen.push(...p.items.map((l: Line) => l.id));
    cursor = p.nextCursor;
  } while (cursor);
  assert.deepEqual(seen, all.map((l) => l.id));

  // Bad input: 400 with errors.
  for (const qs of ["category=nope", "actorId=bob", "from=2024-02-30", "cursor=xyz", "limit=0"]) {
    const p = await problem(await t.owner.call("GET", `${API}/audit?${qs}`), 400);
    assert.ok(p.errors?.length, qs);
  }
  await problem(await t.owner.call("GET", `${API}/audit?from=2024-02-03&to=2024-02-01`), 400);

  // CSV: a header, the same filters, formula cells neutralised.
  const csvRes = await t.owner.call("GET", `${API}/audit.csv?category=task`);
  assert.equal(csvRes.status, 200);
  assert.match(csvRes.headers.get("content-type") ?? "", /text\/csv/);
  const csv = (await csvRes.text()).replace(/^\uFEFF/, "");
  const rows = csv.trim().split("\r\n");
  assert.ok(rows[0].startsWith("at,category,event,actor,"));
  assert.equal(rows.length - 1, tasks.length);
  assert.ok(csv.includes("'=Check invoice"), "formula neutralised");
  assert.ok(!/,=Check/.test(csv));
  await problem(await t.owner.call("GET", `${API}/audit.csv?to=yesterday`), 400);
});

itest("audit: members get 403; another tenant sees none of it; the page", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  await json(await t.owner.call("POST", `${API}/admin/process`, { xml: XML, deploy: true }), 201);
  const inst = await json(
    await t.owner.call("POST", `${API}/process`, { key: "approval", variables: { amount: 10 } }),
    201,
  );
  await problem(await member.call("GET", `${API}/audit`), 403);
  await problem(await member.call("GET", `${API}/audit.csv`), 403);
  const other = await newTenant();
  const theirs = await json(await other.owner.call("GET", `${API}/audit?limit=100`));
  assert.deepEqual(theirs.items, []);
  const probe = await json(await other.owner.call("GET", `${API}/audit?instanceId=${inst.id}`));
  assert.deepEqual(probe.items, []);
  const csv = await (await other.owner.call("GET", `${API}/audit.csv`)).text();
  assert.equal(csv.replace(/^\uFEFF/, "").trim().split("\r\n").length, 1);

  // The page: people's words, links, no ids or codes; members may not open it.
  const res = await browse("/workflow/admin/audit", { who: t.owner });
  const html = await res.text();
  assert.equal(res.status, 200, html);
  assert.ok(html.includes("started the process"), "human-readable line");
  assert.ok(html.includes(`/workflow/processes/${inst.id}`), "link to the process");
  assert.ok(html.includes("/api/workflow/audit.csv"), "CSV link");
  assert.ok(!html.includes("process.started"), "no event codes");
  const tr = await browse("/workflow/admin/audit?category=process", {
    who: t.owner,
    headers: { "Accept-Language": "tr" },
  });
  const trHtml = await tr.text();
  assert.ok(trHtml.includes("süreci başlattı"), "Turkish line");
  assert.ok(trHtml.includes("/api/workflow/audit.csv?category=process"), "CSV follows filters");
  assert.equal((await browse("/workflow/admin/audit", { who: member })).status, 403);
});

const gatewayModel = (task: string, taskName: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="defs"
  targetNamespace="http://example.com">
  <bpmn:process id="routed" name="Routed" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="gw" />
    <bpmn:exclusiveGateway id="gw" name="Which way" />
    <bpmn:sequenceFlow id="f2" sourceRef="gw" targetRef="${task}">
      <bpmn:conditionExpression>=x = 1</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:userTask id="${task}" name="${taskName}" />
    <bpmn:sequenceFlow id="f3" sourceRef="${task}" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

itest(
  "audit: incidents and their resolution, migration, reassignment, global changes",
  async () => {
    const t = await newTenant();
    const member = await t.member(["member"]);
    const helper = await t.member(["member"]);
    const def = await json(
      await t.owner.call("POST", `${API}/admin/process`, {
        xml: gatewayModel("check", "Check"),
        deploy: true,
      }),
      201,
    );
    // No flow matches x = 2: an incident. Fixed and retried by the owner.
    const inst = await json(
      await t.owner.call("POST", `${API}/process`, { key: "routed", variables: { x: 2 } }),
      201,
    );
    assert.equal(inst.incidents.length, 1);
    await json(
      await t.owner.call("PATCH", `${API}/process/${inst.id}/variables`, { variables: { x: 1 } }),
    );
    const retried = await json(
      await t.owner.call("POST", `${API}/incidents/${inst.incidents[0].id}/retry`),
    );
    assert.deepEqual(retried.incidents, []);
    // Version 2 renames the task; the instance is migrated onto it.
    await json(
      await t.owner.call("POST", `${API}/admin/process/${def.id}/deploy`, {
        xml: gatewayModel("review", "Review"),
      }),
      201,
    );
    const migrated = await json(
      await t.owner.call("POST", `${API}/admin/process/${def.id}/migrations`, {
        fromVersion: 1,
        toVersion: 2,
        mapping: { check: "review" },
        dryRun: false,
      }),
    );
    assert.equal(migrated.applied, true);
    // The task is handed to the member, then reassigned to a colleague.
    const task = (await json(await t.owner.call("GET", `${API}/process/${inst.id}`))).openTasks[0];
    await json(
      await t.owner.call("PUT", `${API}/delegations`, {
        taskId: task.id,
        toUserId: member.id,
        mode: "reassign",
      }),
    );
    await json(
      await t.owner.call("PUT", `${API}/delegations`, {
        taskId: task.id,
        toUserId: helper.id,
        mode: "reassign",
      }),
    );
    // A global variable changed and removed.
    await json(await t.owner.call("PUT", `${API}/globals/limit`, { type: "number", value: 1 }));
    await json(await t.owner.call("PUT", `${API}/globals/limit`, { type: "number", value: 2 }));
    assert.equal((await t.owner.call("DELETE", `${API}/globals/limit`)).status, 204);

    const all: (Line & { before: unknown; after: unknown })[] = [];
    for (const category of ["incident", "migration", "task", "global"]) {
      all.push(
        ...(await json(await t.owner.call("GET", `${API}/audit?limit=100&category=${category}`)))
          .items,
      );
    }
    const find = (event: string, category: string) => {
      const line = all.find((l) => l.event === event && l.category === category);
      assert.ok(line, `no ${category} ${event} line in ${all.map((l) => l.event).join(", ")}`);
      return line;
    };
    const opened = find("incident.opened", "incident");
    assert.equal(opened.instanceId, inst.id);
    assert.equal(opened.elementName, "Which way");
    const resolved = find("incident.resolved", "incident");
    assert.equal(resolved.actorId, t.owner.id);
    const moved = find("process.migrated", "migration");
    assert.equal(moved.instanceId, inst.id);
    assert.equal(moved.actorId, t.owner.id);
    const reassigned = all.filter((l) => l.event === "reassigned" && l.taskId === task.id);
    assert.equal(reassigned.length, 2);
    assert.ok(reassigned.every((l) => l.actorId === t.owner.id && l.toName));
    const changed = find("global.updated", "global");
    assert.equal(changed.subject, "limit");
    assert.ok(JSON.stringify(changed.before).includes("1"), "before");
    assert.ok(JSON.stringify(changed.after).includes("2"), "after");
    assert.equal(find("global.deleted", "global").subject, "limit");
    // Filters reach the new kinds.
    const incidents = (await json(await t.owner.call("GET", `${API}/audit?category=incident`)))
      .items;
    assert.ok(incidents.length >= 2 && incidents.every((l: Line) => l.category === "incident"));

    // The page tells these in words (en and tr), no event codes.
    const html = await (await browse("/workflow/admin/audit", { who: t.owner })).text();
    assert.ok(!/incident\.opened|process\.migrated|global\.updated/.test(html), "no codes");
    const trHtml = await (await browse("/workflow/admin/audit", {
      who: t.owner,
      headers: { "Accept-Language": "tr" },
    })).text();
    assert.ok(!/incident\.opened|process\.migrated/.test(trHtml), "no codes in Turkish either");
  },
);
