/**
 * The external task API (Camunda 7's model): each route's success, bad input (400), a caller
 * without the permission (403) and another tenant's task (404, unchanged); the compiler's
 * reading of topics; send tasks and message throw events as external tasks.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { compileBpmn } from "../../modules/workflow/definitions/definitions.compile.lib.ts";
import {
  mergeVariables,
  nextWaitMs,
  POLL_INTERVAL_MS,
  refuseWorker,
} from "../../modules/workflow/external/external.rules.ts";
import {
  API,
  bpmn,
  deployBpmn,
  externalProcess,
  startProcess,
  worker,
  workerToken,
} from "./external.fixtures.ts";

const instanceOf = async (t: Awaited<ReturnType<typeof newTenant>>, id: string) =>
  await (await t.owner.call("GET", `/api/workflow/process/${id}`)).json();

itest("external rules: the locking worker answers; variables merge inner-first", () => {
  assert.equal(refuseWorker({ workerId: "a", locked: true }, "a"), null);
  assert.match(refuseWorker({ workerId: "b", locked: true }, "a")!.detail, /another worker/);
  assert.match(refuseWorker({ workerId: null, locked: false }, "a")!.detail, /not locked/);
  assert.equal(refuseWorker({ workerId: "a", locked: false }, "a"), null, "expired, not taken");
  assert.match(
    refuseWorker({ workerId: "a", locked: false }, "a", { needLive: true })!.detail,
    /expired/,
  );
  assert.deepEqual(mergeVariables({ a: 1, b: 1 }, [{ b: 2 }, { c: 3 }]), { a: 1, b: 2, c: 3 });
  assert.deepEqual(mergeVariables({ a: 1, b: 1 }, [{ b: 2 }], ["b", "zz"]), { b: 2 });
  assert.equal(nextWaitMs(1_000, 2_000), 0);
  assert.equal(nextWaitMs(10_000, 0), POLL_INTERVAL_MS);
  assert.equal(nextWaitMs(300, 100), 200);
});

itest("external compile: agents and known operations stay; other topics are external", async () => {
  const model = async (topic: string, attrs = "") =>
    await compileBpmn(externalProcess("c", topic, { extraAttrs: attrs }));
  const agent = await model("agent:Mailer");
  assert.deepEqual(agent.model?.elements.work.service, { kind: "agent", agent: "Mailer" });
  const op = await model("support.tickets.create");
  assert.deepEqual(op.model?.elements.work.service, {
    kind: "operation",
    operation: "support.tickets.create",
  });
  const data = await model("workflow.data.save");
  assert.equal(data.model?.elements.work.service?.kind, "operation");
  const ext = await model("invoiceCreator", 'camunda:taskPriority="${prio}"');
  assert.deepEqual(ext.problems, []);
  assert.deepEqual(ext.model?.elements.work.service, {
    kind: "external",
    topic: "invoiceCreator",
    priority: "${prio}",
  });
  const typo = await model("support.tickets.explode");
  assert.equal(typo.model?.elements.work.service?.kind, "external");
  assert.ok(typo.warnings.some((w) => /No operation is named/.test(w.message)));
  const badPriority = await model("x", 'camunda:taskPriority="high"');
  assert.ok(
    badPriority.problems.some((p) => p.elementId === "work" && /taskPriority/.test(p.message)),
  );
  // Send tasks and message throw events with camunda:type="external" are external tasks too.
  const send = await compileBpmn(bpmn(
    "sending",
    `<bpmn:startEvent id="s"/><bpmn:sendTask id="send" camunda:type="external" ` +
      `camunda:topic="notify"/><bpmn:intermediateThrowEvent id="throw">` +
      `<bpmn:messageEventDefinition camunda:type="external" camunda:topic="publish"/>` +
      `</bpmn:intermediateThrowEvent><bpmn:endEvent id="e"><bpmn:messageEventDefinition ` +
      `camunda:type="external" camunda:topic="agent:Closer"/></bpmn:endEvent>` +
      `<bpmn:sequenceFlow id="a" sourceRef="s" targetRef="send"/>` +
      `<bpmn:sequenceFlow id="b" sourceRef="send" targetRef="throw"/>` +
      `<bpmn:sequenceFlow id="c" sourceRef="throw" targetRef="e"/>`,
  ));
  assert.deepEqual(send.problems, []);
  assert.deepEqual(send.model?.elements.send.service, { kind: "external", topic: "notify" });
  assert.deepEqual(send.model?.elements.throw.service, { kind: "external", topic: "publish" });
  assert.deepEqual(send.model?.elements.e.service, { kind: "agent", agent: "Closer" });
  // A message throw that names no implementation is refused, naming the element.
  const bare = await compileBpmn(bpmn(
    "bare",
    `<bpmn:startEvent id="s"/><bpmn:intermediateThrowEvent id="throw">` +
      `<bpmn:messageEventDefinition/></bpmn:intermediateThrowEvent><bpmn:endEvent id="e"/>` +
      `<bpmn:sequenceFlow id="a" sourceRef="s" targetRef="throw"/>` +
      `<bpmn:sequenceFlow id="c" sourceRef="throw" targetRef="e"/>`,
  ));
  assert.ok(bare.problems.some((p) => p.elementId === "throw" && /camunda:type/.test(p.message)));
});

itest("external tasks: fetch-and-lock, list, complete; 400, 403, another tenant 404", async () => {
  const t = await newTenant();
  await deployBpmn(
    t,
    externalProcess("billing", "charge", { extraAttrs: 'camunda:taskPriority="5"' }),
  );
  const id = await startProcess(t, "billing", { amount: 42, customer: "Deniz" }, "order-7");
  const token = await workerToken(t);
  const w = worker(token, "w1");

  const listed = await (await w.call("GET", `${API}?topicName=charge`)).json();
  assert.equal(listed.items.length, 1);
  assert.equal(listed.items[0].workerId, null);
  assert.equal(listed.items[0].priority, 5);

  const [task, ...rest] = await w.fetch(["charge"], { variables: ["amount"] });
  assert.equal(rest.length, 0);
  assert.equal(task.processInstanceId, id);
  assert.equal(task.activityId, "work");
  assert.equal(task.businessKey, "order-7");
  assert.deepEqual(task.variables, { amount: 42 }, "only the variables asked for");
  assert.ok(Date.parse(task.lockExpirationTime) > Date.now());
  assert.deepEqual(await w.fetch(["charge"]), [], "locked: not handed out again");
  const one = await (await w.call("GET", `${API}/${task.id}`)).json();
  assert.equal(one.workerId, "w1");
  assert.equal(one.activityName, "Work");
  await problem(await w.call("GET", `${API}/not-a-uuid`), 400);
  const locked = await (await w.call("GET", `${API}?locked=true&workerId=w1`)).json();
  assert.deepEqual(locked.items.map((x: { id: string }) => x.id), [task.id]);

  // Bad input: 400 problem+json, nothing changes.
  await problem(await w.call("POST", `${API}/fetch-and-lock`, { workerId: "w1", topics: [] }), 400);
  await problem(await w.answer(task.id, "complete", { variables: "nope" }), 400);
  await problem(await w.call("POST", `${API}/not-a-uuid/complete`, { workerId: "w1" }), 400);
  await problem(await w.call("GET", `${API}?limit=1000`), 400);
  const huge = { workerId: "w1", topics: [{ topicName: "x".repeat(100_000), lockDuration: 1 }] };
  await problem(await w.call("POST", `${API}/fetch-and-lock`, huge), 413);

  // Without the permission: a member, and a token scoped to something else.
  const member = await t.member(["member"]);
  await problem(await member.call("GET", API), 403);
  await problem(await member.call("GET", `${API}/${task.id}`), 403);
  await problem(
    await member.call("POST", `${API}/fetch-and-lock`, {
      workerId: "m",
      topics: [{ topicName: "charge", lockDuration: 1000 }],
    }),
    403,
  );
  await problem(await member.call("POST", `${API}/${task.id}/complete`, { workerId: "w1" }), 403);
  const narrow = worker(await workerToken(t, ["workflow.process.read"]), "w1");
  await problem(await narrow.answer(task.id, "complete"), 403);

  // Another tenant's worker sees nothing and reaches nothing.
  const other = await newTenant();
  const stranger = worker(await workerToken(other), "w1");
  assert.deepEqual(await stranger.fetch(["charge"]), []);
  assert.deepEqual((await (await stranger.call("GET", API)).json()).items, []);
  await problem(await stranger.call("GET", `${API}/${task.id}`), 404);
  for (const what of ["complete", "failure", "bpmn-error", "extend-lock", "unlock"]) {
    await problem(
      await stranger.answer(task.id, what, {
        retries: 1,
        errorCode: "E",
        newDuration: 1000,
      }),
      404,
    );
  }

  // Another worker of the same tenant may not answer: 409.
  const w2 = worker(token, "w2");
  await problem(await w2.answer(task.id, "complete"), 409);
  await problem(await w2.answer(task.id, "extend-lock", { newDuration: 1000 }), 409);

  const res = await w.answer(task.id, "complete", { variables: { charged: true } });
  assert.equal(res.status, 204, await res.text());
  const after = await instanceOf(t, id);
  assert.equal(after.variables.charged, true);
  assert.deepEqual(after.activeElementIds, ["after"]);
  await problem(await w.answer(task.id, "complete"), 404);
  assert.deepEqual((await (await w.call("GET", API)).json()).items, []);
});

itest("external tasks: extend-lock and unlock; failure with retries comes back later", async () => {
  const t = await newTenant();
  await deployBpmn(t, externalProcess("ship", "ship"));
  await startProcess(t, "ship");
  const token = await workerToken(t);
  const w1 = worker(token, "w1");
  const w2 = worker(token, "w2");
  const [task] = await w1.fetch(["ship"], { lockMs: 500 });
  const extended = await w1.answer(task.id, "extend-lock", { newDuration: 120_000 });
  const ext = await extended.json();
  assert.equal(extended.status, 200, JSON.stringify(ext));
  assert.ok(Date.parse(ext.lockExpirationTime) > Date.now() + 100_000);
  await problem(await w1.answer(task.id, "extend-lock", { newDuration: 0 }), 400);
  await new Promise((r) => setTimeout(r, 600));
  assert.deepEqual(await w2.fetch(["ship"]), [], "the extended lock holds past the first");

  const unlocked = await w2.call("POST", `${API}/${task.id}/unlock`);
  assert.equal(unlocked.status, 204);
  const [again] = await w2.fetch(["ship"]);
  assert.equal(again.id, task.id);

  const failed = await w2.answer(task.id, "failure", {
    errorMessage: "carrier down",
    errorDetails: "HTTP 503",
    retries: 2,
    retryTimeout: 400,
  });
  assert.equal(failed.status, 204, await failed.text());
  assert.deepEqual(await w1.fetch(["ship"]), [], "not before the retry timeout");
  await problem(await w2.answer(task.id, "failure", { retries: -1 }), 400);
  await new Promise((r) => setTimeout(r, 500));
  const [retried] = await w1.fetch(["ship"]);
  assert.equal(retried.id, task.id);
  assert.equal(retried.retries, 2);
});

itest("external tasks: long polling wakes when a task of the topic appears", async () => {
  const t = await newTenant();
  await deployBpmn(t, externalProcess("poll", "poll"));
  const w = worker(await workerToken(t), "w1");
  const started = Date.now();
  const waiting = w.fetch(["poll"], { wait: 20_000 });
  await new Promise((r) => setTimeout(r, 300));
  const id = await startProcess(t, "poll");
  const [task] = await waiting;
  assert.equal(task.processInstanceId, id);
  assert.ok(Date.now() - started < 15_000, "answered when the task came, not at the timeout");
  const t0 = Date.now();
  assert.deepEqual(await w.fetch(["poll"], { wait: 600 }), []);
  assert.ok(Date.now() - t0 >= 550, "an empty long poll waits its timeout");
});

itest("external tasks: send task and message throw event wait for workers", async () => {
  const t = await newTenant();
  await deployBpmn(
    t,
    bpmn(
      "notify",
      `<bpmn:startEvent id="s"/><bpmn:sendTask id="send" name="Send" camunda:type="external" ` +
        `camunda:topic="mailer"/><bpmn:intermediateThrowEvent id="throw" name="Publish">` +
        `<bpmn:messageEventDefinition camunda:type="external" camunda:topic="publisher"/>` +
        `</bpmn:intermediateThrowEvent><bpmn:endEvent id="e"/>` +
        `<bpmn:sequenceFlow id="a" sourceRef="s" targetRef="send"/>` +
        `<bpmn:sequenceFlow id="b" sourceRef="send" targetRef="throw"/>` +
        `<bpmn:sequenceFlow id="c" sourceRef="throw" targetRef="e"/>`,
    ),
  );
  const id = await startProcess(t, "notify", { to: "a@example.test" });
  const w = worker(await workerToken(t), "w1");
  const [send] = await w.fetch(["mailer", "publisher"]);
  assert.equal(send.activityId, "send");
  assert.equal((await w.answer(send.id, "complete", { variables: { sent: 1 } })).status, 204);
  const [pub] = await w.fetch(["mailer", "publisher"]);
  assert.equal(pub.activityId, "throw");
  assert.equal(pub.variables.sent, 1);
  assert.equal((await w.answer(pub.id, "complete")).status, 204);
  assert.equal((await instanceOf(t, id)).state, "completed");
  // The instance page tells the workers' steps in words, never as event codes.
  const page = await (await browse(`/workflow/processes/${id}`, { who: t.owner })).text();
  assert.match(page, /Send is waiting for an external worker/);
  assert.match(page, /an external worker completed Publish/);
  assert.doesNotMatch(page, /external\.(created|completed)/);
});

itest("external tasks: cancelling the instance removes its task", async () => {
  const t = await newTenant();
  await deployBpmn(t, externalProcess("gone", "gone"));
  const id = await startProcess(t, "gone");
  const w = worker(await workerToken(t), "w1");
  const [task] = await w.fetch(["gone"]);
  const res = await t.owner.call("POST", `/api/workflow/process/${id}/cancel`, {});
  assert.equal(res.status, 200, await res.text());
  await problem(await w.answer(task.id, "complete"), 404);
  assert.deepEqual((await (await w.call("GET", API)).json()).items, []);
});

itest(
  "external tasks: input mappings are what the worker sees; outputs pick from its answer",
  async () => {
    const t = await newTenant();
    await deployBpmn(
      t,
      externalProcess("mapped", "mapped", {
        io: `<bpmn:extensionElements><camunda:inputOutput>` +
          `<camunda:inputParameter name="cents">=amount * 100</camunda:inputParameter>` +
          `<camunda:outputParameter name="receipt">=result.id</camunda:outputParameter>` +
          `</camunda:inputOutput></bpmn:extensionElements>`,
      }),
    );
    const id = await startProcess(t, "mapped", { amount: 3 });
    const w = worker(await workerToken(t), "w1");
    const [task] = await w.fetch(["mapped"]);
    assert.equal(task.variables.cents, 300);
    assert.equal(task.variables.amount, 3);
    const res = await w.answer(task.id, "complete", { variables: { id: "R-1", noise: true } });
    assert.equal(res.status, 204, await res.text());
    const vars = (await instanceOf(t, id)).variables;
    assert.equal(vars.receipt, "R-1");
    assert.equal("noise" in vars, false, "only the outputs reach the process");
    assert.equal("cents" in vars, false, "inputs stay the task's own");
  },
);
