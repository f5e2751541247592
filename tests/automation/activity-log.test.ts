import assert from "node:assert/strict";
import { withScope } from "../../shared/db/scope.ts";
import { recordActivity } from "../../platform/activity/public.ts";
import { browse, itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { addMember, newProject, newTask } from "../projects/fixtures.ts";

const API = "/api/automation";

async function json(res: Response, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

/** Records a line as `userId` in the tenant (straight through the platform service). */
async function line(
  t: TestTenant,
  userId: string | null,
  input: { module: string; entityType: string; entityId: string; summary?: string },
) {
  const { platform } = await testApp();
  return await withScope(
    platform.db.sql,
    { tenantId: t.id, userId: userId ?? undefined },
    (tx) =>
      recordActivity({ sql: tx }, {
        action: "updated",
        summary: input.summary ?? `${input.module} ${input.entityType} changed`,
        before: { name: "old" },
        after: { name: "new" },
        ...input,
      }),
  );
}

/** A custom role with exactly these permissions, and a member holding only it. */
async function memberWith(t: TestTenant, key: string, permissions: string[]) {
  await json(await t.owner.call("POST", "/api/admin/roles", { key, name: key, permissions }), 201);
  return await t.member([key]);
}

async function seeded() {
  const t = await newTenant();
  const support = await line(t, t.owner.id, {
    module: "support",
    entityType: "ticket",
    entityId: "T-1",
  });
  const projects = await line(t, t.owner.id, {
    module: "projects",
    entityType: "project",
    entityId: crypto.randomUUID(),
  });
  const documents = await line(t, t.owner.id, {
    module: "documents",
    entityType: "file",
    entityId: crypto.randomUUID(),
  });
  const automation = await line(t, null, {
    module: "automation",
    entityType: "agent",
    entityId: crypto.randomUUID(),
    summary: '=HYPERLINK("http://evil")',
  });
  return { t, support, projects, documents, automation };
}

itest("activity-log: every module's lines, newest first, with filters and paging", async () => {
  const { t, support, projects, documents, automation } = await seeded();
  const all = await json(await t.owner.call("GET", `${API}/activity-log`));
  assert.deepEqual(
    all.items.map((e: { id: string }) => e.id),
    [automation.id, documents.id, projects.id, support.id],
  );
  assert.equal(all.nextCursor, null);
  const first = all.items[3];
  assert.equal(first.actorName, "Owner");
  assert.deepEqual(first.changes, { name: { from: "old", to: "new" } });

  const bySupport = await json(await t.owner.call("GET", `${API}/activity-log?module=support`));
  assert.deepEqual(bySupport.items.map((e: { id: string }) => e.id), [support.id]);
  const byEntity = await json(
    await t.owner.call("GET", `${API}/activity-log?entityType=ticket&entityId=T-1`),
  );
  assert.deepEqual(byEntity.items.map((e: { id: string }) => e.id), [support.id]);
  const byUser = await json(await t.owner.call("GET", `${API}/activity-log?userId=${t.owner.id}`));
  assert.equal(byUser.items.length, 3);
  const system = await json(await t.owner.call("GET", `${API}/activity-log?userId=system`));
  assert.deepEqual(system.items.map((e: { id: string }) => e.id), [automation.id]);
  const past = await json(await t.owner.call("GET", `${API}/activity-log?to=2020-01-01`));
  assert.equal(past.items.length, 0);
  const today = new Date().toISOString().slice(0, 10);
  const now = await json(
    await t.owner.call("GET", `${API}/activity-log?from=${today}&to=${today}`),
  );
  assert.equal(now.items.length, 4);

  const p1 = await json(await t.owner.call("GET", `${API}/activity-log?limit=3`));
  assert.equal(p1.items.length, 3);
  assert.ok(p1.nextCursor);
  const p2 = await json(
    await t.owner.call("GET", `${API}/activity-log?limit=3&cursor=${p1.nextCursor}`),
  );
  assert.deepEqual(p2.items.map((e: { id: string }) => e.id), [support.id]);
  assert.equal(p2.nextCursor, null);
});

itest("activity-log: a reader sees only the modules they may read", async () => {
  const { t, projects, automation } = await seeded();
  // Projects but not Support; Documents' files but not its audit log.
  const reader = await memberWith(t, "auto-projects", [
    "automation.job.read",
    "projects.project.read",
    "documents.file.read",
  ]);
  const seen = await json(await reader.call("GET", `${API}/activity-log`));
  // The Projects line is about no project of theirs (see the membership test below).
  assert.deepEqual(seen.items.map((e: { id: string }) => e.id), [automation.id]);
  const asOwner = await json(await t.owner.call("GET", `${API}/activity-log?module=projects`));
  assert.deepEqual(asOwner.items.map((e: { id: string }) => e.id), [projects.id]);
  await problem(await reader.call("GET", `${API}/activity-log?module=support`), 403);
  await problem(await reader.call("GET", `${API}/activity-log?module=documents`), 403);
  const csv = await (await reader.call("GET", `${API}/activity-log.csv`)).text();
  assert.ok(!csv.includes("support"), csv);
  assert.ok(!csv.includes("documents"), csv);

  const auditor = await memberWith(t, "auto-audit", [
    "automation.job.read",
    "documents.audit.read",
  ]);
  const audited = await json(await auditor.call("GET", `${API}/activity-log`));
  assert.deepEqual(audited.items.map((e: { module: string }) => e.module), [
    "automation",
    "documents",
  ]);
});

itest("activity-log: bad filters are 400, without automation.job.read 403", async () => {
  const { t } = await seeded();
  for (
    const q of [
      "from=2024-13-01",
      "to=2024-02-30",
      "from=yesterday",
      "userId=someone",
      "cursor=garbage",
      "limit=0",
      "limit=101",
      "module=Bad!",
      "module=nosuch",
      "from=2025-02-02&to=2025-02-01",
      "format=xml",
    ]
  ) {
    await problem(await t.owner.call("GET", `${API}/activity-log?${q}`), 400);
  }
  await problem(await t.owner.call("GET", `${API}/activity-log.csv?from=2024-13-01`), 400);
  const outsider = await memberWith(t, "support-only", ["support.ticket.read"]);
  await problem(await outsider.call("GET", `${API}/activity-log`), 403);
  await problem(await outsider.call("GET", `${API}/activity-log.csv`), 403);
  const res = await browse("/automation/activity", { who: outsider });
  assert.equal(res.status, 403);
});

itest("activity-log: a tenant never sees another's lines", async () => {
  const a = await seeded();
  const b = await seeded();
  const seen = await json(await a.t.owner.call("GET", `${API}/activity-log?limit=100`));
  const ids = new Set(seen.items.map((e: { id: string }) => e.id));
  for (const e of [b.support, b.projects, b.documents, b.automation]) assert.ok(!ids.has(e.id));
  const other = await json(
    await a.t.owner.call("GET", `${API}/activity-log?entityId=${b.projects.entityId}`),
  );
  assert.equal(other.items.length, 0);
  const csv = await (await a.t.owner.call("GET", `${API}/activity-log.csv`)).text();
  assert.ok(!csv.includes(b.projects.entityId));
});

itest("activity-log CSV: header, rows, formulas neutralised, same filters", async () => {
  const { t, automation } = await seeded();
  const res = await t.owner.call("GET", `${API}/activity-log.csv`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/csv/);
  assert.match(res.headers.get("content-disposition") ?? "", /attachment; filename="activity-/);
  const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
  assert.equal(
    lines[0],
    "occurredAt,module,actorName,actorEmail,action,entityType,entityId,summary,changes",
  );
  assert.equal(lines.length, 5);
  assert.ok(lines[1].includes(automation.entityId));
  assert.ok(lines[1].includes(`"'=HYPERLINK(""http://evil"")"`), lines[1]);
  assert.ok(lines[1].includes(",system,"), "the platform's own lines say so");
  const filtered =
    await (await t.owner.call("GET", `${API}/activity-log?format=csv&module=support`))
      .text();
  assert.equal(filtered.trim().split("\r\n").length, 2);
  assert.ok(filtered.includes("T-1"));
});

itest("activity page: timeline across modules, htmx filter answer, CSV link follows", async () => {
  const { t } = await seeded();
  const res = await browse("/automation/activity", { who: t.owner });
  const body = await res.text();
  assert.equal(res.status, 200, body);
  assert.ok(body.includes('href="/api/automation/activity-log.csv"'));
  assert.ok(body.includes('name="module"'));
  const visible = body.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]*>/g, " ");
  assert.ok(!/[0-9a-f]{8}-[0-9a-f]{4}-/i.test(visible), "no ids in the visible text");
  assert.ok(visible.includes("Ticket"), "entity types by label");
  const part = await browse("/automation/activity?module=support", { who: t.owner, htmx: true });
  const html = await part.text();
  assert.equal(part.status, 200);
  assert.ok(!html.includes("<html"), "a fragment");
  assert.ok(html.includes('id="activity-results"'));
  assert.ok(html.includes("activity-log.csv?module=support"));
  assert.ok(html.includes('hx-swap-oob="true"'));
  const tr = await browse("/automation/activity", {
    who: t.owner,
    headers: { "Accept-Language": "tr" },
  });
  assert.equal(tr.status, 200);
  const bad = await browse("/automation/activity?from=2024-99-99", { who: t.owner });
  assert.equal(bad.status, 400);
});

itest("activity-log: Projects lines only of projects the reader is a member of", async () => {
  const t = await newTenant();
  const a = await newProject(t.owner, { name: "Apollo" });
  const b = await newProject(t.owner, { name: "Borealis" });
  const taskA = await newTask(t.owner, a.id, { title: "Launch plan" });
  const taskB = await newTask(t.owner, b.id, { title: "Secret merger" });
  const reader = await t.member(["member"]);
  await addMember(t.owner, a.id, reader.id, "viewer");
  // Lines without the project in before/after (older or another writer's): the task's project.
  const bareA = await line(t, t.owner.id, {
    module: "projects",
    entityType: "task",
    entityId: taskA.id,
  });
  const bareB = await line(t, t.owner.id, {
    module: "projects",
    entityType: "task",
    entityId: taskB.id,
  });
  const projectOf = (e: { entityId: string; entityType: string }) =>
    e.entityType === "project"
      ? e.entityId
      : e.entityId === taskA.id
      ? a.id
      : e.entityId === taskB.id
      ? b.id
      : "?";

  const all = await json(await t.owner.call("GET", `${API}/activity-log?module=projects`));
  const owners = new Set(all.items.map(projectOf));
  assert.ok(owners.has(a.id) && owners.has(b.id), "the owner sees both projects");

  const seen = await json(
    await reader.call("GET", `${API}/activity-log?module=projects&limit=100`),
  );
  assert.ok(seen.items.length >= 3, JSON.stringify(seen.items));
  assert.deepEqual([...new Set(seen.items.map(projectOf))], [a.id], JSON.stringify(seen.items));
  const ids = seen.items.map((e: { id: string }) => e.id);
  assert.ok(ids.includes(bareA.id) && !ids.includes(bareB.id));
  const everything = await json(await reader.call("GET", `${API}/activity-log?limit=100`));
  assert.ok(
    !everything.items.some((e: { summary: string }) => /Borealis|Secret merger/.test(e.summary)),
  );
  const byId = await json(
    await reader.call("GET", `${API}/activity-log?entityId=${taskB.id}`),
  );
  assert.deepEqual(byId.items, []);
  const csv = await (await reader.call("GET", `${API}/activity-log.csv`)).text();
  assert.ok(csv.includes("Launch plan"), csv);
  assert.ok(!csv.includes("Borealis") && !csv.includes("Secret merger") && !csv.includes(b.id));

  // Out of project A, its lines go too.
  assert.equal(
    (await t.owner.call("DELETE", `/api/projects/projects/${a.id}/members/${reader.id}`)).status,
    204,
  );
  const after = await json(await reader.call("GET", `${API}/activity-log?module=projects`));
  assert.deepEqual(after.items, []);
});
