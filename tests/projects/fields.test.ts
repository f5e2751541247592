/**
 * Custom fields per project: definitions (managers only), values on tasks checked by type (422
 * naming the field by its name, nothing written), required fields, person fields limited to the
 * project's members, list filters and sort through GET /api/projects/tasks, the report
 * breakdown, the analytics dataset per tenant, and another tenant's field (404, unchanged).
 */
import assert from "node:assert/strict";
import { OpenAPIHono } from "@hono/zod-openapi";
import { mountFields } from "../../modules/projects/fields/fields.handlers.ts";
import { listTasksRoute } from "../../modules/projects/tasks/tasks.routes.ts";
import { browse, itest, newTenant, problem, type TestTenant } from "../helpers.ts";
import { addMember, json, MISSING, newProject, newTask } from "./fixtures.ts";
import {
  checkCustomFields,
  checkFilter,
  type FieldDef,
  isWebUrl,
  parseFilterParam,
  parseValue,
  validSortKey,
} from "../../modules/projects/fields/fields.rules.ts";

const fieldsOf = (p: string) => `/api/projects/projects/${p}/fields`;
const tasksUrl = (qs: string) => `/api/projects/tasks?${qs}`;

async function field(t: TestTenant, projectId: string, body: Record<string, unknown>) {
  return await json(await t.owner.call("POST", fieldsOf(projectId), body), 201);
}

const titles = (list: { items: { title: string }[] }) => list.items.map((i) => i.title);

itest("custom fields: definitions, values by type, filters, sort, reports, analytics", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const p = await newProject(a.owner, { name: "Fielded" });
  const member = await a.member(["member"]);
  await addMember(a.owner, p.id, member.id, "member");
  const outsider = await a.member(["member"]); // in the tenant, not in the project

  // Definitions: each type; names unique per project whatever the case.
  const customer = await field(a, p.id, { name: "Customer", type: "text" });
  const points = await field(a, p.id, { name: "Points", type: "number", min: 0, max: 100 });
  const deadline = await field(a, p.id, { name: "Signed on", type: "date" });
  const stage = await field(a, p.id, {
    name: "Stage",
    type: "select",
    options: [{ label: "Lead", color: "blue" }, { label: "Won", color: "green" }],
  });
  const tags = await field(a, p.id, {
    name: "Areas",
    type: "multi_select",
    options: [{ label: "Web" }, { label: "Mobile" }, { label: "API" }],
  });
  const owner = await field(a, p.id, { name: "Account owner", type: "person" });
  const link = await field(a, p.id, { name: "Contract", type: "url" });
  assert.equal(stage.options.length, 2);
  assert.equal(stage.options[0].color, "blue");
  assert.equal(tags.options[0].color, "gray");
  const [lead, won] = stage.options.map((o: { id: string }) => o.id);
  const [web, mobile, api] = tags.options.map((o: { id: string }) => o.id);

  const dup = await problem(
    await a.owner.call("POST", fieldsOf(p.id), { name: "  customer ", type: "text" }),
    422,
  );
  assert.match(dup.detail, /customer: a field with this name exists/);
  await problem(await a.owner.call("POST", fieldsOf(p.id), { name: "X", type: "color" }), 400);
  const noOptions = await problem(
    await a.owner.call("POST", fieldsOf(p.id), { name: "Empty", type: "select" }),
    422,
  );
  assert.match(noOptions.detail, /Empty: choose at least one option/);
  // A member (not manager) of the project may not manage fields; a viewer role neither.
  await problem(await member.call("POST", fieldsOf(p.id), { name: "Mine", type: "text" }), 403);
  await problem(
    await member.call("PATCH", `${fieldsOf(p.id)}/${customer.id}`, { name: "Client" }),
    403,
  );
  await problem(await member.call("DELETE", `${fieldsOf(p.id)}/${customer.id}`), 403);
  // ...but reads them; someone outside the project does not learn it exists.
  const listed = await json(await member.call("GET", fieldsOf(p.id)), 200);
  assert.deepEqual(listed.items.map((f: { name: string }) => f.name), [
    "Customer",
    "Points",
    "Signed on",
    "Stage",
    "Areas",
    "Account owner",
    "Contract",
  ]);
  await problem(await outsider.call("GET", fieldsOf(p.id)), 404);

  // Values of every type on create, returned keyed by field id.
  const t1 = await newTask(a.owner, p.id, {
    title: "Alpha",
    customFields: {
      [customer.id]: " ACME ",
      [points.id]: 8,
      [deadline.id]: "2026-03-01",
      [stage.id]: won,
      [tags.id]: [api, web],
      [owner.id]: member.id,
      [link.id]: "https://example.com/c/1",
    },
  });
  assert.deepEqual(t1.customFields, {
    [customer.id]: "ACME",
    [points.id]: 8,
    [deadline.id]: "2026-03-01",
    [stage.id]: won,
    [tags.id]: [web, api],
    [owner.id]: member.id,
    [link.id]: "https://example.com/c/1",
  });
  const t2 = await newTask(a.owner, p.id, {
    title: "Beta",
    customFields: { [points.id]: 2.5, [stage.id]: lead, [tags.id]: [mobile] },
  });
  const t3 = await newTask(a.owner, p.id, { title: "Gamma", customFields: { [points.id]: 40 } });
  await newTask(a.owner, p.id, { title: "Delta" });

  // Each wrong value: 422 naming the field by its name, and nothing written.
  const before = (await json(await a.owner.call("GET", tasksUrl(`projectId=${p.id}`)), 200))
    .items.length;
  const wrong: [string, unknown, RegExp][] = [
    [customer.id, 12, /Customer: must be text/],
    [points.id, "eight", /Points: must be a number/],
    [points.id, 101, /Points: must be at most 100/],
    [points.id, -1, /Points: must be at least 0/],
    [deadline.id, "2026-02-30", /Signed on: must be a date/],
    [stage.id, MISSING, /Stage: must be one of the field's options/],
    [stage.id, web, /Stage: must be one of the field's options/],
    [tags.id, [web, lead], /Areas: must be a list of the field's options/],
    [owner.id, outsider.id, /Account owner: must be a member of the project/],
    [owner.id, "nobody", /Account owner: must be a person's id/],
    [link.id, "ftp://example.com/x", /Contract: must be a web address/],
    [link.id, "javascript:alert(1)", /Contract: must be a web address/],
    [MISSING, "x", /is not a field of this project/],
  ];
  for (const [id, value, why] of wrong) {
    const res = await a.owner.call("POST", "/api/projects/tasks", {
      projectId: p.id,
      title: "Wrong",
      customFields: { [id]: value },
    });
    const body = await problem(res, 422);
    assert.match(body.detail, why, JSON.stringify(body));
    assert.equal(body.errors[0].path, `customFields.${id}`);
  }
  const updateRefused = await problem(
    await a.owner.call("PUT", `/api/projects/tasks/${t2.id}`, {
      title: "Beta renamed",
      customFields: { [points.id]: "lots" },
    }),
    422,
  );
  assert.match(updateRefused.detail, /Points: must be a number/);
  const after = await json(await a.owner.call("GET", tasksUrl(`projectId=${p.id}`)), 200);
  assert.equal(after.items.length, before);
  const beta = await json(await a.owner.call("GET", `/api/projects/tasks/${t2.id}`), 200);
  assert.equal(beta.title, "Beta");
  assert.equal(beta.customFields[points.id], 2.5);

  // Update: set, change and clear (null and "").
  const changed = await json(
    await a.owner.call("PUT", `/api/projects/tasks/${t3.id}`, {
      customFields: { [customer.id]: "Globex", [points.id]: null, [stage.id]: lead },
    }),
    200,
  );
  assert.deepEqual(changed.customFields, { [customer.id]: "Globex", [stage.id]: lead });
  const cleared = await json(
    await a.owner.call("PUT", `/api/projects/tasks/${t3.id}`, {
      customFields: { [customer.id]: "" },
    }),
    200,
  );
  assert.deepEqual(cleared.customFields, { [stage.id]: lead });

  // Filters (declared in the OpenAPI) and sort.
  const q = (qs: string) => a.owner.call("GET", tasksUrl(`projectId=${p.id}&${qs}`));
  assert.deepEqual(titles(await json(await q(`cf=${stage.id}:${lead}&sort=created`), 200)), [
    "Gamma",
    "Beta",
  ]);
  assert.deepEqual(titles(await json(await q(`cf=${stage.id}:ne:${lead}`), 200)), [
    "Delta",
    "Alpha",
  ]);
  assert.deepEqual(titles(await json(await q(`cf=${points.id}:gte:5`), 200)), ["Alpha"]);
  assert.deepEqual(titles(await json(await q(`cf=${points.id}:lt:5`), 200)), ["Beta"]);
  assert.deepEqual(titles(await json(await q(`cf=${points.id}:empty`), 200)), ["Delta", "Gamma"]);
  assert.deepEqual(titles(await json(await q(`cf=${deadline.id}:lte:2026-03-01`), 200)), [
    "Alpha",
  ]);
  assert.deepEqual(titles(await json(await q(`cf=${customer.id}:contains:cm`), 200)), ["Alpha"]);
  assert.deepEqual(titles(await json(await q(`cf=${tags.id}:any:${mobile},${api}`), 200)), [
    "Beta",
    "Alpha",
  ]);
  assert.deepEqual(
    titles(await json(await q(`cf=${tags.id}:any:${web}&cf=${stage.id}:${won}`), 200)),
    ["Alpha"],
  );
  assert.deepEqual(
    titles(await json(await member.call("GET", tasksUrl(`cf=${owner.id}:me`)), 200)),
    ["Alpha"],
  );
  // Sort by a number field, both ways, empty last, across pages.
  const sorted = async (dir: string) => {
    const out: string[] = [];
    let cursor = "";
    for (let i = 0; i < 5; i++) {
      const page = await json(
        await q(`sortField=${points.id}&sortDir=${dir}&limit=1${cursor}`),
        200,
      );
      out.push(...titles(page));
      if (!page.nextCursor) break;
      cursor = `&cursor=${encodeURIComponent(page.nextCursor)}`;
    }
    return out;
  };
  assert.deepEqual((await sorted("asc")).slice(0, 2), ["Beta", "Alpha"]);
  assert.deepEqual((await sorted("desc")).slice(0, 2), ["Alpha", "Beta"]);
  assert.equal((await sorted("asc")).length, 4);
  // Sort by a select field follows the option order (Lead before Won).
  assert.deepEqual(
    titles(await json(await q(`sortField=${stage.id}`), 200)).slice(0, 3),
    ["Beta", "Gamma", "Alpha"],
  );
  // Bad filters: 400 naming the field.
  const badOp = await problem(await q(`cf=${points.id}:contains:3`), 400);
  assert.match(JSON.stringify(badOp.errors), /Points: the operator contains does not apply/);
  const badNumber = await problem(await q(`cf=${points.id}:gt:many`), 400);
  assert.match(JSON.stringify(badNumber.errors), /Points: must be a number/);
  await problem(await q(`cf=nonsense`), 400);
  await problem(await q(`cf=${MISSING}:x`), 400);
  await problem(await q(`sortField=${MISSING}`), 400);

  // Required: a new task needs a value, and it cannot be cleared.
  await json(
    await a.owner.call("PATCH", `${fieldsOf(p.id)}/${customer.id}`, { required: true }),
    200,
  );
  const req = await problem(
    await a.owner.call("POST", "/api/projects/tasks", { projectId: p.id, title: "No customer" }),
    422,
  );
  assert.match(req.detail, /Customer: is required/);
  const reqClear = await problem(
    await a.owner.call("PUT", `/api/projects/tasks/${t1.id}`, {
      customFields: { [customer.id]: null },
    }),
    422,
  );
  assert.match(reqClear.detail, /Customer: is required/);
  await json(
    await a.owner.call("PATCH", `${fieldsOf(p.id)}/${customer.id}`, { required: false }),
    200,
  );

  // Report breakdown by a select field and a person field.
  const byStage = await json(
    await a.owner.call("GET", `/api/projects/reports/fields?projectId=${p.id}&fieldId=${stage.id}`),
    200,
  );
  assert.deepEqual(
    byStage.items.map((i: { label: string; count: number }) => [i.label, i.count]),
    [["Lead", 2], ["Won", 1], ["", 1]], // most first, no value last
  );
  const byOwner = await json(
    await a.owner.call("GET", `/api/projects/reports/fields?projectId=${p.id}&fieldId=${owner.id}`),
    200,
  );
  assert.equal(byOwner.items.find((i: { key: string }) => i.key === member.id).count, 1);
  await problem(
    await a.owner.call(
      "GET",
      `/api/projects/reports/fields?projectId=${p.id}&fieldId=${points.id}`,
    ),
    422,
  );

  // Options: renaming keeps the values; removing one that tasks use is refused unless asked.
  const renamed = await json(
    await a.owner.call("PATCH", `${fieldsOf(p.id)}/${stage.id}`, {
      options: [{ id: lead, label: "Prospect", color: "amber" }, { id: won, label: "Won" }],
    }),
    200,
  );
  assert.equal(renamed.options[0].label, "Prospect");
  assert.equal(
    (await json(await a.owner.call("GET", `/api/projects/tasks/${t2.id}`), 200))
      .customFields[stage.id],
    lead,
  );
  const used = await problem(
    await a.owner.call("PATCH", `${fieldsOf(p.id)}/${stage.id}`, {
      options: [{ id: won, label: "Won" }],
    }),
    422,
  );
  assert.match(used.detail, /Stage: the option "Prospect" is used by 2 task\(s\)/);
  await json(
    await a.owner.call("PATCH", `${fieldsOf(p.id)}/${stage.id}`, {
      options: [{ id: won, label: "Won" }, { label: "Lost", color: "red" }],
      clearRemovedOptions: true,
    }),
    200,
  );
  const t2After = await json(await a.owner.call("GET", `/api/projects/tasks/${t2.id}`), 200);
  assert.equal(t2After.customFields[stage.id], undefined);

  // Analytics: long-form rows, only this tenant's.
  const ds = (t: TestTenant) =>
    t.owner.call(
      "GET",
      `/api/analytics/analytics?format=rows&q=${
        encodeURIComponent(JSON.stringify({
          source: { kind: "dataset", name: "project_task_fields" },
          fields: [{ field: "task" }, { field: "field" }, { field: "value" }],
          sort: [
            { field: "task", dir: "asc" },
            { field: "field", dir: "asc" },
            { field: "value", dir: "asc" },
          ],
        }))
      }`,
    );
  const rowsA = (await json(await ds(a), 200)).rows;
  assert.deepEqual(
    rowsA.filter((r: { task: string }) => r.task === "Alpha").map((r: { field: string }) =>
      r.field
    ),
    ["Account owner", "Areas", "Areas", "Contract", "Customer", "Points", "Signed on", "Stage"],
  );
  assert.ok(
    rowsA.some((r: { field: string; value: string }) => r.field === "Areas" && r.value === "API"),
  );
  const pb = await newProject(b.owner, { name: "Other" });
  const bField = await json(
    await b.owner.call("POST", fieldsOf(pb.id), { name: "B only", type: "text" }),
    201,
  );
  await newTask(b.owner, pb.id, { title: "B task", customFields: { [bField.id]: "secret" } });
  const rowsB = (await json(await ds(b), 200)).rows;
  assert.deepEqual(rowsB, [{ task: "B task", field: "B only", value: "secret" }]);
  assert.ok(
    !(await json(await ds(a), 200)).rows.some((r: { value: string }) => r.value === "secret"),
  );

  // Another tenant's field: 404 everywhere, unchanged; as a task value it is unknown.
  await problem(await a.owner.call("GET", fieldsOf(pb.id)), 404);
  await problem(
    await a.owner.call("PATCH", `${fieldsOf(p.id)}/${bField.id}`, { name: "Stolen" }),
    404,
  );
  await problem(
    await a.owner.call("PATCH", `${fieldsOf(pb.id)}/${bField.id}`, { name: "Stolen" }),
    404,
  );
  await problem(await a.owner.call("DELETE", `${fieldsOf(pb.id)}/${bField.id}`), 404);
  await problem(
    await a.owner.call("POST", fieldsOf(pb.id), { name: "Planted", type: "text" }),
    404,
  );
  await problem(
    await a.owner.call("PUT", `/api/projects/tasks/${t1.id}`, {
      customFields: { [bField.id]: "x" },
    }),
    422,
  );
  await problem(await a.owner.call("GET", tasksUrl(`cf=${bField.id}:secret`)), 400);
  await problem(
    await a.owner.call(
      "GET",
      `/api/projects/reports/fields?projectId=${p.id}&fieldId=${bField.id}`,
    ),
    404,
  );
  const bList = await json(await b.owner.call("GET", fieldsOf(pb.id)), 200);
  assert.deepEqual(bList.items.map((f: { name: string }) => f.name), ["B only"]);

  // Reorder (every field once) and delete (values go with it).
  const ids = listed.items.map((f: { id: string }) => f.id).reverse();
  const reordered = await json(
    await a.owner.call("PUT", `${fieldsOf(p.id)}/order`, { ids }),
    200,
  );
  assert.equal(reordered.items[0].name, "Contract");
  await problem(
    await a.owner.call("PUT", `${fieldsOf(p.id)}/order`, { ids: ids.slice(1) }),
    422,
  );
  await problem(await member.call("PUT", `${fieldsOf(p.id)}/order`, { ids }), 403);
  const del = await a.owner.call("DELETE", `${fieldsOf(p.id)}/${points.id}`);
  assert.equal(del.status, 204);
  const alpha = await json(await a.owner.call("GET", `/api/projects/tasks/${t1.id}`), 200);
  assert.equal(alpha.customFields[points.id], undefined);
  await problem(await a.owner.call("DELETE", `${fieldsOf(p.id)}/${points.id}`), 404);
  // The OpenAPI document declares the routes, the filter and the sort.
  const spec = new OpenAPIHono();
  mountFields(spec as never);
  spec.openapi(listTasksRoute, (c) => c.json({ items: [], nextCursor: null }) as never);
  const doc = spec.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
  const ops = Object.values(doc.paths ?? {}).flatMap((p) =>
    Object.values(p as Record<string, { operationId?: string }>).map((o) => o.operationId)
  );
  for (
    const op of [
      "listProjectFields",
      "createProjectField",
      "updateProjectField",
      "deleteProjectField",
      "reorderProjectFields",
      "projectFieldBreakdown",
    ]
  ) assert.ok(ops.includes(op), op);
  const params = (doc.paths!["/tasks"]!.get!.parameters ?? []) as { name: string }[];
  for (const name of ["cf", "sortField", "sortDir"]) {
    assert.ok(params.some((x) => x.name === name), name);
  }
});

itest(
  "custom fields pages: manage on the Fields tab, set on the task page, filter the list",
  async () => {
    const a = await newTenant();
    const p = await newProject(a.owner, { name: "Paged" });
    const member = await a.member(["member"]);
    await addMember(a.owner, p.id, member.id, "member");
    const base = `/projects/projects/${p.id}/fields`;

    // Add (a type picker, options one a line), as the manager.
    const created = await browse(base, {
      who: a.owner,
      form: { name: "Stage", type: "select", options: "Lead\nWon\n", description: "" },
    });
    assert.equal(created.status, 303);
    const bad = await browse(base, { who: a.owner, form: { name: "", type: "select" } });
    assert.equal(bad.status, 400);
    await browse(base, { who: a.owner, form: { name: "Points", type: "number", max: "10" } });
    let fields = (await json(await a.owner.call("GET", fieldsOf(p.id)), 200)).items;
    const [stage, points] = fields;
    assert.deepEqual(stage.options.map((o: { label: string }) => o.label), ["Lead", "Won"]);
    assert.equal(points.max, 10);

    // The page: the manager sees the actions, a member reads only.
    const ownerPage = await (await browse(base, { who: a.owner })).text();
    assert.match(ownerPage, /Add field/);
    assert.match(ownerPage, /Stage/);
    const memberPage = await browse(base, { who: member });
    assert.equal(memberPage.status, 200);
    const memberHtml = await memberPage.text();
    assert.doesNotMatch(memberHtml, /Add field/);
    assert.match(memberHtml, /Only the project's managers can change fields/);
    const refused = await browse(base, { who: member, form: { name: "Mine", type: "text" } });
    assert.equal(refused.status, 403);

    // Set on the task page's card (htmx): saved; a wrong value names the field.
    const task = await newTask(a.owner, p.id, { title: "Card" });
    const other = await newTask(a.owner, p.id, { title: "Other" });
    const won = stage.options[1].id;
    const ok = await browse(`/projects/tasks/${task.id}/fields`, {
      who: a.owner,
      htmx: true,
      form: { [`cf.${stage.id}`]: won, [`cf.${points.id}`]: "7" },
    });
    assert.equal(ok.status, 200);
    assert.match(await ok.text(), /id="task-cf"/);
    const wrong = await browse(`/projects/tasks/${task.id}/fields`, {
      who: a.owner,
      htmx: true,
      form: { [`cf.${stage.id}`]: won, [`cf.${points.id}`]: "70" },
    });
    assert.equal(wrong.status, 422);
    const wrongHtml = await wrong.text();
    assert.match(wrongHtml, /Points: must be at most 10/);
    assert.doesNotMatch(wrongHtml, /customFields\./, "no field ids shown");
    const saved = await json(await a.owner.call("GET", `/api/projects/tasks/${task.id}`), 200);
    assert.deepEqual(saved.customFields, { [stage.id]: won, [points.id]: 7 });
    const taskPage = await (await browse(`/projects/tasks/${task.id}`, { who: a.owner })).text();
    assert.match(taskPage, /id="task-cf"/);

    // The list page filters by the select value; the reports page breaks the project down.
    const list = await (await browse(`/projects/tasks?projectId=${p.id}&cf=${stage.id}:${won}`, {
      who: a.owner,
    })).text();
    assert.match(list, /Card/);
    assert.doesNotMatch(list, new RegExp(`/projects/tasks/${other.id}"`));
    const report = await (await browse(`/projects/reports?projectId=${p.id}`, { who: a.owner }))
      .text();
    assert.match(report, /id="pj-cf-breakdown"/);

    // Edit: rename an option, empty the other's name to remove it (used: needs the tick).
    const lead = stage.options[0].id;
    await browse(`/projects/tasks/${other.id}/fields`, {
      who: a.owner,
      form: { [`cf.${stage.id}`]: lead },
    });
    const form = {
      name: "Stage",
      description: "Sales stage",
      [`optionLabel.${lead}`]: "",
      [`optionColor.${lead}`]: "gray",
      [`optionLabel.${won}`]: "Won deal",
      [`optionColor.${won}`]: "green",
      options: "Lost",
    };
    const used = await browse(`${base}/${stage.id}`, { who: a.owner, form });
    assert.equal(used.status, 422);
    const usedHtml = await used.text();
    assert.match(
      usedHtml,
      /Stage: the option .{1,6}Lead.{1,6} is used by 1 task/,
    );
    const edited = await browse(`${base}/${stage.id}`, {
      who: a.owner,
      form: { ...form, clearRemovedOptions: "1" },
    });
    assert.equal(edited.status, 303);
    fields = (await json(await a.owner.call("GET", fieldsOf(p.id)), 200)).items;
    assert.deepEqual(fields[0].options.map((o: { label: string }) => o.label), [
      "Won deal",
      "Lost",
    ]);
    assert.equal(fields[0].options[0].color, "green");
    assert.equal(fields[0].description, "Sales stage");

    // Move and delete.
    await browse(`${base}/${points.id}/move`, { who: a.owner, form: { dir: "up" } });
    fields = (await json(await a.owner.call("GET", fieldsOf(p.id)), 200)).items;
    assert.equal(fields[0].name, "Points");
    const gone = await browse(`${base}/${points.id}/delete`, { who: a.owner, form: {} });
    assert.equal(gone.status, 303);
    fields = (await json(await a.owner.call("GET", fieldsOf(p.id)), 200)).items;
    assert.deepEqual(fields.map((f: { name: string }) => f.name), ["Stage"]);
  },
);

// ---- the rules, directly ------------------------------------------------------------------

const def = (over: Partial<FieldDef>): FieldDef => ({
  id: "0190a0a0-0000-7000-8000-0000000000f1",
  projectId: "0190a0a0-0000-7000-8000-0000000000p1",
  name: "F",
  type: "text",
  required: false,
  description: "",
  position: 0,
  min: null,
  max: null,
  options: [],
  ...over,
});
const OPT = "0190a0a0-0000-7000-8000-0000000000a1";
const USER = "0190a0a0-0000-7000-8000-0000000000b1";

Deno.test("custom fields rules: values by type", () => {
  const none = new Set<string>();
  const ok = (d: FieldDef, v: unknown, members = none) => {
    const r = parseValue(d, v, members);
    assert.ok(r.ok, JSON.stringify(r));
    return r.ok ? r.value : null;
  };
  const bad = (d: FieldDef, v: unknown, members = none) => {
    const r = parseValue(d, v, members);
    assert.ok(!r.ok, JSON.stringify(v));
    return r.ok ? "" : r.reason;
  };
  assert.deepEqual(ok(def({ type: "text" }), " a "), { text: "a" });
  assert.equal(ok(def({ type: "text" }), "  "), null);
  assert.equal(ok(def({ type: "text" }), null), null);
  assert.match(bad(def({ type: "text" }), "x".repeat(2001)), /at most 2000/);
  assert.deepEqual(ok(def({ type: "number" }), "3.5"), { number: 3.5 });
  assert.match(bad(def({ type: "number" }), "1e3"), /number/);
  assert.match(bad(def({ type: "number" }), Infinity), /number/);
  assert.match(bad(def({ type: "number" }), 2e15), /between/);
  assert.match(bad(def({ type: "number", min: 1 }), 0), /at least 1/);
  assert.deepEqual(ok(def({ type: "date" }), "2024-02-29"), { date: "2024-02-29" });
  assert.match(bad(def({ type: "date" }), "2023-02-29"), /date/);
  assert.match(bad(def({ type: "date" }), "2023-2-1"), /date/);
  assert.match(bad(def({ type: "person" }), USER), /member/);
  assert.deepEqual(ok(def({ type: "person" }), USER, new Set([USER])), { user: USER });
  const options = [{ id: OPT, label: "A", color: "gray" as const, position: 0 }];
  assert.deepEqual(ok(def({ type: "select", options }), OPT.toUpperCase()), { options: [OPT] });
  assert.match(bad(def({ type: "select", options }), [OPT]), /options/);
  assert.deepEqual(ok(def({ type: "multi_select", options }), [OPT, OPT]), { options: [OPT] });
  assert.equal(ok(def({ type: "multi_select", options }), []), null);
  assert.match(bad(def({ type: "multi_select", options }), [USER]), /options/);
  assert.deepEqual(ok(def({ type: "url" }), "http://a.example/x"), { text: "http://a.example/x" });
  assert.match(bad(def({ type: "url" }), "mailto:a@b.c"), /web address/);
  assert.ok(isWebUrl("https://x.y"));
  assert.ok(!isWebUrl("https:/"));
});

Deno.test("custom fields rules: required, unknown ids, filters, sort keys", () => {
  const d = def({ required: true, name: "Client" });
  const none = new Set<string>();
  assert.deepEqual(
    checkCustomFields([d], undefined, { creating: true, members: none }).errors,
    [{ path: `customFields.${d.id}`, message: "Client: is required" }],
  );
  assert.deepEqual(checkCustomFields([d], {}, { creating: false, members: none }).errors, []);
  assert.equal(
    checkCustomFields([d], { [d.id]: null }, { creating: false, members: none }).errors[0].message,
    "Client: is required",
  );
  assert.equal(
    checkCustomFields([d], { nope: 1, [d.id]: "x" }, { creating: true, members: none })
      .errors[0].path,
    "customFields.nope",
  );
  assert.deepEqual(parseFilterParam(`${OPT}:gte:5`), { fieldId: OPT, op: "gte", value: "5" });
  assert.deepEqual(parseFilterParam(`${OPT}:a:b`), { fieldId: OPT, op: "eq", value: "a:b" });
  assert.equal(parseFilterParam("x:eq:1"), null);
  const num = def({ type: "number", name: "N" });
  const r = checkFilter(num, { fieldId: num.id, op: "contains", value: "1" }, USER);
  assert.ok(!r.ok && /N: the operator contains/.test(r.reason));
  const person = def({ type: "person" });
  const me = checkFilter(person, { fieldId: person.id, op: "eq", value: "me" }, USER);
  assert.ok(me.ok && "values" in me.filter && me.filter.values[0] === USER);
  assert.ok(validSortKey("number", "Infinity"));
  assert.ok(validSortKey("number", "-12.5"));
  assert.ok(!validSortKey("number", "1; drop"));
  assert.ok(validSortKey("date", "infinity"));
  assert.ok(!validSortKey("select", "x"));
});
