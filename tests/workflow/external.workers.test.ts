/**
 * External task workers as Camunda describes them: a worker that dies holding a lock loses the
 * task when the lock expires, and exactly one of the workers asking then gets it; failures
 * count down to an incident (retrying it makes the task fetchable again); a BPMN error from
 * the worker is caught by the task's boundary error event, or is an incident when nothing
 * catches it.
 */
import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import {
  API,
  deployBpmn,
  externalProcess,
  startProcess,
  worker,
  workerToken,
} from "./external.fixtures.ts";

type Tenant = Awaited<ReturnType<typeof newTenant>>;
const instanceOf = async (t: Tenant, id: string) =>
  await (await t.owner.call("GET", `/api/workflow/process/${id}`)).json();
const historyOf = async (t: Tenant, id: string) =>
  (await (await t.owner.call("GET", `/api/workflow/process/${id}/history`)).json()).items as {
    event: string;
    elementId: string | null;
    data: Record<string, unknown>;
  }[];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

itest(
  "external workers: a dead worker's expired lock goes to exactly one other worker",
  async () => {
    const t = await newTenant();
    await deployBpmn(t, externalProcess("dead", "dead"));
    const id = await startProcess(t, "dead", { n: 1 });
    const token = await workerToken(t);
    const [dying, w2, w3, w4] = ["w1", "w2", "w3", "w4"].map((n) => worker(token, n));
    const [held] = await dying.fetch(["dead"], { lockMs: 400 });
    assert.ok(held, "the first worker holds the task");
    assert.deepEqual(await w2.fetch(["dead"]), [], "not while the lock holds");
    await sleep(500);
    // Three workers ask at the same moment: one gets the task, the others nothing.
    const got = await Promise.all([w2, w3, w4].map((w) => w.fetch(["dead"])));
    const winners = got.flatMap((tasks, i) => tasks.map(() => [w2, w3, w4][i]));
    assert.equal(winners.length, 1, "fetched again exactly once");
    const winner = winners[0];
    assert.deepEqual(
      (await Promise.all([w2, w3, w4].map((w) => w.fetch(["dead"])))).flat(),
      [],
      "and not again after that",
    );
    // The worker that died comes back: its lock is gone.
    await problem(await dying.answer(held.id, "complete", { variables: { by: "w1" } }), 409);
    const done = await winner.answer(held.id, "complete", { variables: { by: winner.workerId } });
    assert.equal(done.status, 204, await done.text());
    const after = await instanceOf(t, id);
    assert.equal(after.variables.by, winner.workerId);
    assert.deepEqual(after.activeElementIds, ["after"]);
    const completed = (await historyOf(t, id)).filter((h) => h.event === "external.completed");
    assert.equal(completed.length, 1);
    assert.equal(completed[0].data.workerId, winner.workerId);
  },
);

itest(
  "external workers: many tasks, three workers at once, each task handed out once",
  async () => {
    const t = await newTenant();
    await deployBpmn(t, externalProcess("many", "many"));
    for (let i = 0; i < 12; i++) await startProcess(t, "many", { i });
    const token = await workerToken(t);
    const workers = ["a", "b", "c"].map((n) => worker(token, n));
    const rounds = await Promise.all(workers.map((w) => w.fetch(["many"], { max: 5 })));
    const ids = rounds.flat().map((x) => x.id);
    assert.equal(ids.length, 12);
    assert.equal(new Set(ids).size, 12, "no task went to two workers");
  },
);

itest("external workers: failures count down to an incident; retrying it refetches", async () => {
  const t = await newTenant();
  await deployBpmn(t, externalProcess("flaky", "flaky"));
  const id = await startProcess(t, "flaky");
  const w = worker(await workerToken(t), "w1");
  const [first] = await w.fetch(["flaky"]);
  let res = await w.answer(first.id, "failure", { errorMessage: "timeout", retries: 1 });
  assert.equal(res.status, 204, await res.text());
  const [second] = await w.fetch(["flaky"]);
  assert.equal(second.id, first.id);
  assert.equal(second.retries, 1);
  res = await w.answer(first.id, "failure", {
    errorMessage: "still failing",
    errorDetails: "stack…",
    retries: 0,
  });
  assert.equal(res.status, 204, await res.text());
  assert.deepEqual(await w.fetch(["flaky"]), [], "no retries left: never fetched");
  const listed = (await (await w.call("GET", `${API}?processInstanceId=${id}`)).json()).items;
  assert.equal(listed.length, 1);
  assert.equal(listed[0].retries, 0);
  assert.equal(listed[0].errorMessage, "still failing");
  const broken = await instanceOf(t, id);
  assert.equal(broken.incidentCount, 1);
  assert.equal(broken.incidents[0].elementId, "work");
  assert.match(broken.incidents[0].message, /still failing/);
  await problem(await w.answer(first.id, "complete"), 409);

  const retried = await t.owner.call(
    "POST",
    `/api/workflow/incidents/${broken.incidents[0].id}/retry`,
  );
  assert.equal(retried.status, 200, await retried.text());
  const [third] = await w.fetch(["flaky"]);
  assert.equal(third.retries, null, "a fresh start after the incident");
  res = await w.answer(third.id, "complete");
  assert.equal(res.status, 204, await res.text());
  const fixed = await instanceOf(t, id);
  assert.equal(fixed.incidentCount, 0);
  assert.deepEqual(fixed.activeElementIds, ["after"]);
});

itest(
  "external workers: a BPMN error is caught by the boundary; uncaught, an incident",
  async () => {
    const t = await newTenant();
    await deployBpmn(t, externalProcess("errs", "errs", { errorCode: "CARD_DECLINED" }));
    const caughtId = await startProcess(t, "errs");
    const otherId = await startProcess(t, "errs");
    const w = worker(await workerToken(t), "w1");
    const tasks = await w.fetch(["errs"]);
    const caught = tasks.find((x) => x.processInstanceId === caughtId)!;
    const other = tasks.find((x) => x.processInstanceId === otherId)!;
    await problem(await w.answer(caught.id, "bpmn-error", { errorCode: "" }), 400);
    let res = await w.answer(caught.id, "bpmn-error", {
      errorCode: "CARD_DECLINED",
      errorMessage: "declined",
      variables: { reason: "limit" },
    });
    assert.equal(res.status, 204, await res.text());
    const handled = await instanceOf(t, caughtId);
    assert.deepEqual(handled.activeElementIds, ["handled"]);
    assert.equal(handled.variables.reason, "limit");
    assert.ok((await historyOf(t, caughtId)).some((h) => h.event === "error.thrown"));

    res = await w.answer(other.id, "bpmn-error", { errorCode: "SOMETHING_ELSE" });
    assert.equal(res.status, 204, await res.text());
    const stuck = await instanceOf(t, otherId);
    assert.equal(stuck.incidentCount, 1);
    assert.match(stuck.incidents[0].message, /SOMETHING_ELSE/);
    assert.deepEqual(await w.fetch(["errs"]), []);
  },
);

itest(
  "external workers: a parallel multi-instance task is one external task per item",
  async () => {
    const t = await newTenant();
    await deployBpmn(
      t,
      externalProcess("multi", "multi", {
        io: `<bpmn:multiInstanceLoopCharacteristics camunda:collection="\${items}" ` +
          `camunda:elementVariable="item"/>`,
      }),
    );
    const id = await startProcess(t, "multi", { items: ["a", "b", "c"] });
    const w = worker(await workerToken(t), "w1");
    const tasks = await w.fetch(["multi"], { variables: ["item", "items"] });
    assert.deepEqual(tasks.map((x) => x.variables.item).sort(), ["a", "b", "c"]);
    assert.ok(tasks.every((x) => Array.isArray(x.variables.items)), "process variables too");
    for (const task of tasks.slice(0, 2)) {
      assert.equal((await w.answer(task.id, "complete")).status, 204);
    }
    assert.deepEqual((await instanceOf(t, id)).activeElementIds.includes("after"), false);
    assert.equal((await w.answer(tasks[2].id, "complete")).status, 204);
    assert.deepEqual((await instanceOf(t, id)).activeElementIds, ["after"]);
  },
);
