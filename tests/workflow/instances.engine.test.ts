/**
 * Instance operations carried out by the engine (start, suspend, resume, cancel, incidents,
 * migration), through the API. Skipped while engine/engine.api.ts is still the stub.
 */
import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import { linearModel, seedDefinition, seedIncident } from "./instances.fixtures.ts";

const API = "/api/workflow";
const ENGINE_READY = !(await Deno.readTextFile(
  new URL("../../modules/workflow/engine/engine.service.ts", import.meta.url),
)).includes("the process engine is not built yet");

const etest = (name: string, fn: () => Promise<void>) =>
  ENGINE_READY ? itest(name, fn) : Deno.test({ name, ignore: true, fn });

async function json(res: Response, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

etest("engine: a member starts a process; it waits at the user task", async () => {
  const t = await newTenant();
  const def = await seedDefinition(t, { models: [(k) => linearModel(k)] });
  const member = await t.member(["member"]);
  const d = await json(
    await member.call("POST", `${API}/process`, {
      key: def.key,
      variables: { amount: 300, urgent: true, kind: "hw", needed_by: "2026-12-01" },
      businessKey: "PO-77",
    }),
    201,
  );
  assert.equal(d.state, "active");
  assert.equal(d.businessKey, "PO-77");
  assert.equal(d.startedBy, member.id);
  assert.equal(d.variables.amount, 300);
  assert.deepEqual(d.activeElementIds, ["Task_approve"]);
  assert.ok(d.doneElementIds.includes("start_1"));
  assert.equal(d.openTasks.length, 1);
  assert.equal(d.openTasks[0].name, "Approve purchase");

  const mine = await json(await member.call("GET", `${API}/process?mine=true`));
  assert.deepEqual(mine.items.map((i: { id: string }) => i.id), [d.id]);
  const h = await json(await member.call("GET", `${API}/process/${d.id}/history`));
  assert.equal(h.items[0].event, "process.started");
  assert.equal(h.items[0].actorId, member.id);
});

etest("engine: admins suspend, resume and cancel; the state follows", async () => {
  const t = await newTenant();
  const def = await seedDefinition(t, { models: [(k) => linearModel(k)] });
  const d = await json(
    await t.owner.call("POST", `${API}/process`, {
      definitionId: def.id,
      variables: { amount: 5 },
    }),
    201,
  );
  const url = `${API}/process/${d.id}`;
  assert.equal((await json(await t.owner.call("POST", `${url}/suspend`, {}))).state, "suspended");
  await problem(await t.owner.call("POST", `${url}/suspend`, {}), 422);
  assert.equal((await json(await t.owner.call("POST", `${url}/resume`, {}))).state, "active");
  const c = await json(await t.owner.call("POST", `${url}/cancel`, { reason: "duplicate" }));
  assert.equal(c.state, "cancelled");
  assert.deepEqual(c.openTasks, []);
  await problem(await t.owner.call("POST", `${url}/cancel`, {}), 422);
  const h = await json(await t.owner.call("GET", `${url}/history`));
  const cancelled = h.items.find((e: { event: string }) => e.event === "process.cancelled");
  assert.equal(cancelled.data.reason, "duplicate");
});

etest("engine: an admin skips an incident; the instance moves on", async () => {
  const t = await newTenant();
  const def = await seedDefinition(t, { models: [(k) => linearModel(k)] });
  const d = await json(
    await t.owner.call("POST", `${API}/process`, {
      definitionId: def.id,
      variables: { amount: 5 },
    }),
    201,
  );
  const incidentId = await seedIncident(t, d, "Task_approve");
  const after = await json(await t.owner.call("POST", `${API}/incidents/${incidentId}/skip`));
  assert.deepEqual(after.incidents, []);
  assert.equal(after.incidentCount, 0);
  await problem(await t.owner.call("POST", `${API}/incidents/${incidentId}/retry`), 409);
});

etest("engine: migration dry run reports, apply moves the instances and is audited", async () => {
  const t = await newTenant();
  const def = await seedDefinition(t, {
    versions: 2,
    models: [(k) => linearModel(k), (k) => linearModel(k, "Task_review", "Review purchase")],
  });
  const started = [];
  for (let i = 0; i < 3; i++) {
    started.push(
      await json(
        await t.owner.call("POST", `${API}/process`, {
          definitionId: def.id,
          version: 1,
          variables: { amount: i + 1 },
        }),
        201,
      ),
    );
  }
  const url = `${API}/admin/process/${def.id}/migrations`;
  const bad = await json(
    await t.owner.call("POST", url, { fromVersion: 1, toVersion: 2, mapping: {}, dryRun: true }),
  );
  assert.equal(bad.valid, false);
  assert.ok(bad.problems.length >= 3);

  const plan = { fromVersion: 1, toVersion: 2, mapping: { Task_approve: "Task_review" } };
  const dry = await json(await t.owner.call("POST", url, { ...plan, dryRun: true }));
  assert.equal(dry.valid, true);
  assert.equal(dry.applied, false);
  assert.equal(dry.instanceCount, 3);
  assert.equal(dry.moves.length, 3);
  const still = await json(await t.owner.call("GET", `${API}/process/${started[0].id}`));
  assert.equal(still.version, 1, "a dry run changes nothing");

  const done = await json(
    await t.owner.call("POST", url, { ...plan, instanceIds: [started[0].id], dryRun: false }),
  );
  assert.equal(done.applied, true);
  assert.equal(done.instanceCount, 1);
  const moved = await json(await t.owner.call("GET", `${API}/process/${started[0].id}`));
  assert.equal(moved.version, 2);
  assert.deepEqual(moved.activeElementIds, ["Task_review"]);
  const other = await json(await t.owner.call("GET", `${API}/process/${started[1].id}`));
  assert.equal(other.version, 1, "only the chosen instance moved");

  const audit = await json(await t.owner.call("GET", url));
  assert.equal(audit.items.length, 1);
  assert.equal(audit.items[0].fromVersion, 1);
  assert.equal(audit.items[0].toVersion, 2);
  assert.equal(audit.items[0].instanceCount, 1);
  assert.deepEqual(audit.items[0].mapping, { Task_approve: "Task_review" });
});
