/**
 * Event subprocesses started by messages and signals (subscriptions of their scope, WF-A's
 * correlation API): non-interrupting per message at process level, interrupting inside a
 * subprocess (then it listens no more), a signal's interrupting start at process level, and
 * another tenant's signal never reaching it.
 */
import assert from "node:assert/strict";
import * as engine from "../../modules/workflow/engine/engine.service.ts";
import {
  broadcastSignal,
  correlateMessage,
} from "../../modules/workflow/engine/engine.correlate.service.ts";
import { itest, newTenant } from "../helpers.ts";
import { asOwner, buildModel, completeTask, deploy, snapshot, start } from "./engine.fixtures.ts";
import { eventSub } from "./engine.eventsub.fixtures.ts";

itest(
  "message event subprocesses: non-interrupting per message, interrupting in a subprocess",
  async () => {
    const t = await newTenant();
    const ping = eventSub("ping", null, { kind: "message", message: "ping" }, false);
    const stop = eventSub("stop", "sub", { kind: "message", message: "stop" }, true);
    await deploy(
      t,
      buildModel("es-msg", [
        { id: "start", type: "startEvent" },
        { id: "sub", type: "subProcess" },
        { id: "subStart", type: "startEvent", parent: "sub" },
        { id: "work", type: "userTask", parent: "sub" },
        { id: "after", type: "userTask" },
        ...ping.els,
        ...stop.els,
      ], [["start", "sub"], ["subStart", "work"], ["sub", "after"], ...ping.flows, ...stop.flows]),
    );
    const id =
      (await asOwner(t, (a) => engine.startInstance(a, { key: "es-msg", businessKey: "order-7" })))
        .id;
    const send = (messageName: string, processVariables: Record<string, unknown> = {}) =>
      asOwner(
        t,
        (a) => correlateMessage(a, { messageName, businessKey: "order-7", processVariables }),
      );

    await send("ping", { n: 1 });
    await send("ping", { n: 2 });
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, [
      "ping:scope",
      "ping:scope",
      "pingTask:waiting",
      "pingTask:waiting",
      "sub:scope",
      "work:waiting",
    ]);
    assert.equal(s.variables.n, 2, "the payload became process variables");

    await send("stop");
    s = await snapshot(t, id);
    assert.deepEqual(
      s.tokens.filter((x) => !x.startsWith("ping")),
      [
        "stop:scope",
        "stopTask:waiting",
        "sub:scope",
      ],
    );
    assert.equal(s.tasks.find((x) => x.elementId === "work")!.state, "cancelled");
    // Interrupted: the subprocess's event subprocess listens no more.
    await assert.rejects(() => send("stop"), (e) => e instanceof engine.EngineError);
    await completeTask(t, id, "stopTask");
    s = await snapshot(t, id);
    assert.deepEqual(s.tokens.filter((x) => !x.startsWith("ping")), ["after:waiting"]);
    await completeTask(t, id, "after");
    await completeTask(t, id, "pingTask");
    await completeTask(t, id, "pingTask");
    assert.equal((await snapshot(t, id)).state, "completed");
    // The ended process listens no more.
    await assert.rejects(() => send("ping"), (e) => e instanceof engine.EngineError);
  },
);

itest("signal event subprocess (interrupting, process level) ends the process's work", async () => {
  const t = await newTenant();
  const alarm = eventSub("alarm", null, { kind: "signal", signal: "alarm" }, true);
  await deploy(
    t,
    buildModel("es-sig", [
      { id: "start", type: "startEvent" },
      { id: "work", type: "userTask" },
      { id: "end", type: "endEvent" },
      ...alarm.els,
    ], [["start", "work"], ["work", "end"], ...alarm.flows]),
  );
  const id = await start(t, "es-sig");
  const other = await newTenant();
  const result = await asOwner(other, (a) => broadcastSignal(a, { name: "alarm" }));
  assert.equal(result.reached, 0, "another tenant's signal never reaches it");
  assert.deepEqual((await snapshot(t, id)).tokens, ["work:waiting"]);
  await asOwner(t, (a) => broadcastSignal(a, { name: "alarm" }));
  const s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["alarm:scope", "alarmTask:waiting"]);
  assert.equal(s.tasks.find((x) => x.elementId === "work")!.state, "cancelled");
});
