import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { API, customer, json, ticket } from "./fixtures.ts";
import {
  editRight,
  fillPlaceholders,
  hasActions,
  isEmptyMacro,
  ticketPatch,
  withReply,
} from "../../modules/support/macros/macros.rules.ts";

itest("support macros rules: placeholders, tag changes, edit rights", () => {
  const vars = { customer: { name: "Ayşe" }, ticket: { number: "T-1" }, agent: { name: "Ali" } };
  assert.equal(
    fillPlaceholders("Hi {{customer.name}}, {{ ticket.number }} by {{agent.name}}{{nope}}", vars),
    "Hi Ayşe, T-1 by Ali",
  );
  // A value is put in as written: the composer escapes it, not the template.
  assert.equal(fillPlaceholders("{{customer.name}}", { customer: { name: "<b>" } }), "<b>");
  assert.deepEqual(ticketPatch({ addTags: ["b", "c"], removeTags: ["a"] }, ["a", "b"]), {
    tags: ["b", "c"],
  });
  assert.deepEqual(ticketPatch({ status: "cozuldu", priority: "kritik" }, ["a"]), {
    status: "cozuldu",
    priority: "kritik",
  });
  assert.equal(hasActions({}), false);
  assert.equal(hasActions({ addTags: [] }), false);
  assert.equal(isEmptyMacro("  ", {}), true);
  assert.equal(isEmptyMacro("", { priority: "dusuk" }), false);
  assert.equal(withReply("", "Thanks"), "Thanks");
  assert.equal(withReply("Hi\n", "Thanks"), "Hi\n\nThanks");
  assert.equal(withReply("Hi\n\nThanks", "Thanks"), "Hi\n\nThanks", "not twice");
  assert.equal(withReply("Hi", ""), "Hi");
  assert.equal(editRight({ ownerId: "u1" }, "u1", false), "ok");
  assert.equal(editRight({ ownerId: "u1" }, "u2", true), "hidden");
  assert.equal(editRight({ ownerId: null }, "u2", false), "forbidden");
  assert.equal(editRight({ ownerId: null }, "u2", true), "ok");
});

itest(
  "support macros: shared and personal, placeholders filled, apply changes the ticket",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const other = await t.member(["agent"]);
    const c = await customer(t.owner, { name: "Ayşe Yılmaz", email: "ayse@example.test" });
    const tk = await ticket(agent, c.id, { tags: ["printer"] });

    // An agent may not share; an admin (owner) may.
    await problem(
      await agent.call("POST", `${API}/macros`, { name: "Hi", body: "x", shared: true }),
      403,
    );
    const shared = await json(
      await t.owner.call("POST", `${API}/macros`, {
        name: "Greeting",
        body:
          "Hello {{customer.name}}, about {{ticket.number}} ({{ticket.subject}}). {{agent.name}}",
        shared: true,
      }),
      201,
    );
    assert.equal(shared.shared, true);
    assert.equal(shared.ownerId, null);
    const mine = await json(
      await agent.call("POST", `${API}/macros`, {
        name: "Solve",
        body: "Fixed.",
        visibility: "internal",
        actions: {
          status: "cozuldu",
          priority: "yuksek",
          addTags: ["done"],
          removeTags: ["printer"],
        },
      }),
      201,
    );
    assert.equal(mine.ownerId, agent.id);

    // Lists: the agent sees both, the other agent only the shared one.
    const names = async (who: typeof agent) =>
      (await json(await who.call("GET", `${API}/macros`), 200)).items.map(
        (m: { name: string }) => m.name,
      );
    assert.deepEqual(await names(agent), ["Greeting", "Solve"]);
    assert.deepEqual(await names(other), ["Greeting"]);
    await problem(await other.call("GET", `${API}/macros/${mine.id}`), 404);
    await problem(await other.call("PUT", `${API}/macros/${mine.id}`, { name: "Mine now" }), 404);
    await problem(await other.call("DELETE", `${API}/macros/${mine.id}`), 404);
    // A shared macro: visible, but only admins change it.
    await problem(await agent.call("PUT", `${API}/macros/${shared.id}`, { name: "X" }), 403);
    await problem(
      await other.call("POST", `${API}/support-ticket/${tk.id}/macros/${mine.id}/render`),
      404,
    );

    const rendered = await json(
      await agent.call("POST", `${API}/support-ticket/${tk.id}/macros/${shared.id}/render`),
      200,
    );
    assert.equal(
      rendered.body,
      `Hello Ayşe Yılmaz, about ${tk.number} (Printer does not print). Member agent`,
    );

    const applied = await json(
      await agent.call("POST", `${API}/support-ticket/${tk.id}/macros/${mine.id}/apply`),
      200,
    );
    assert.equal(applied.ticket.status, "cozuldu");
    assert.equal(applied.ticket.priority, "yuksek");
    assert.deepEqual(applied.ticket.tags, ["done"]);
    assert.equal(applied.body, "Fixed.");
    assert.equal(applied.visibility, "internal");
    const detail = await json(await agent.call("GET", `${API}/support-ticket/${tk.id}`), 200);
    assert.ok(detail.history.some((h: { changes: Record<string, unknown> }) => h.changes.status));
    assert.equal(detail.comments.length, 0, "the text goes to the composer, not the ticket");
    const again = await json(await agent.call("GET", `${API}/macros/${mine.id}`), 200);
    assert.equal(again.usageCount, 1);

    // The team action moves the ticket to the team (through the tickets service).
    const team = await json(await t.owner.call("POST", `${API}/teams`, { name: "Network" }), 201);
    const toTeam = await json(
      await agent.call("POST", `${API}/macros`, {
        name: "To network",
        actions: { teamId: team.id },
      }),
      201,
    );
    const moved = await json(
      await agent.call("POST", `${API}/support-ticket/${tk.id}/macros/${toTeam.id}/apply`),
      200,
    );
    assert.equal(moved.ticket.teamId, team.id);
    assert.equal(moved.body, "");

    // Update and delete by the owner.
    const renamed = await json(
      await agent.call("PUT", `${API}/macros/${mine.id}`, { name: "Solve it" }),
      200,
    );
    assert.equal(renamed.name, "Solve it");
    await json(await agent.call("DELETE", `${API}/macros/${mine.id}`), 200);
    await problem(await agent.call("GET", `${API}/macros/${mine.id}`), 404);
  },
);

itest("support macros: an impossible status is a 422 and nothing changes", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const c = await customer(t.owner);
  const tk = await ticket(agent, c.id);
  const close = await json(
    await agent.call("POST", `${API}/macros`, {
      name: "Close now",
      body: "Bye {{customer.name}}",
      actions: { status: "kapandi", priority: "kritik", addTags: ["x"] },
    }),
    201,
  );
  await problem(
    await agent.call("POST", `${API}/support-ticket/${tk.id}/macros/${close.id}/apply`),
    422,
  );
  const after = await json(await agent.call("GET", `${API}/support-ticket/${tk.id}`), 200);
  assert.equal(after.status, "acik");
  assert.equal(after.priority, "normal");
  assert.deepEqual(after.tags, []);
  assert.equal(
    (await json(await agent.call("GET", `${API}/macros/${close.id}`), 200)).usageCount,
    0,
  );

  // The page: the refusal is shown and the ticket stays as it was.
  const page = await browse(`/support/tickets/${tk.id}/macros/apply`, {
    who: agent,
    form: { macroId: close.id, body: "" },
  });
  assert.equal(page.status, 422);
  assert.match(await page.text(), /cannot be applied/);
});

itest("support macros: bad input 400, permissions 403, another tenant's ids 404", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const viewer = await t.member(["viewer"]);
  const c = await customer(t.owner);
  const tk = await ticket(t.owner, c.id);
  const m = await json(
    await t.owner.call("POST", `${API}/macros`, { name: "M", body: "b", shared: true }),
    201,
  );
  await problem(await t.owner.call("POST", `${API}/macros`, { name: "" }), 400);
  await problem(await t.owner.call("POST", `${API}/macros`, { name: "Nothing", body: "" }), 400);
  await problem(
    await t.owner.call("POST", `${API}/macros`, { name: "x", actions: { status: "done" } }),
    400,
  );
  await problem(await t.owner.call("PUT", `${API}/macros/${m.id}`, { name: 5 }), 400);
  await problem(
    await t.owner.call("POST", `${API}/support-ticket/nope/macros/${m.id}/render`),
    400,
  );

  // The viewer reads the list, writes nothing.
  await json(await viewer.call("GET", `${API}/macros`), 200);
  await problem(await viewer.call("POST", `${API}/macros`, { name: "V", body: "b" }), 403);
  await problem(await viewer.call("PUT", `${API}/macros/${m.id}`, { name: "V" }), 403);
  await problem(await viewer.call("DELETE", `${API}/macros/${m.id}`), 403);
  await problem(
    await viewer.call("POST", `${API}/support-ticket/${tk.id}/macros/${m.id}/render`),
    403,
  );
  await problem(
    await viewer.call("POST", `${API}/support-ticket/${tk.id}/macros/${m.id}/apply`),
    403,
  );

  // Another tenant sees neither the macro nor the ticket, and changes nothing.
  const o = other.owner;
  await problem(await o.call("GET", `${API}/macros/${m.id}`), 404);
  await problem(await o.call("PUT", `${API}/macros/${m.id}`, { name: "Theirs" }), 404);
  await problem(await o.call("DELETE", `${API}/macros/${m.id}`), 404);
  await problem(await o.call("POST", `${API}/support-ticket/${tk.id}/macros/${m.id}/render`), 404);
  await problem(await o.call("POST", `${API}/support-ticket/${tk.id}/macros/${m.id}/apply`), 404);
  const still = await json(await t.owner.call("GET", `${API}/macros/${m.id}`), 200);
  assert.equal(still.name, "M");
  assert.deepEqual((await json(await o.call("GET", `${API}/macros`), 200)).items, []);
});

itest("support macros pages: list, create, the ticket page's picker and apply", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const c = await customer(t.owner, { name: "Zeynep" });
  const tk = await ticket(agent, c.id);
  const created = await browse("/support/macros", {
    who: agent,
    htmx: true,
    form: { name: "Thanks", body: "Thanks {{customer.name}}", priority: "dusuk" },
  });
  assert.equal(created.status, 200);
  const list = await (await browse("/support/macros", { who: agent })).text();
  assert.match(list, /Thanks/);
  assert.match(list, /Set priority: Low/, "priorities by label");
  assert.doesNotMatch(list, />[^<]*dusuk/, "never the code");
  const refused = await browse("/support/macros", {
    who: agent,
    htmx: true,
    form: { name: "Shared", body: "x", shared: "true" },
  });
  assert.equal(refused.status, 403);

  const [macro] = (await json(await agent.call("GET", `${API}/macros`), 200)).items;
  const ticketPage = await (await browse(`/support/tickets/${tk.id}`, { who: agent })).text();
  assert.match(ticketPage, /data-testid="canned-reply-picker"/);
  assert.match(ticketPage, /Time spent \(minutes\)/);
  const fragment = await browse(`/support/tickets/${tk.id}/macros/render`, {
    who: agent,
    htmx: true,
    form: { macroId: macro.id, body: "" },
  });
  assert.equal(fragment.status, 200);
  assert.match(await fragment.text(), /<textarea id="td-comment"[^>]*>Thanks Zeynep<\/textarea>/);

  // Picked first (the box holds the text), then applied: the text is there once.
  const applied = await browse(`/support/tickets/${tk.id}/macros/apply`, {
    who: agent,
    form: { macroId: macro.id, body: "Thanks Zeynep" },
  });
  assert.equal(applied.status, 200);
  assert.match(await applied.text(), />Thanks Zeynep<\/textarea>/);
  const after = await json(await agent.call("GET", `${API}/support-ticket/${tk.id}`), 200);
  assert.equal(after.priority, "dusuk");
});
