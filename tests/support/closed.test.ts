/**
 * A closed ticket is read-only: no comments, no edits, through the API and the pages alike;
 * reopening is the one thing it takes, recorded in its history as a reopen.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { API, customer, json, ticket } from "./fixtures.ts";

async function closedTicket(who: Parameters<typeof ticket>[0], customerId: string) {
  const tk = await ticket(who, customerId);
  await json(await who.call("PUT", `${API}/support-ticket/${tk.id}`, { status: "cozuldu" }), 200);
  await json(await who.call("POST", `${API}/support-ticket/${tk.id}/close`), 200);
  return tk;
}

itest(
  "support closed tickets: the API refuses comments and edits (422), nothing is written",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const c = await customer(t.owner);
    const tk = await closedTicket(agent, c.id);
    await problem(
      await agent.call("POST", `${API}/support-ticket/${tk.id}/comments`, { body: "Still there?" }),
      422,
    );
    await problem(
      await agent.call("PUT", `${API}/support-ticket/${tk.id}`, { subject: "Changed" }),
      422,
    );
    await problem(
      await agent.call("POST", `${API}/support-ticket/${tk.id}/assign`, { assigneeId: agent.id }),
      422,
    );
    const after = await json(await agent.call("GET", `${API}/support-ticket/${tk.id}`), 200);
    assert.equal(after.status, "kapandi");
    assert.equal(after.subject, tk.subject);
    assert.equal(after.assigneeId, null);
    assert.equal(after.comments.length, 0, "no comment written");
    assert.ok(!after.history.some((h: { action: string }) => h.action === "commented"));
  },
);

itest(
  "support closed tickets: reopen by an agent, refused for a viewer and another tenant",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const agent = await t.member(["agent"]);
    const viewer = await t.member(["viewer"]);
    const c = await customer(t.owner);
    const tk = await closedTicket(agent, c.id);
    await problem(await viewer.call("POST", `${API}/support-ticket/${tk.id}/reopen`), 403);
    await problem(await other.owner.call("POST", `${API}/support-ticket/${tk.id}/reopen`), 404);
    assert.equal(
      (await json(await agent.call("GET", `${API}/support-ticket/${tk.id}`), 200)).status,
      "kapandi",
      "unchanged by the refused calls",
    );
    const reopened = await json(
      await agent.call("POST", `${API}/support-ticket/${tk.id}/reopen`),
      200,
    );
    assert.equal(reopened.status, "acik");
    assert.equal(reopened.closedAt, null);
    const detail = await json(await agent.call("GET", `${API}/support-ticket/${tk.id}`), 200);
    const line = detail.history.find((h: { action: string }) => h.action === "reopened");
    assert.ok(line, "the history has the reopen");
    assert.deepEqual(line.changes.status, { from: "kapandi", to: "acik" });
    assert.equal(line.actorId, agent.id);
    // Open again, it takes comments.
    await json(
      await agent.call("POST", `${API}/support-ticket/${tk.id}/comments`, { body: "Back on it" }),
      201,
    );
    // The API document names the route.
    const doc = await json(await agent.call("GET", "/openapi.json"), 200);
    assert.equal(
      doc.paths["/api/support/support-ticket/{id}/reopen"].post.operationId,
      "reopenSupportTicket",
    );
  },
);

itest("support closed tickets: the page is read-only and offers Reopen, which works", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const viewer = await t.member(["viewer"]);
  const c = await customer(t.owner);
  const tk = await closedTicket(agent, c.id);
  const page = await (await browse(`/support/tickets/${tk.id}`, { who: agent })).text();
  assert.match(page, /action="\/support\/tickets\/[0-9a-f-]{36}\/reopen"/, "Reopen offered");
  assert.doesNotMatch(page, /\/comments"/, "no comment form");
  assert.doesNotMatch(page, /id="edit-ticket"/, "no edit");
  assert.doesNotMatch(page, /\/assign"/, "no assignment");
  assert.match(page, /data-testid="closed-note"/);
  const seen = await (await browse(`/support/tickets/${tk.id}`, { who: viewer })).text();
  assert.doesNotMatch(seen, /\/reopen"/, "a viewer may not reopen");
  const refused = await browse(`/support/tickets/${tk.id}/reopen`, {
    who: viewer,
    form: {},
    htmx: true,
  });
  assert.equal(refused.status, 403);
  // A comment posted anyway (an old form) is refused with the reader's words.
  const late = await browse(`/support/tickets/${tk.id}/comments`, {
    who: agent,
    form: { body: "late", format: "text", visibility: "public" },
    htmx: true,
  });
  assert.equal(late.status, 422);
  assert.match(await late.text(), /A closed ticket cannot be changed or commented on/);
  const reopened = await browse(`/support/tickets/${tk.id}/reopen`, {
    who: agent,
    form: {},
    htmx: true,
  });
  assert.equal(reopened.status, 200);
  const html = await reopened.text();
  assert.match(html, /<span class="badge badge-blue">Open<\/span>/);
  assert.match(html, /reopened the ticket/, "the history says so");
  assert.match(html, /action="\/support\/tickets\/[0-9a-f-]{36}\/comments"/, "comments again");
  const plain = await browse(`/support/tickets/${tk.id}/status`, {
    who: agent,
    form: { status: "cozuldu", from: "acik" },
  });
  assert.equal(plain.status, 303, "a plain post redirects back to the ticket");
});
