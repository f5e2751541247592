import assert from "node:assert/strict";
import { itest, newTenant, problem, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { API, customer, json, ticket } from "./fixtures.ts";

itest(
  "support tickets: open, number, read with history, update, resolve, close, reopen",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const c = await customer(t.owner, { email: "cust@example.test" });
    const created = await ticket(agent, c.id, { tags: ["printer", "printer"] });
    assert.match(created.number, /^T-\d{4}-00001$/);
    assert.equal(created.status, "acik");
    assert.equal(created.priority, "normal");
    assert.deepEqual(created.tags, ["printer"]);
    const second = await ticket(agent, c.id);
    assert.match(second.number, /-00002$/);

    const updated = await json(
      await agent.call("PUT", `${API}/support-ticket/${created.id}`, {
        priority: "yuksek",
        status: "islemde",
      }),
      200,
    );
    assert.equal(updated.priority, "yuksek");
    assert.ok(updated.firstRespondedAt, "moving on from acik counts as the first response");

    await json(
      await agent.call("POST", `${API}/support-ticket/${created.id}/assign`, {
        assigneeId: agent.id,
      }),
      200,
    );
    const resolved = await json(
      await agent.call("PUT", `${API}/support-ticket/${created.id}`, { status: "cozuldu" }),
      200,
    );
    assert.ok(resolved.resolvedAt);
    const closed = await json(
      await agent.call("POST", `${API}/support-ticket/${created.id}/close`),
      200,
    );
    assert.equal(closed.status, "kapandi");
    assert.ok(closed.closedAt);
    // kapandi → islemde is not a move; reopen is.
    await problem(
      await agent.call("PUT", `${API}/support-ticket/${created.id}`, { status: "islemde" }),
      422,
    );
    const reopened = await json(
      await agent.call("POST", `${API}/support-ticket/${created.id}/reopen`),
      200,
    );
    assert.equal(reopened.status, "acik");
    assert.equal(reopened.closedAt, null);
    await problem(await agent.call("POST", `${API}/support-ticket/${created.id}/reopen`), 422);
    await problem(await agent.call("POST", `${API}/support-ticket/${created.id}/close`), 422);

    const detail = await json(await agent.call("GET", `${API}/support-ticket/${created.id}`), 200);
    const actions = detail.history.map((h: { action: string }) => h.action);
    for (const a of ["created", "updated", "assigned", "closed", "reopened"]) {
      assert.ok(actions.includes(a), `history has ${a}: ${actions}`);
    }
    const prio = detail.history.find((h: { changes: Record<string, unknown> }) =>
      h.changes.priority
    );
    assert.deepEqual(prio.changes.priority, { from: "normal", to: "yuksek" });
    assert.equal(prio.actorId, agent.id);
  },
);

itest("support tickets: comments are public or internal; Markdown is sanitized", async () => {
  const t = await newTenant();
  const c = await customer(t.owner);
  const tk = await ticket(t.owner, c.id);
  const pub = await json(
    await t.owner.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
      body: "**Done** <script>alert(1)</script>",
      format: "markdown",
    }),
    201,
  );
  assert.equal(pub.visibility, "public");
  assert.match(pub.html, /<strong>Done<\/strong>/);
  assert.doesNotMatch(pub.html, /<script>/);
  await json(
    await t.owner.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
      body: "note",
      visibility: "internal",
    }),
    201,
  );
  const list = await json(
    await t.owner.call("GET", `${API}/support-ticket/${tk.id}/comments`),
    200,
  );
  assert.deepEqual(list.items.map((x: { visibility: string }) => x.visibility), [
    "public",
    "internal",
  ]);
  await problem(
    await t.owner.call("POST", `${API}/support-ticket/${tk.id}/comments`, { body: "" }),
    400,
  );
  const detail = await json(await t.owner.call("GET", `${API}/support-ticket/${tk.id}`), 200);
  assert.ok(detail.firstRespondedAt, "a public answer stops the first-response clock");
});

itest("support tickets: bad input 400, permissions 403, another tenant's id 404", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const viewer = await t.member(["viewer"]);
  const c = await customer(t.owner);
  const tk = await ticket(t.owner, c.id);
  await problem(await t.owner.call("POST", `${API}/support-ticket`, { subject: "x" }), 400);
  await problem(
    await t.owner.call("POST", `${API}/support-ticket`, {
      subject: "x",
      customerId: c.id,
      priority: "urgent",
    }),
    400,
  );
  await problem(await t.owner.call("GET", `${API}/support-ticket/not-a-uuid`), 400);
  await problem(await t.owner.call("GET", `${API}/support-ticket?cursor=garbage`), 400);
  await problem(await t.owner.call("GET", `${API}/support-ticket?assignee=someone`), 400);
  await problem(
    await viewer.call("POST", `${API}/support-ticket`, { subject: "x", customerId: c.id }),
    403,
  );
  await problem(await viewer.call("PUT", `${API}/support-ticket/${tk.id}`, { subject: "y" }), 403);
  assert.equal((await viewer.call("GET", `${API}/support-ticket`)).status, 200);
  // Another tenant: not found, and the row is unchanged.
  await problem(await other.owner.call("GET", `${API}/support-ticket/${tk.id}`), 404);
  await problem(
    await other.owner.call("PUT", `${API}/support-ticket/${tk.id}`, { subject: "hijack" }),
    404,
  );
  await problem(await other.owner.call("POST", `${API}/support-ticket/${tk.id}/close`), 404);
  await problem(
    await other.owner.call("POST", `${API}/support-ticket/${tk.id}/comments`, { body: "x" }),
    404,
  );
  await problem(
    await other.owner.call("POST", `${API}/support-ticket`, { subject: "x", customerId: c.id }),
    422,
  );
  const same = await json(await t.owner.call("GET", `${API}/support-ticket/${tk.id}`), 200);
  assert.equal(same.subject, tk.subject);
  assert.equal(same.comments.length, 0);
});

itest("support tickets: the assignee must be an agent of this tenant", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const viewer = await t.member(["viewer"]);
  const agent = await t.member(["agent"]);
  const c = await customer(t.owner);
  const tk = await ticket(t.owner, c.id);
  await problem(
    await t.owner.call("POST", `${API}/support-ticket/${tk.id}/assign`, { assigneeId: viewer.id }),
    422,
  );
  await problem(
    await t.owner.call("POST", `${API}/support-ticket/${tk.id}/assign`, {
      assigneeId: other.owner.id,
    }),
    422,
  );
  const ok = await json(
    await t.owner.call("POST", `${API}/support-ticket/${tk.id}/assign`, { assigneeId: agent.id }),
    200,
  );
  assert.equal(ok.assigneeId, agent.id);
  const inbox = await json(await agent.call("GET", "/api/notifications"), 200);
  assert.ok(inbox.items.some((n: { link: string }) => n.link === `/support/tickets/${tk.id}`));
});

itest("support tickets: filters, text search, sorts and keyset paging", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const c1 = await customer(t.owner, { name: "Alpha" });
  const c2 = await customer(t.owner, { name: "Beta" });
  const a = await ticket(t.owner, c1.id, {
    subject: "VPN down",
    priority: "kritik",
    assigneeId: agent.id,
  });
  const b = await ticket(t.owner, c2.id, { subject: "New laptop", priority: "dusuk" });
  const c = await ticket(t.owner, c2.id, { subject: "Mail quota_100%", priority: "normal" });
  const ids = async (qs: string) =>
    (await json(await t.owner.call("GET", `${API}/support-ticket?${qs}`), 200)).items.map((
      x: { id: string },
    ) => x.id);
  assert.deepEqual(await ids(""), [c.id, b.id, a.id]);
  assert.deepEqual(await ids(`customerId=${c2.id}`), [c.id, b.id]);
  assert.deepEqual(await ids("priority=kritik"), [a.id]);
  assert.deepEqual(await ids("assignee=none"), [c.id, b.id]);
  assert.deepEqual(await ids(`assignee=${agent.id}`), [a.id]);
  assert.deepEqual(
    (await json(await agent.call("GET", `${API}/support-ticket?assignee=me`), 200)).items.map((
      x: { id: string },
    ) => x.id),
    [a.id],
  );
  assert.deepEqual(await ids("q=vpn"), [a.id]);
  assert.deepEqual(await ids(`q=${encodeURIComponent(a.number)}`), [a.id]);
  assert.deepEqual(await ids("q=_100%25"), [c.id], "LIKE wildcards match themselves");
  assert.deepEqual(await ids("sort=priority"), [a.id, c.id, b.id]);
  assert.deepEqual(await ids("sla=none"), [c.id, b.id, a.id]);
  assert.deepEqual(await ids("status=kapandi"), []);
  const future = new Date(Date.now() + 3600_000).toISOString();
  assert.deepEqual(await ids(`createdFrom=${encodeURIComponent(future)}`), []);
  for (const sort of ["created", "updated", "priority", "due"]) {
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: { items: { id: string }[]; nextCursor: string | null } = await json(
        await t.owner.call(
          "GET",
          `${API}/support-ticket?limit=1&sort=${sort}${cursor ? `&cursor=${cursor}` : ""}`,
        ),
        200,
      );
      seen.push(...page.items.map((x) => x.id));
      cursor = page.nextCursor;
    }
    assert.deepEqual(seen.toSorted(), [a.id, b.id, c.id].toSorted(), `paging by ${sort}`);
  }
});

itest("support numbering: 50 parallel creates get 50 distinct consecutive numbers", async () => {
  const t = await newTenant();
  const tpl = await json(
    await t.owner.call("POST", `${API}/numbering-template`, {
      name: "Yearly",
      pattern: "SUP-{YYYY}-{SEQ:4}",
      reset: "yearly",
      active: true,
    }),
    201,
  );
  const next = await json(
    await t.owner.call("GET", `${API}/numbering-template/${tpl.id}/next`),
    200,
  );
  const year = new Date().getUTCFullYear();
  assert.equal(next.next, `SUP-${year}-0001`);
  const c = await customer(t.owner);
  const results = await Promise.all(
    Array.from({ length: 50 }, (_, i) => ticket(t.owner, c.id, { subject: `parallel ${i}` })),
  );
  const numbers = results.map((r) => r.number).sort();
  assert.deepEqual(
    numbers,
    Array.from({ length: 50 }, (_, i) => `SUP-${year}-${String(i + 1).padStart(4, "0")}`),
  );
  // A failed create gives its number back (the counter rolls back with the ticket).
  await problem(
    await t.owner.call("POST", `${API}/support-ticket`, {
      subject: "x",
      customerId: c.id,
      assigneeId: crypto.randomUUID(),
    }),
    422,
  );
  assert.equal((await ticket(t.owner, c.id)).number, `SUP-${year}-0051`);
  // Changing the template affects only new tickets.
  await json(
    await t.owner.call("PUT", `${API}/numbering-template/${tpl.id}`, {
      pattern: "HD-{YYYY}-{SEQ:6}",
    }),
    200,
  );
  assert.equal((await ticket(t.owner, c.id)).number, `HD-${year}-000052`);
  const first = await json(
    await t.owner.call("GET", `${API}/support-ticket/${results[0].id}`),
    200,
  );
  assert.match(first.number, /^SUP-/);
  await problem(
    await t.owner.call("POST", `${API}/numbering-template`, { name: "x", pattern: "NO-SEQ" }),
    422,
  );
  await problem(
    await t.owner.call("POST", `${API}/numbering-template`, {
      name: "x",
      pattern: "X-{SEQ}",
      reset: "monthly",
    }),
    422,
  );
  const { platform } = await testApp();
  const [{ n }] = await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) => tx`select count(distinct number)::int as n from support_tickets`,
  );
  assert.equal(n, 52);
});

itest("support numbering: a new template skips numbers older tickets already carry", async () => {
  const t = await newTenant();
  const c = await customer(t.owner);
  const year = new Date().getUTCFullYear();
  assert.equal((await ticket(t.owner, c.id)).number, `T-${year}-00001`);
  assert.equal((await ticket(t.owner, c.id)).number, `T-${year}-00002`);
  await json(
    await t.owner.call("POST", `${API}/numbering-template`, {
      name: "Same as before",
      pattern: "T-{YYYY}-{SEQ:5}",
      reset: "yearly",
      active: true,
    }),
    201,
  );
  assert.equal((await ticket(t.owner, c.id)).number, `T-${year}-00003`);
});

itest("support status: the four states with labels per language and allowed moves", async () => {
  const t = await newTenant();
  const body = await json(await t.owner.call("GET", `${API}/status`), 200);
  assert.deepEqual(body.items.map((s: { value: string }) => s.value), [
    "acik",
    "islemde",
    "cozuldu",
    "kapandi",
  ]);
  assert.equal(body.items[0].labels.tr, "Açık");
  assert.equal(body.items[3].labels.en, "Closed");
  assert.deepEqual(body.items[3].next, ["acik"]);
});
