import assert from "node:assert/strict";
import { browse, type Caller, itest, newTenant, problem } from "../helpers.ts";
import { API, customer, json, ticket } from "./fixtures.ts";

async function team(owner: Caller, memberIds: string[], name: string) {
  return await json(await owner.call("POST", `${API}/teams`, { name, memberIds }), 201);
}

itest(
  "support queues: a ticket's team is checked (422), set, changed and filtered on",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const c = await customer(t.owner);
    const desk = await team(t.owner, [agent.id], "Desk");
    const other = await newTenant();
    const foreign = await team(other.owner, [], "Elsewhere");
    await problem(
      await agent.call("POST", `${API}/support-ticket`, {
        subject: "x",
        customerId: c.id,
        teamId: foreign.id,
      }),
      422,
    );
    await problem(
      await agent.call("POST", `${API}/support-ticket`, {
        subject: "x",
        customerId: c.id,
        teamId: "nope",
      }),
      400,
    );
    const tk = await ticket(agent, c.id, { teamId: desk.id });
    assert.equal(tk.teamId, desk.id);
    assert.equal(tk.assigneeId, null, "the team assigns nobody by default");
    const plain = await ticket(agent, c.id);
    await problem(
      await agent.call("PUT", `${API}/support-ticket/${plain.id}`, { teamId: foreign.id }),
      422,
    );
    const byTeam = await json(
      await agent.call("GET", `${API}/support-ticket?team=${desk.id}`),
      200,
    );
    assert.deepEqual(byTeam.items.map((x: { id: string }) => x.id), [tk.id]);
    const noTeam = await json(await agent.call("GET", `${API}/support-ticket?team=none`), 200);
    assert.deepEqual(noTeam.items.map((x: { id: string }) => x.id), [plain.id]);
    await problem(await agent.call("GET", `${API}/support-ticket?team=bogus`), 400);
    const cleared = await json(
      await agent.call("PUT", `${API}/support-ticket/${tk.id}`, { teamId: null }),
      200,
    );
    assert.equal(cleared.teamId, null);
  },
);

itest("support queues: counts per team; a queue lists unassigned first, oldest first", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const c = await customer(t.owner);
  const desk = await team(t.owner, [agent.id], "Desk");
  const empty = await team(t.owner, [], "Archive");
  const first = await ticket(agent, c.id, { teamId: desk.id });
  const mine = await ticket(agent, c.id, { teamId: desk.id, assigneeId: agent.id });
  const second = await ticket(agent, c.id, { teamId: desk.id });
  const done = await ticket(agent, c.id, { teamId: desk.id });
  await json(
    await agent.call("PUT", `${API}/support-ticket/${done.id}`, { status: "cozuldu" }),
    200,
  );

  const queues = await json(await agent.call("GET", `${API}/queues`), 200);
  assert.deepEqual(
    queues.items.map((q: { name: string; open: number; unassigned: number; mode: string }) => [
      q.name,
      q.open,
      q.unassigned,
      q.mode,
    ]),
    [["Archive", 0, 0, "none"], ["Desk", 3, 2, "none"]],
  );
  const page1 = await json(
    await agent.call("GET", `${API}/queues/${desk.id}/tickets?limit=2`),
    200,
  );
  assert.deepEqual(page1.items.map((x: { id: string }) => x.id), [first.id, second.id]);
  assert.ok(page1.nextCursor);
  const page2 = await json(
    await agent.call("GET", `${API}/queues/${desk.id}/tickets?limit=2&cursor=${page1.nextCursor}`),
    200,
  );
  assert.deepEqual(page2.items.map((x: { id: string }) => x.id), [mine.id]);
  assert.equal(page2.nextCursor, null);
  const none = await json(await agent.call("GET", `${API}/queues/${empty.id}/tickets`), 200);
  assert.deepEqual(none.items, []);

  await problem(await agent.call("GET", `${API}/queues/${desk.id}/tickets?limit=0`), 400);
  await problem(await agent.call("GET", `${API}/queues/${desk.id}/tickets?cursor=zzz`), 400);
  await problem(await agent.call("GET", `${API}/queues/not-a-uuid/tickets`), 400);
  await json(
    await t.owner.call("POST", "/api/admin/roles", {
      key: "outsider",
      name: "Outsider",
      permissions: ["projects.*.read"],
    }),
    201,
  );
  const member = await t.member(["outsider"]); // no Support at all
  await problem(await member.call("GET", `${API}/queues`), 403);
  await problem(await member.call("GET", `${API}/queues/${desk.id}/tickets`), 403);
  const other = await newTenant();
  await problem(await other.owner.call("GET", `${API}/queues/${desk.id}/tickets`), 404);
  const theirs = await json(await other.owner.call("GET", `${API}/queues`), 200);
  assert.deepEqual(theirs.items, [], "another workspace sees none of these teams");
});

itest(
  "support queues: pages list the queues and a team's tickets; settings and availability",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const c = await customer(t.owner);
    const desk = await team(t.owner, [agent.id], "Front desk");
    const tk = await ticket(agent, c.id, { teamId: desk.id, subject: "Queue me" });

    const list = await browse("/support/queues", { who: agent });
    assert.equal(list.status, 200);
    const html = await list.text();
    assert.ok(html.includes("Front desk"));
    assert.ok(html.includes(`/support/queues/${desk.id}`));
    const queue = await browse(`/support/queues/${desk.id}`, { who: agent });
    assert.equal(queue.status, 200);
    assert.ok((await queue.text()).includes("Queue me"));
    assert.equal(
      (await browse(`/support/queues/${crypto.randomUUID()}`, { who: agent })).status,
      404,
    );

    // Settings: an administrator saves them; an agent may not.
    const refused = await browse(`/support/queues/${desk.id}/settings`, {
      who: agent,
      form: { mode: "round_robin", maxOpenPerAgent: "" },
    });
    assert.equal(refused.status, 403);
    const saved = await browse(`/support/queues/${desk.id}/settings`, {
      who: t.owner,
      form: { mode: "round_robin", maxOpenPerAgent: "4" },
    });
    assert.equal(saved.status, 303);
    const s = await json(await t.owner.call("GET", `${API}/queues/${desk.id}/assignment`), 200);
    assert.deepEqual([s.mode, s.maxOpenPerAgent], ["round_robin", 4]);
    const bad = await browse(`/support/queues/${desk.id}/settings`, {
      who: t.owner,
      form: { mode: "round_robin", maxOpenPerAgent: "-3" },
    });
    assert.equal(bad.status, 400, "the form again, with a message");
    assert.ok((await bad.text()).includes("-3"), "with the value sent");
    assert.equal(
      (await json(await t.owner.call("GET", `${API}/queues/${desk.id}/assignment`), 200))
        .maxOpenPerAgent,
      4,
    );

    // The agent's own availability toggle on the queues page.
    const away = await browse("/support/queues/availability", {
      who: agent,
      form: { outOfOffice: "on", until: "" },
    });
    assert.equal(away.status, 303);
    assert.equal(
      (await json(await agent.call("GET", `${API}/agent-status`), 200)).outOfOffice,
      true,
    );

    // The ticket page names the team.
    const page = await browse(`/support/tickets/${tk.id}`, { who: agent });
    assert.ok((await page.text()).includes("Front desk"));
  },
);
