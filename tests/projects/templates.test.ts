/**
 * Project templates: a project saved as a template (flow, labels, fields, milestones, task tree,
 * dependencies, dates relative to its start) makes a new project with every date shifted to
 * its start; refusals; another tenant's template; nothing half-made when creation fails.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, problem, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import {
  checkTemplate,
  creationOrder,
  dependencyCycle,
  toTemplate,
} from "../../modules/projects/templates/templates.rules.ts";
import { addMember, flow, json, MISSING, newProject, newTask } from "./fixtures.ts";

Deno.test("templates rules: dates relative to the start, keys for ids, checks", () => {
  const c = toTemplate({
    startDate: "2026-01-05",
    dueDate: "2026-02-05",
    statuses: [{ id: "a", name: "To do", category: "open" }, {
      id: "b",
      name: "Done",
      category: "done",
    }],
    transitions: [{ fromStatusId: "a", toStatusId: "b", roles: [] }],
    fields: [],
    milestones: [{ id: "m", name: "Beta", description: "", date: "2026-01-20" }],
    tasks: [
      {
        id: "x",
        title: "Child",
        description: "",
        statusId: "a",
        priority: "normal",
        estimate: null,
        labels: ["b"],
        parentId: "y",
        milestoneId: "m",
        startDate: "2026-01-06",
        dueDate: "2026-01-08",
      },
      {
        id: "y",
        title: "Parent",
        description: "",
        statusId: "b",
        priority: "kritik",
        estimate: 3,
        labels: ["a", "b"],
        parentId: null,
        milestoneId: null,
        startDate: null,
        dueDate: "2026-01-04",
      },
    ],
    dependencies: [{ blockerId: "y", blockedId: "x", kind: "finish_to_start", lagDays: 1 }],
  });
  assert.equal(c.durationDays, 31);
  assert.deepEqual(c.labels, ["a", "b"]);
  assert.deepEqual(c.milestones[0].offset, 15);
  assert.deepEqual(
    c.tasks.map((t) => [t.key, t.parent, t.startOffset, t.dueOffset]),
    [["t1", "t2", 1, 3], ["t2", null, null, -1]],
  );
  assert.deepEqual(c.dependencies, [{
    blocker: "t2",
    blocked: "t1",
    kind: "finish_to_start",
    lagDays: 1,
  }]);
  assert.deepEqual(checkTemplate(c), []);
  assert.deepEqual(creationOrder(c.tasks)!.map((t) => t.key), ["t2", "t1"]);
  // Broken templates name what is wrong.
  const broken = structuredClone(c);
  broken.tasks[0].status = "nope";
  broken.dependencies.push({ blocker: "t1", blocked: "t9", kind: "finish_to_start", lagDays: 0 });
  assert.deepEqual(checkTemplate(broken).map((e) => e.path), [
    "tasks[0].status",
    "dependencies[1].blocked",
  ]);
  const looped = structuredClone(c);
  looped.tasks[1].parent = "t1";
  assert.deepEqual(checkTemplate(looped).map((e) => e.path), ["tasks"]);
  assert.equal(
    dependencyCycle([{ blocker: "a", blocked: "b" }, { blocker: "b", blocked: "a" }]),
    true,
  );
  assert.equal(
    dependencyCycle([{ blocker: "a", blocked: "b" }, { blocker: "a", blocked: "c" }]),
    false,
  );
});

async function sourceProject() {
  const t = await newTenant();
  const p = await newProject(t.owner, {
    name: "Launch",
    startDate: "2026-01-05",
    dueDate: "2026-03-02",
  });
  const epic = await newTask(t.owner, p.id, {
    title: "Epic",
    startDate: "2026-01-05",
    dueDate: "2026-01-30",
    priority: "kritik",
    estimate: 40,
    labels: ["launch"],
  });
  const a = await newTask(t.owner, p.id, {
    title: "Design",
    parentId: epic.id,
    startDate: "2026-01-06",
    dueDate: "2026-01-09",
    estimate: 8,
  });
  const b = await newTask(t.owner, p.id, {
    title: "Build",
    parentId: epic.id,
    startDate: "2026-01-12",
    dueDate: "2026-01-23",
    blockedBy: [a.id],
    labels: ["dev"],
  });
  return { t, p, epic, a, b };
}

itest(
  "templates: save a project, make a new one with dates shifted and the tree intact",
  async () => {
    const { t, p } = await sourceProject();
    const saved = await json(
      await t.owner.call("POST", "/api/projects/templates", {
        projectId: p.id,
        name: "Launch plan",
        description: "Our launch",
      }),
      201,
    );
    assert.equal(saved.taskCount, 3);
    assert.deepEqual(saved.content.labels, ["dev", "launch"]);
    const list = await json(await t.owner.call("GET", "/api/projects/templates"), 200);
    assert.deepEqual(list.items.map((x: { name: string }) => x.name), ["Launch plan"]);
    // A member of the workspace (not of the source project) sees and uses it.
    const other = await t.member(["member"]);
    await json(await other.call("GET", `/api/projects/templates/${saved.id}`), 200);
    const made = await json(
      await other.call("POST", `/api/projects/templates/${saved.id}/projects`, {
        name: "Launch 2",
        startDate: "2026-06-01",
      }),
      201,
    );
    assert.equal(made.name, "Launch 2");
    assert.equal(made.startDate, "2026-06-01");
    assert.equal(made.dueDate, "2026-07-27"); // 56 days after the start, as the source
    assert.equal(made.myRole, "manager");
    const srcFlow = await flow(t.owner, p.id);
    const newFlow = await flow(other, made.id);
    assert.deepEqual(
      newFlow.items.map((s: { name: string; category: string }) => [s.name, s.category]),
      srcFlow.items.map((s: { name: string; category: string }) => [s.name, s.category]),
    );
    const tasks = (await json(
      await other.call("GET", `/api/projects/tasks?projectId=${made.id}&limit=100`),
      200,
    ))
      .items as {
        id: string;
        title: string;
        parentId: string | null;
        blockedBy: string[];
        startDate: string;
        dueDate: string;
        estimate: number | null;
        priority: string;
        labels: string[];
      }[];
    const by = (title: string) => tasks.find((x) => x.title === title)!;
    assert.equal(tasks.length, 3);
    assert.equal(by("Epic").parentId, null);
    assert.equal(by("Design").parentId, by("Epic").id);
    assert.equal(by("Build").parentId, by("Epic").id);
    assert.deepEqual(by("Build").blockedBy, [by("Design").id]);
    assert.deepEqual([by("Epic").startDate, by("Epic").dueDate], ["2026-06-01", "2026-06-26"]);
    assert.deepEqual([by("Design").startDate, by("Design").dueDate], ["2026-06-02", "2026-06-05"]);
    assert.deepEqual([by("Build").startDate, by("Build").dueDate], ["2026-06-08", "2026-06-19"]);
    assert.equal(by("Epic").priority, "kritik");
    assert.equal(by("Epic").estimate, 40);
    assert.deepEqual(by("Build").labels, ["dev"]);
    // The source is untouched.
    const src = await json(await t.owner.call("GET", `/api/projects/tasks?projectId=${p.id}`), 200);
    assert.equal(src.items.length, 3);
  },
);

itest("templates: refusals: bad input, roles, another tenant, nothing half-made", async () => {
  const { t, p } = await sourceProject();
  const saved = await json(
    await t.owner.call("POST", "/api/projects/templates", { projectId: p.id, name: "Plan" }),
    201,
  );
  // Bad input: 400 naming the field.
  const noName = await problem(
    await t.owner.call("POST", "/api/projects/templates", { projectId: p.id, name: "" }),
    400,
  );
  assert.ok(JSON.stringify(noName.errors).includes("name"));
  const noStart = await problem(
    await t.owner.call("POST", `/api/projects/templates/${saved.id}/projects`, {
      name: "X",
      startDate: "01/06/2026",
    }),
    400,
  );
  assert.ok(JSON.stringify(noStart.errors).includes("startDate"));
  const zone = await problem(
    await t.owner.call("POST", `/api/projects/templates/${saved.id}/projects`, {
      name: "X",
      startDate: "2026-06-01",
      timeZone: "Nowhere/Else",
    }),
    422,
  );
  assert.equal(zone.errors[0].path, "timeZone");
  // Only the project's managers save it; workspace viewers make no projects.
  const member = await t.member(["member"]);
  await addMember(t.owner, p.id, member.id, "member");
  await problem(
    await member.call("POST", "/api/projects/templates", { projectId: p.id, name: "Mine" }),
    403,
  );
  await problem(await member.call("DELETE", `/api/projects/templates/${saved.id}`), 403);
  const viewer = await t.member(["viewer"]);
  await json(await viewer.call("GET", "/api/projects/templates"), 200);
  await problem(
    await viewer.call("POST", `/api/projects/templates/${saved.id}/projects`, {
      name: "X",
      startDate: "2026-06-01",
    }),
    403,
  );
  // Another tenant: 404 for the template and the project, nothing made.
  const other = await newTenant();
  await problem(await other.owner.call("GET", `/api/projects/templates/${saved.id}`), 404);
  await problem(
    await other.owner.call("POST", `/api/projects/templates/${saved.id}/projects`, {
      name: "Stolen",
      startDate: "2026-06-01",
    }),
    404,
  );
  await problem(await other.owner.call("DELETE", `/api/projects/templates/${saved.id}`), 404);
  await problem(
    await other.owner.call("POST", "/api/projects/templates", { projectId: p.id, name: "Stolen" }),
    404,
  );
  assert.deepEqual(
    (await json(await other.owner.call("GET", "/api/projects/templates"), 200)).items,
    [],
  );
  await problem(await t.owner.call("GET", `/api/projects/templates/${MISSING}`), 404);
  // A template broken behind the app's back (two statuses of one name): the project is not
  // made halfway; the flow is written after the project and fails on the unique name.
  const { platform } = await testApp();
  await platform.db.sql`update project_templates
    set content = jsonb_set(content, '{statuses,1,name}', content #> '{statuses,0,name}')
    where id = ${saved.id}`;
  const before =
    (await json(await t.owner.call("GET", "/api/projects/projects"), 200)).items.length;
  const broken = await problem(
    await t.owner.call("POST", `/api/projects/templates/${saved.id}/projects`, {
      name: "Half",
      startDate: "2026-06-01",
    }),
    422,
  );
  assert.ok(broken.errors.some((e: { path: string }) => e.path.startsWith("content.statuses")));
  // Two custom fields whose names fold alike pass the checks and fail in the database, after
  // the project, its flow and its first field are written: all of it is rolled back.
  const field = (name: string, key: string) => ({
    key,
    name,
    type: "text",
    required: false,
    description: "",
    minValue: null,
    maxValue: null,
    options: [],
  });
  await platform.db.sql`update project_templates
    set content = jsonb_set(jsonb_set(content, '{statuses,1,name}', '"Second"'), '{fields}',
      ${platform.db.sql.json([field("Cost", "f1"), field("COST", "f2")])})
    where id = ${saved.id}`;
  await problem(
    await t.owner.call("POST", `/api/projects/templates/${saved.id}/projects`, {
      name: "Half",
      startDate: "2026-06-01",
    }),
    409,
  );
  const after = (await json(await t.owner.call("GET", "/api/projects/projects"), 200)).items;
  assert.equal(after.length, before);
  assert.ok(!after.some((x: { name: string }) => x.name === "Half"));
  const [{ n }] = await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) => tx`select count(*)::int as n from projects where name = 'Half'`,
  );
  assert.equal(n, 0);
  // Its maker deletes it.
  const fresh = await json(
    await t.owner.call("POST", "/api/projects/templates", { projectId: p.id, name: "Temp" }),
    201,
  );
  const del = await t.owner.call("DELETE", `/api/projects/templates/${fresh.id}`);
  assert.equal(del.status, 204);
  await problem(await t.owner.call("GET", `/api/projects/templates/${fresh.id}`), 404);
});

itest("templates: the pages save a template and make a project from it", async () => {
  const { t, p } = await sourceProject();
  const saved = await browse("/projects/templates", {
    who: t.owner,
    form: { projectId: p.id, name: "From the page", description: "" },
  });
  assert.equal(saved.status, 303);
  const list = await (await browse("/projects/templates", { who: t.owner })).text();
  assert.match(list, /From the page/);
  const { items } = await json(await t.owner.call("GET", "/api/projects/templates"), 200);
  const made = await browse("/projects/templates/new", {
    who: t.owner,
    form: { templateId: items[0].id, name: "Page project", startDate: "2026-09-01" },
  });
  assert.equal(made.status, 303);
  assert.match(made.headers.get("location") ?? "", /^\/projects\/projects\/[0-9a-f-]{36}$/);
  // The new-project dialog offers the template; a bad start date answers the form again.
  assert.match(
    await (await browse("/projects/projects", { who: t.owner })).text(),
    /New from template/,
  );
  const bad = await browse("/projects/templates/new", {
    who: t.owner,
    form: { templateId: items[0].id, name: "Page project", startDate: "" },
  });
  assert.equal(bad.status, 400);
  // Project page: managers see "Save as template".
  assert.match(
    await (await browse(`/projects/projects/${p.id}`, { who: t.owner })).text(),
    /Save as template/,
  );
});
