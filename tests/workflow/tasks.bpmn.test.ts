/**
 * `POST /tasks/{id}/bpmn-escalation` and `/bpmn-error` (Camunda 7's task bpmnEscalation and
 * bpmnError): the assignee raises them; a non-interrupting escalation leaves the task open, an
 * error cancels it; bad input 400, no permission 403, not the assignee 403, nothing catches 422,
 * another tenant's task 404 (unchanged).
 */
import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import { buildModel, deploy, snapshot, start } from "./engine.fixtures.ts";

const API = "/api/workflow";

itest("tasks: the assignee raises an escalation and an error from a process task", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const viewer = await t.member(["viewer"]);
  await deploy(
    t,
    buildModel("task-events", [
      { id: "start", type: "startEvent" },
      { id: "review", type: "userTask", assignee: agent.id },
      {
        id: "late",
        type: "boundaryEvent",
        attachedTo: "review",
        cancelActivity: false,
        event: { kind: "escalation", escalationCode: "LATE" },
      },
      {
        id: "bad",
        type: "boundaryEvent",
        attachedTo: "review",
        event: { kind: "error", errorCode: "BAD" },
      },
      { id: "notify", type: "userTask" },
      { id: "fix", type: "userTask" },
      { id: "end", type: "endEvent" },
    ], [["start", "review"], ["review", "end"], ["late", "notify"], ["bad", "fix"]]),
  );
  const id = await start(t, "task-events");
  const task = (await snapshot(t, id)).tasks.find((x) => x.elementId === "review")!;
  const url = (what: string) => `${API}/tasks/${task.id}/${what}`;

  await problem(await agent.call("POST", url("bpmn-escalation"), {}), 400);
  await problem(await agent.call("POST", url("bpmn-error"), { errorCode: "" }), 400);
  await problem(await viewer.call("POST", url("bpmn-error"), { errorCode: "BAD" }), 403);
  await problem(await t.owner.call("POST", url("bpmn-error"), { errorCode: "BAD" }), 403);
  await problem(await agent.call("POST", url("bpmn-error"), { errorCode: "NOPE" }), 422);
  const other = await newTenant();
  await problem(await other.owner.call("POST", url("bpmn-error"), { errorCode: "BAD" }), 404);
  assert.deepEqual((await snapshot(t, id)).tokens, ["review:waiting"], "nothing changed");

  const res = await agent.call("POST", url("bpmn-escalation"), { escalationCode: "LATE" });
  assert.equal(res.status, 200, await res.clone().text());
  const escalated = await res.json();
  assert.equal(escalated.caughtBy, "late");
  assert.equal(escalated.task.state, "claimed", "non-interrupting: the task stays open");
  assert.deepEqual((await snapshot(t, id)).tokens, ["notify:waiting", "review:waiting"]);

  const failed = await agent.call("POST", url("bpmn-error"), {
    errorCode: "BAD",
    variables: { reason: "missing invoice" },
  });
  assert.equal(failed.status, 200);
  assert.equal((await failed.json()).task.state, "cancelled");
  const s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["fix:waiting", "notify:waiting"]);
  assert.equal(s.variables.reason, "missing invoice");
  await problem(await agent.call("POST", url("bpmn-error"), { errorCode: "BAD" }), 409);
});
