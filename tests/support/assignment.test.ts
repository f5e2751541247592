import assert from "node:assert/strict";
import { type Caller, itest, newTenant, problem, type TestTenant } from "../helpers.ts";
import { API, customer, json, ticket } from "./fixtures.ts";

async function team(owner: Caller, memberIds: string[], name = "Desk") {
  return await json(await owner.call("POST", `${API}/teams`, { name, memberIds }), 201);
}

/** A member whose custom role reads projects only: no Support at all. */
async function outsider(t: TestTenant) {
  await json(
    await t.owner.call("POST", "/api/admin/roles", {
      key: "outsider",
      name: "Outsider",
      permissions: ["projects.*.read"],
    }),
    201,
  );
  return await t.member(["outsider"]);
}

const settings = (who: Caller, teamId: string, body: unknown) =>
  who.call("PUT", `${API}/queues/${teamId}/assignment`, body);

/** The activity verbs of a ticket's history. */
async function actions(who: Caller, id: string): Promise<string[]> {
  const d = await json(await who.call("GET", `${API}/support-ticket/${id}`), 200);
  return d.history.map((h: { action: string }) => h.action);
}

itest("support assignment: settings API success, 400, 403, another tenant's team 404", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const desk = await team(t.owner, [agent.id]);
  const before = await json(await agent.call("GET", `${API}/queues/${desk.id}/assignment`), 200);
  assert.deepEqual(before, { teamId: desk.id, mode: "none", maxOpenPerAgent: null });
  const saved = await json(
    await settings(t.owner, desk.id, { mode: "round_robin", maxOpenPerAgent: 3 }),
    200,
  );
  assert.deepEqual(saved, { teamId: desk.id, mode: "round_robin", maxOpenPerAgent: 3 });
  await problem(await settings(t.owner, desk.id, { mode: "random" }), 400);
  await problem(await settings(t.owner, desk.id, { mode: "least_open", maxOpenPerAgent: 0 }), 400);
  // Agents work tickets; the team's setup stays with administrators.
  await problem(await settings(agent, desk.id, { mode: "least_open" }), 403);
  const member = await outsider(t);
  await problem(await member.call("GET", `${API}/queues/${desk.id}/assignment`), 403);

  const other = await newTenant();
  await problem(await settings(other.owner, desk.id, { mode: "none" }), 404);
  await problem(await other.owner.call("GET", `${API}/queues/${desk.id}/assignment`), 404);
  const still = await json(await agent.call("GET", `${API}/queues/${desk.id}/assignment`), 200);
  assert.equal(still.mode, "round_robin", "unchanged by the other tenant");
});

itest("support assignment: out-of-office flag API success, 400, 403", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  assert.deepEqual(await json(await agent.call("GET", `${API}/agent-status`), 200), {
    outOfOffice: false,
    until: null,
  });
  const until = new Date(Date.now() + 86_400_000).toISOString();
  const on = await json(
    await agent.call("PUT", `${API}/agent-status`, { outOfOffice: true, until }),
    200,
  );
  assert.equal(on.outOfOffice, true);
  assert.equal(Date.parse(on.until), Date.parse(until));
  await problem(await agent.call("PUT", `${API}/agent-status`, { outOfOffice: "yes" }), 400);
  await problem(
    await agent.call("PUT", `${API}/agent-status`, {
      outOfOffice: true,
      until: new Date(Date.now() - 60_000).toISOString(),
    }),
    400,
  );
  const viewer = await t.member(["viewer"]);
  await problem(await viewer.call("PUT", `${API}/agent-status`, { outOfOffice: true }), 403);
  // Each workspace keeps its own flag: the agent is still out of office here.
  assert.equal((await json(await agent.call("GET", `${API}/agent-status`), 200)).outOfOffice, true);
});

itest(
  "support assignment: round robin over three agents skips the one away and the one at the cap",
  async () => {
    const t = await newTenant();
    const [a1, a2, a3] = [
      await t.member(["agent"]),
      await t.member(["agent"]),
      await t.member(["agent"]),
    ];
    const viewer = await t.member(["viewer"]); // a member who may not work tickets
    const desk = await team(t.owner, [a1.id, a2.id, a3.id, viewer.id]);
    await json(await settings(t.owner, desk.id, { mode: "round_robin", maxOpenPerAgent: 2 }), 200);
    const c = await customer(t.owner);
    // a3 already holds two open tickets (no team): at the cap. a2 is out of office.
    await ticket(t.owner, c.id, { assigneeId: a3.id });
    await ticket(t.owner, c.id, { assigneeId: a3.id });
    await json(await a2.call("PUT", `${API}/agent-status`, { outOfOffice: true }), 200);

    const first = await ticket(t.owner, c.id, { teamId: desk.id });
    const second = await ticket(t.owner, c.id, { teamId: desk.id });
    assert.equal(first.assigneeId, a1.id);
    assert.equal(second.assigneeId, a1.id, "the only one free, up to the cap");
    assert.ok((await actions(t.owner, first.id)).includes("autoAssigned"));
    const third = await ticket(t.owner, c.id, { teamId: desk.id });
    assert.equal(third.assigneeId, null, "everyone away or full: it waits in the queue");
    assert.ok((await actions(t.owner, third.id)).includes("autoAssignFull"));

    // a2 is back: the turn after a1 among those free is a2 (a1 and a3 are full).
    await json(await a2.call("PUT", `${API}/agent-status`, { outOfOffice: false }), 200);
    const fourth = await ticket(t.owner, c.id, { teamId: desk.id });
    assert.equal(fourth.assigneeId, a2.id);

    // A ticket given the team later (PUT) is assigned too; an explicit assignee is kept.
    const later = await ticket(t.owner, c.id);
    const moved = await json(
      await t.owner.call("PUT", `${API}/support-ticket/${later.id}`, { teamId: desk.id }),
      200,
    );
    assert.equal(moved.teamId, desk.id);
    assert.equal(moved.assigneeId, a2.id, "a2 is the only one under the cap");
    const chosen = await ticket(t.owner, c.id, { teamId: desk.id, assigneeId: a3.id });
    assert.equal(chosen.assigneeId, a3.id);

    // With the mode off nothing is assigned, and no line is written.
    await json(await settings(t.owner, desk.id, { mode: "none" }), 200);
    const manual = await ticket(t.owner, c.id, { teamId: desk.id });
    assert.equal(manual.assigneeId, null);
    assert.ok(!(await actions(t.owner, manual.id)).some((a) => a.startsWith("autoAssign")));
  },
);

itest(
  "support assignment: least open picks the lightest; a delegation makes an agent absent",
  async () => {
    const t = await newTenant();
    const [a1, a2] = [await t.member(["agent"]), await t.member(["agent"])];
    const desk = await team(t.owner, [a1.id, a2.id]);
    await json(await settings(t.owner, desk.id, { mode: "least_open" }), 200);
    const c = await customer(t.owner);
    await ticket(t.owner, c.id, { assigneeId: a1.id });
    await ticket(t.owner, c.id, { assigneeId: a1.id });
    await ticket(t.owner, c.id, { assigneeId: a2.id });
    const light = await ticket(t.owner, c.id, { teamId: desk.id });
    assert.equal(light.assigneeId, a2.id, "a2 holds one open ticket, a1 two");
    const tie = await ticket(t.owner, c.id, { teamId: desk.id });
    assert.equal(tie.assigneeId, a1.id, "2 to 2: the turn after a2");

    // a1 hands all Workflow work to a2 from now on: away for Support too.
    await json(
      await t.owner.call("POST", "/api/workflow/delegations/standing", {
        fromUserId: a1.id,
        toUserId: a2.id,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
      201,
    );
    // a2 now holds four open tickets, a1 three: a1 would be the lightest, but is away.
    await ticket(t.owner, c.id, { assigneeId: a2.id });
    await ticket(t.owner, c.id, { assigneeId: a2.id });
    const next = await ticket(t.owner, c.id, { teamId: desk.id });
    assert.equal(next.assigneeId, a2.id);
    await json(await a2.call("PUT", `${API}/agent-status`, { outOfOffice: true }), 200);
    const none = await ticket(t.owner, c.id, { teamId: desk.id });
    assert.equal(none.assigneeId, null);
    assert.ok((await actions(t.owner, none.id)).includes("autoAssignAway"));
  },
);

itest(
  "support assignment: concurrent tickets of a round-robin team go to different agents",
  async () => {
    const t = await newTenant();
    const [a1, a2] = [await t.member(["agent"]), await t.member(["agent"])];
    const desk = await team(t.owner, [a1.id, a2.id]);
    await json(await settings(t.owner, desk.id, { mode: "round_robin" }), 200);
    const c = await customer(t.owner);
    const made = await Promise.all([
      ticket(t.owner, c.id, { teamId: desk.id }),
      ticket(t.owner, c.id, { teamId: desk.id }),
    ]);
    assert.deepEqual(made.map((x) => x.assigneeId).sort(), [a1.id, a2.id].sort());
  },
);
