/**
 * Workflow reports: the standard reports' figures, saved reports (CRUD, validation, roles,
 * permissions, tenants apart) and custom reports run through the data-query door.
 */
import assert from "node:assert/strict";
import { itest, newTenant, problem, type TestTenant } from "../helpers.ts";
import { inTenant, seedDefinition, seedInstance, seedTask } from "./instances.fixtures.ts";

const API = "/api/workflow";
const HOUR = 3600_000;

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

/** A definition with two completed instances (2 h and 4 h) and one still running. */
async function seedProcesses(t: TestTenant) {
  const def = await seedDefinition(t, { name: "Purchase request" });
  const now = Date.now();
  for (const hours of [2, 4]) {
    await seedInstance(t, def, {
      state: "completed",
      startedAt: new Date(now - hours * HOUR - 60_000),
      endedAt: new Date(now - 60_000),
    });
  }
  const open = await seedInstance(t, def);
  return { def, open };
}

const report = (over: Record<string, unknown> = {}) => ({
  name: "Cycle times",
  description: "Saved copy",
  source: { kind: "standard", key: "cycle-time" },
  chart: { type: "bar", x: "definition", y: ["avgHours"] },
  ...over,
});

itest("reports: standard reports list, read and compute their figures", async () => {
  const t = await newTenant();
  const { def, open } = await seedProcesses(t);
  // Overdue: one mine, one unassigned; one due tomorrow is not overdue.
  await seedTask(t, open, { assignee: t.owner.id, dueAt: new Date(Date.now() - HOUR) });
  await seedTask(t, open, { dueAt: new Date(Date.now() - 2 * HOUR) });
  await seedTask(t, open, { assignee: t.owner.id, dueAt: new Date(Date.now() + 24 * HOUR) });
  // SLA: two completed on time, one late.
  for (const late of [false, false, true]) {
    const id = await seedTask(t, open, { dueAt: new Date(Date.now() - HOUR) });
    await inTenant(
      t,
      (tx) =>
        tx`update workflow_tasks set state = 'completed', definition_id = ${def.id},
        completed_at = due_at + ${late ? "1 hour" : "-1 hour"}::interval where id = ${id}`,
    );
  }

  const list = await json(await t.owner.call("GET", `${API}/reports`), 200);
  assert.deepEqual(
    list.items.map((r: { id: string }) => r.id),
    ["cycle-time", "overdue-per-user", "throughput-weekly", "task-sla"],
  );
  assert.equal(list.items[0].standard, true);
  assert.equal(list.items[0].name, "Cycle time per process");

  const cycle = await json(await t.owner.call("GET", `${API}/reports/cycle-time/data`), 200);
  assert.deepEqual(cycle.columns.map((c: { name: string }) => c.name), [
    "definition",
    "completed",
    "avgHours",
    "medianHours",
  ]);
  assert.deepEqual(cycle.rows, [{
    definition: "Purchase request",
    completed: 2,
    avgHours: 3,
    medianHours: 3,
  }]);

  const overdue = await json(
    await t.owner.call("GET", `${API}/reports/overdue-per-user/data`),
    200,
  );
  assert.equal(overdue.rows.length, 2);
  assert.deepEqual(overdue.rows.map((r: { overdue: number }) => r.overdue), [1, 1]);
  assert.ok(overdue.rows.some((r: { assignee: string | null }) => r.assignee === "Owner"));
  assert.ok(overdue.rows.some((r: { assignee: string | null }) => r.assignee === null));

  const weekly = await json(
    await t.owner.call("GET", `${API}/reports/throughput-weekly/data`),
    200,
  );
  assert.equal(weekly.rows.length, 12);
  assert.equal(weekly.rows.at(-1).completed, 2);
  assert.equal(weekly.rows[0].completed, 0);

  const sla = await json(await t.owner.call("GET", `${API}/reports/task-sla/data`), 200);
  assert.deepEqual(sla.rows, [{ definition: "Purchase request", onTime: 2, late: 1 }]);

  // In Turkish, names and column labels are translated.
  const tr = await json(
    await t.owner.call("GET", `${API}/reports/task-sla`, undefined, { "Accept-Language": "tr" }),
    200,
  );
  assert.equal(tr.name, "Süreç başına görev SLA'sı");

  await problem(await t.owner.call("GET", `${API}/reports/no-such-report`), 404);
  await problem(await t.owner.call("GET", `${API}/reports/no-such-report/data`), 404);
});

itest("reports: saved reports are created, replaced, deleted and audited", async () => {
  const t = await newTenant();
  await seedProcesses(t);
  const created = await json(await t.owner.call("POST", `${API}/reports`, report()), 201);
  assert.equal(created.standard, false);
  assert.equal(created.schedule, "none");
  assert.equal(created.nextRunAt, null);
  const got = await json(await t.owner.call("GET", `${API}/reports/${created.id}`), 200);
  assert.deepEqual(got.source, { kind: "standard", key: "cycle-time" });
  const data = await json(await t.owner.call("GET", `${API}/reports/${created.id}/data`), 200);
  assert.equal(data.rows[0].completed, 2);

  const replaced = await json(
    await t.owner.call(
      "PUT",
      `${API}/reports/${created.id}`,
      report({ name: "Weekly cycle", schedule: "weekly", roles: ["agent"] }),
    ),
    200,
  );
  assert.equal(replaced.name, "Weekly cycle");
  assert.deepEqual(replaced.roles, ["agent"]);
  // Weekly archive: next Monday 06:00 UTC, within a week.
  const next = new Date(replaced.nextRunAt);
  assert.equal(next.getUTCDay(), 1);
  assert.equal(next.getUTCHours(), 6);
  assert.ok(next.getTime() > Date.now() && next.getTime() <= Date.now() + 7 * 24 * HOUR);

  const list = await json(await t.owner.call("GET", `${API}/reports`), 200);
  assert.deepEqual(list.items.slice(4).map((r: { name: string }) => r.name), ["Weekly cycle"]);

  const audit = await inTenant(
    t,
    (tx) =>
      tx`select action from activity where entity_type = 'report'
      and entity_id = ${created.id} order by occurred_at, id`,
  );
  assert.deepEqual(audit.map((r) => r.action), ["created", "updated"]);

  assert.equal((await t.owner.call("DELETE", `${API}/reports/${created.id}`)).status, 204);
  await problem(await t.owner.call("GET", `${API}/reports/${created.id}`), 404);
  await problem(await t.owner.call("DELETE", `${API}/reports/${created.id}`), 404);
});

itest("reports: bad input is a 400 or 422 problem, never a 500", async () => {
  const t = await newTenant();
  const post = (body: unknown) => t.owner.call("POST", `${API}/reports`, body);
  const bad = await problem(await post({ ...report(), name: "" }), 400);
  assert.ok(bad.errors.some((e: { path: string }) => /(^|\.)name$/.test(e.path)));
  await problem(await post(report({ source: { kind: "standard", key: "nope" } })), 400);
  await problem(await post(report({ chart: { type: "radar" } })), 400);
  await problem(await post(report({ schedule: "hourly" })), 400);
  const role = await problem(await post(report({ roles: ["no-such-role"] })), 400);
  assert.equal(role.errors[0].path, "roles.0");
  await problem(
    await post(report({ source: { kind: "adhoc", source: "records", definition: {} } })),
    400,
  );
  await problem(await t.owner.call("POST", `${API}/reports`, "not json"), 400);
  // Standard reports are not editable.
  await problem(await t.owner.call("PUT", `${API}/reports/cycle-time`, report()), 422);
  await problem(await t.owner.call("DELETE", `${API}/reports/cycle-time`), 422);
  await problem(await t.owner.call("POST", `${API}/reports/cycle-time/snapshots`), 422);
  // A query the query layer refuses is a 422, not a 500 (and the request stays usable).
  const broken = await json(
    await post(report({
      source: { kind: "query", query: "no_such_query", params: {} },
    })),
    201,
  );
  await problem(await t.owner.call("GET", `${API}/reports/${broken.id}/data`), 422);
  await problem(await t.owner.call("GET", `${API}/reports/${broken.id}/data-x`), 404);
});

itest("reports: permissions and roles decide who sees and changes reports", async () => {
  const t = await newTenant();
  await json(
    await t.owner.call("POST", "/api/admin/roles", {
      key: "analyst",
      name: "Analyst",
      permissions: ["workflow.report.read"],
    }),
    201,
  );
  await json(
    await t.owner.call("POST", "/api/admin/roles", {
      key: "outsider",
      name: "Outsider",
      permissions: ["admin.user.read"],
    }),
    201,
  );
  const analyst = await t.member(["analyst"]);
  const member = await t.member(["member"]);
  const outsider = await t.member(["outsider"]);
  const open = await json(await t.owner.call("POST", `${API}/reports`, report()), 201);
  const hidden = await json(
    await t.owner.call("POST", `${API}/reports`, report({ name: "Agents only", roles: ["agent"] })),
    201,
  );
  const shared = await json(
    await t.owner.call("POST", `${API}/reports`, report({ name: "Analysts", roles: ["analyst"] })),
    201,
  );

  const seen = await json(await analyst.call("GET", `${API}/reports`), 200);
  const names = seen.items.filter((r: { standard: boolean }) => !r.standard)
    .map((r: { name: string }) => r.name);
  assert.deepEqual(names, ["Analysts", "Cycle times"]);
  await json(await analyst.call("GET", `${API}/reports/${shared.id}/data`), 200);
  await problem(await analyst.call("GET", `${API}/reports/${hidden.id}`), 404);
  await problem(await analyst.call("GET", `${API}/reports/${hidden.id}/data`), 404);
  await problem(await analyst.call("GET", `${API}/reports/${hidden.id}/snapshots`), 404);
  // Reading is not writing.
  await problem(await analyst.call("POST", `${API}/reports`, report()), 403);
  await problem(await analyst.call("PUT", `${API}/reports/${open.id}`, report()), 403);
  await problem(await analyst.call("DELETE", `${API}/reports/${open.id}`), 403);
  await problem(await analyst.call("POST", `${API}/reports/${open.id}/snapshots`), 403);
  // Built-in roles read every module: a member sees reports open to all, not the analysts'.
  const forMember = await json(await member.call("GET", `${API}/reports`), 200);
  assert.deepEqual(
    forMember.items.filter((r: { standard: boolean }) => !r.standard)
      .map((r: { name: string }) => r.name),
    ["Cycle times"],
  );
  await problem(await member.call("GET", `${API}/reports/${shared.id}/data`), 404);
  // Without workflow.report.read nothing at all.
  await problem(await outsider.call("GET", `${API}/reports`), 403);
  await problem(await outsider.call("GET", `${API}/reports/cycle-time/data`), 403);
  await problem(await outsider.call("GET", `${API}/reports/${open.id}/snapshots`), 403);
});

itest("reports: another tenant's report is not found and stays unchanged", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const mine = await json(await a.owner.call("POST", `${API}/reports`, report()), 201);
  const url = `${API}/reports/${mine.id}`;
  await problem(await b.owner.call("GET", url), 404);
  await problem(await b.owner.call("GET", `${url}/data`), 404);
  await problem(await b.owner.call("GET", `${url}/snapshots`), 404);
  await problem(await b.owner.call("POST", `${url}/snapshots`), 404);
  await problem(await b.owner.call("PUT", url, report({ name: "Taken" })), 404);
  await problem(await b.owner.call("DELETE", url), 404);
  const list = await json(await b.owner.call("GET", `${API}/reports`), 200);
  assert.equal(list.items.length, 4);
  const still = await json(await a.owner.call("GET", url), 200);
  assert.equal(still.name, "Cycle times");
  const snaps = await json(await a.owner.call("GET", `${url}/snapshots`), 200);
  assert.deepEqual(snaps.items, []);
});

itest("reports: a studio report runs through the data-query door, people by name", async () => {
  const t = await newTenant();
  const { open } = await seedProcesses(t);
  await seedTask(t, open, { assignee: t.owner.id });
  const grouped = await json(
    await t.owner.call(
      "POST",
      `${API}/reports`,
      report({
        name: "By state",
        source: {
          kind: "adhoc",
          source: "instances",
          definition: {
            groupBy: ["state"],
            aggregates: [{ fn: "count", as: "count" }],
            sort: [{ field: "state", dir: "asc" }],
          },
        },
        chart: { type: "pie", x: "state", y: ["count"] },
      }),
    ),
    201,
  );
  const data = await json(await t.owner.call("GET", `${API}/reports/${grouped.id}/data`), 200);
  assert.deepEqual(data.columns.map((c: { type: string }) => c.type), ["enum", "number"]);
  // Enum codes come back as their labels.
  assert.deepEqual(
    data.rows.map((r: { state: string; count: number }) => [r.state, r.count]).sort(),
    [["Active", 1], ["Completed", 2]],
  );

  const tasks = await json(
    await t.owner.call(
      "POST",
      `${API}/reports`,
      report({
        name: "Tasks",
        source: {
          kind: "adhoc",
          source: "tasks",
          definition: { columns: ["name", "assignee"] },
        },
        chart: { type: "table" },
      }),
    ),
    201,
  );
  const rows = await json(await t.owner.call("GET", `${API}/reports/${tasks.id}/data`), 200);
  assert.deepEqual(rows.rows, [{ name: "Approve purchase", assignee: "Owner" }]);

  // A field the query layer does not know is a 422 with its reason.
  const unknown = await json(
    await t.owner.call(
      "POST",
      `${API}/reports`,
      report({
        name: "Broken",
        source: { kind: "adhoc", source: "tasks", definition: { columns: ["nope"] } },
      }),
    ),
    201,
  );
  await problem(await t.owner.call("GET", `${API}/reports/${unknown.id}/data`), 422);
});
