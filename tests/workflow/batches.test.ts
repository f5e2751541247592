/**
 * Batch operations (POST /api/workflow/batches): cancel, suspend and resume, migrate and modify
 * the instances a query selects, worked by queue jobs in chunks with progress; an instance that
 * fails is listed with the engine's message and retried; the API's refusals (400, 403, 404 for
 * another tenant's batch, 422 when nothing matches) and the pure rules.
 */
import assert from "node:assert/strict";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { STEP_JOB, TIMER_JOB } from "../../modules/workflow/common/model.lib.ts";
import { stepJob, timerJob } from "../../modules/workflow/engine/engine.jobs.service.ts";
import { BATCH_JOB, batchJob } from "../../modules/workflow/batches/batches.run.service.ts";
import {
  checkBatchInput,
  CHUNK,
  progressPercent,
} from "../../modules/workflow/batches/batches.rules.ts";
import { browse, itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { asOwner, buildModel, completeTask, deploy, snapshot } from "./engine.fixtures.ts";
import * as engine from "../../modules/workflow/engine/engine.service.ts";

const API = "/api/workflow/batches";

/** Runs every due batch and engine job (and what they queue) until none is left. */
async function drain() {
  const { platform } = await testApp();
  const names = [STEP_JOB, TIMER_JOB, BATCH_JOB];
  await new Dispatcher(
    platform.db,
    new Map([[STEP_JOB, stepJob], [TIMER_JOB, timerJob], [BATCH_JOB, batchJob]]),
    { onlyNames: names, bus: platform.bus, concurrency: 2, pollMs: 50, leaseSeconds: 30 },
  ).drain();
}

const line = () =>
  buildModel("order", [
    { id: "start", type: "startEvent" },
    { id: "A", type: "userTask", name: "Check order" },
    { id: "B", type: "userTask", name: "Ship order" },
    { id: "end", type: "endEvent" },
  ], [["start", "A"], ["A", "B"], ["B", "end"]]);

async function startMany(t: TestTenant, n: number, prefix = "PO") {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      (await asOwner(
        t,
        (a) => engine.startInstance(a, { key: "order", businessKey: `${prefix}-${i}` }),
      )).id,
    );
  }
  return ids;
}

async function json(res: Response, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

const create = async (t: TestTenant, body: unknown) =>
  await json(await t.owner.call("POST", API, body), 201);
const get = async (t: TestTenant, id: string) =>
  await json(await t.owner.call("GET", `${API}/${id}`));

itest("batches: cancel by definition key runs in the background with progress", async () => {
  const t = await newTenant();
  await deploy(t, line());
  // More than one chunk: the first job hands over to a second.
  const n = CHUNK + 2;
  const ids = await startMany(t, n);
  const b = await create(t, { type: "cancel", query: { definitionKey: "order" }, reason: "dup" });
  assert.equal(b.state, "running");
  assert.deepEqual([b.total, b.done, b.failed, b.pending], [n, 0, 0, n]);
  assert.equal((await snapshot(t, ids[0])).state, "active", "nothing happens in the request");
  await drain();
  const after = await get(t, b.id);
  assert.equal(after.state, "completed");
  assert.ok(after.finishedAt);
  assert.deepEqual([after.done, after.failed, after.pending], [n, 0, 0]);
  for (const id of ids) assert.equal((await snapshot(t, id)).state, "cancelled");
  const list = await json(await t.owner.call("GET", API));
  assert.deepEqual(list.items.map((x: { id: string }) => x.id), [b.id]);
  assert.equal(list.items[0].createdByName, "Owner");
  const running = await json(await t.owner.call("GET", `${API}?state=running`));
  assert.deepEqual(running.items, []);
});

itest("batches: suspend then resume by business key and start time", async () => {
  const t = await newTenant();
  await deploy(t, line());
  const [a, b] = await startMany(t, 2, "X");
  const [c] = await startMany(t, 1, "Y");
  const s = await create(t, {
    type: "suspend",
    query: { businessKey: "X-1", startedAfter: new Date(Date.now() - 3_600_000).toISOString() },
  });
  assert.equal(s.total, 1);
  await drain();
  assert.deepEqual(
    [(await snapshot(t, a)).state, (await snapshot(t, b)).state, (await snapshot(t, c)).state],
    ["active", "suspended", "active"],
  );
  // An instance already suspended counts as done, not failed.
  const again = await create(t, {
    type: "suspend",
    query: { instanceIds: [a, b], states: ["active", "suspended"] },
  });
  await drain();
  assert.deepEqual(
    [(await get(t, again.id)).done, (await get(t, again.id)).failed],
    [2, 0],
  );
  assert.equal((await snapshot(t, a)).state, "suspended");
  await asOwner(t, (x) => engine.resumeInstance(x, a));
  // Resume takes only suspended instances by default.
  const r = await create(t, { type: "resume", query: { definitionKey: "order" } });
  assert.equal(r.total, 1);
  await drain();
  assert.equal((await snapshot(t, b)).state, "active");
  assert.equal((await get(t, r.id)).done, 1);
});

itest("batches: migrate to another version by mapping", async () => {
  const t = await newTenant();
  const v1 = await deploy(t, line());
  const ids = await startMany(t, 2);
  await completeTask(t, ids[1], "A");
  const v2 = await deploy(t, line());
  const m = await create(t, {
    type: "migrate",
    query: { definitionKey: "order", version: 1 },
    migration: { toVersion: 2, mapping: { A: "A", B: "B" } },
  });
  assert.equal(m.total, 2);
  await drain();
  const done = await get(t, m.id);
  assert.deepEqual([done.done, done.failed], [2, 0]);
  for (const id of ids) assert.equal((await snapshot(t, id)).versionId, v2.versionId);
  assert.notEqual(v1.versionId, v2.versionId);
  // Unknown target version: 404.
  await problem(
    await t.owner.call("POST", API, {
      type: "migrate",
      query: { definitionKey: "order" },
      migration: { toVersion: 9, mapping: {} },
    }),
    404,
  );
});

itest("batches: a failing instance is listed with its message and retried", async () => {
  const t = await newTenant();
  await deploy(t, line());
  const ids = await startMany(t, 3);
  // This one has moved past A: "cancel A" cannot apply to it.
  await completeTask(t, ids[1], "A");
  const b = await create(t, {
    type: "modify",
    query: { instanceIds: ids },
    modification: {
      instructions: [
        { type: "cancel", activityId: "A" },
        { type: "startBeforeActivity", activityId: "B" },
      ],
    },
  });
  await drain();
  const after = await get(t, b.id);
  assert.equal(after.state, "completed");
  assert.deepEqual([after.done, after.failed], [2, 1]);
  assert.equal(after.failures.length, 1);
  assert.equal(after.failures[0].instanceId, ids[1]);
  assert.match(after.failures[0].message, /Check order/);
  assert.equal(after.failures[0].attempts, 1);
  assert.deepEqual((await snapshot(t, ids[1])).tokens, ["B:waiting"], "rolled back, unchanged");
  assert.deepEqual((await snapshot(t, ids[0])).tokens, ["B:waiting"]);

  // The operator puts a token at A again; the retry then succeeds.
  await json(
    await t.owner.call("POST", `/api/workflow/process/${ids[1]}/modification`, {
      instructions: [{ type: "startBeforeActivity", activityId: "A" }],
    }),
  );
  const retried = await json(await t.owner.call("POST", `${API}/${b.id}/retry`));
  assert.equal(retried.state, "running");
  assert.deepEqual([retried.failed, retried.pending, retried.done], [0, 1, 2]);
  await drain();
  const final = await get(t, b.id);
  assert.deepEqual([final.state, final.done, final.failed], ["completed", 3, 0]);
  assert.deepEqual(final.failures, []);
  assert.deepEqual((await snapshot(t, ids[1])).tokens, ["B:waiting", "B:waiting"]);
  // Nothing failed any more: a retry is a conflict.
  await problem(await t.owner.call("POST", `${API}/${b.id}/retry`), 409);
});

itest("batches: 400 bad input, 422 nothing matches, 403 members, 404 other tenant", async () => {
  const t = await newTenant();
  await deploy(t, line());
  const ids = await startMany(t, 1);
  const bad = async (body: unknown) => await problem(await t.owner.call("POST", API, body), 400);
  await bad({ type: "delete", query: {} });
  await bad({ type: "cancel" });
  await bad({ type: "cancel", query: { nope: 1 } });
  await bad({ type: "cancel", query: { states: ["running"] } });
  await bad({ type: "migrate", query: { definitionKey: "order" } });
  await bad({ type: "cancel", query: {}, migration: { toVersion: 1, mapping: {} } });
  await bad({ type: "modify", query: {} });
  await bad({ type: "suspend", query: { version: 1 } });
  await bad({ type: "suspend", query: {}, reason: "x" });
  await bad({
    type: "modify",
    query: {},
    modification: {
      instructions: [{ type: "startBeforeActivity", activityId: "A", variables: { "a b": 1 } }],
    },
  });
  await problem(
    await t.owner.call("POST", API, { type: "resume", query: { definitionKey: "order" } }),
    422,
  );
  await problem(await t.owner.call("GET", `${API}?cursor=bogus`), 400);

  const member = await t.member(["member"]);
  await problem(await member.call("POST", API, { type: "cancel", query: {} }), 403);
  await problem(await member.call("GET", API), 403);

  const b = await create(t, { type: "suspend", query: { instanceIds: ids } });
  await problem(await member.call("GET", `${API}/${b.id}`), 403);
  const other = await newTenant();
  await problem(await other.owner.call("GET", `${API}/${b.id}`), 404);
  await problem(await other.owner.call("POST", `${API}/${b.id}/retry`), 404);
  assert.deepEqual((await json(await other.owner.call("GET", API))).items, []);
  // Another tenant's instance ids select nothing there.
  await problem(
    await other.owner.call("POST", API, { type: "cancel", query: { instanceIds: ids } }),
    422,
  );
  await drain();
  assert.equal((await snapshot(t, ids[0])).state, "suspended");
});

itest("batches pages: the new-batch form starts one; refusals come back on the page", async () => {
  const t = await newTenant();
  await deploy(t, line());
  const ids = await startMany(t, 2, "Z");
  const empty = await browse("/workflow/admin/batches", { who: t.owner });
  assert.equal(empty.status, 200);
  const html = await empty.text();
  assert.match(html, /No batch operation yet/);
  assert.match(html, /<option value="order">order<\/option>/);

  const res = await browse("/workflow/admin/batches", {
    who: t.owner,
    form: { type: "suspend", definitionKey: "order", businessKey: "Z-1", reason: "ignored" },
  });
  assert.equal(res.status, 303, await res.text());
  const at = res.headers.get("location") ?? "";
  assert.match(at, /^\/workflow\/admin\/batches\/[0-9a-f-]{36}$/);
  const id = at.split("/").pop()!;
  const b = await get(t, id);
  assert.deepEqual([b.type, b.total, b.query], ["suspend", 1, {
    definitionKey: "order",
    businessKey: "Z-1",
  }]);
  await drain();
  assert.equal((await snapshot(t, ids[1])).state, "suspended");
  const page = await (await browse(at, { who: t.owner })).text();
  assert.match(page, /Suspend processes \(1\)/);
  assert.match(page, /1 of 1 done, 0 failed/);

  // Nothing matches: 422 with the message on the list page; migrate is not offered there.
  const none = await browse("/workflow/admin/batches", {
    who: t.owner,
    form: { type: "cancel", definitionKey: "order", businessKey: "nope" },
  });
  assert.equal(none.status, 422);
  assert.match(await none.text(), /No process instance matches the query/);
  const migrate = await browse("/workflow/admin/batches", {
    who: t.owner,
    form: { type: "migrate", definitionKey: "order" },
  });
  assert.equal(migrate.status, 400);
  await migrate.body?.cancel();
  const member = await t.member(["member"]);
  const denied = await browse("/workflow/admin/batches", { who: member });
  assert.equal(denied.status, 403);
  await denied.body?.cancel();
});

Deno.test("batches rules: what each type needs, progress", () => {
  const q = { definitionKey: "k" };
  assert.deepEqual(checkBatchInput({ type: "cancel", query: q }), []);
  assert.equal(checkBatchInput({ type: "migrate", query: {} }).length, 2);
  assert.deepEqual(
    checkBatchInput({
      type: "suspend",
      query: { startedAfter: "2026-02-01T00:00:00Z", startedBefore: "2026-01-01T00:00:00Z" },
    }).map((e) => e.path),
    ["body.query.startedBefore"],
  );
  assert.equal(progressPercent({ total: 3, done: 1, failed: 1 }), 66);
  assert.equal(progressPercent({ total: 0, done: 0, failed: 0 }), 100);
});
