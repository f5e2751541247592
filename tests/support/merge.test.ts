import assert from "node:assert/strict";
import { browse, itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { API, customer, defaultPolicy, json, ticket } from "./fixtures.ts";
import { lockOrder, mergedTags, mergeRefusal } from "../../modules/support/merge/merge.rules.ts";

itest("support merge rules: itself, merged, closed; lock order; tags", () => {
  const open = (id: string) => ({ id, status: "acik", mergedIntoId: null });
  assert.equal(mergeRefusal(open("a"), open("b")), null);
  assert.match(mergeRefusal(open("a"), open("a"))!, /itself/);
  assert.match(mergeRefusal({ ...open("a"), mergedIntoId: "c" }, open("b"))!, /merged already/);
  assert.match(mergeRefusal({ ...open("a"), status: "kapandi" }, open("b"))!, /closed/);
  assert.match(mergeRefusal(open("a"), { ...open("b"), status: "kapandi" })!, /closed/);
  assert.equal(mergeRefusal({ ...open("a"), status: "cozuldu" }, open("b")), null);
  assert.deepEqual(lockOrder("b", "a"), ["a", "b"]);
  assert.deepEqual(lockOrder("a", "b"), ["a", "b"]);
  assert.deepEqual(mergedTags(["x", "y"], ["y", "z"]), ["x", "y", "z"]);
});

/** Uploads one small file to a ticket through the API. */
async function upload(t: TestTenant, ticketId: string, name: string) {
  const { app } = await testApp();
  const body = new FormData();
  body.append("file", new File(["hello"], name, { type: "text/plain" }));
  const res = await app.request(`${API}/support-ticket/${ticketId}/attachments`, {
    method: "POST",
    headers: { Authorization: `Bearer ${t.owner.token}` },
    body,
  });
  assert.equal(res.status, 201, await res.clone().text());
}

async function mailIds(tenantId: string, ticketId: string) {
  const { platform } = await testApp();
  return await withScope(
    platform.db.sql,
    { tenantId },
    (tx) =>
      tx<{ messageId: string }[]>`select message_id from support_mail_ids
        where ticket_id = ${ticketId} order by message_id`,
  );
}

itest(
  "support merge: comments, files, mail ids and tags move; the source closes with a link",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const c = await customer(t.owner);
    const source = await ticket(agent, c.id, { subject: "Printer (again)", tags: ["printer"] });
    const target = await ticket(agent, c.id, { subject: "Printer", tags: ["hw"] });
    const first = await json(
      await agent.call("POST", `${API}/support-ticket/${source.id}/comments`, {
        body: "Still broken",
        minutes: 15,
      }),
      201,
    );
    await upload(t, source.id, "photo.txt");
    const { platform } = await testApp();
    await withScope(platform.db.sql, { tenantId: t.id }, async (tx) => {
      await tx`insert into support_mail_ids (message_id, ticket_id, direction)
      values ('abc@example.test', ${source.id}, 'in')`;
    });

    const merged = await json(
      await agent.call("POST", `${API}/support-ticket/${source.id}/merge`, { intoId: target.id }),
      200,
    );
    assert.equal(merged.ticket.id, target.id);
    assert.deepEqual(merged.ticket.tags, ["hw", "printer"]);
    assert.equal(merged.merged.status, "kapandi");
    assert.equal(merged.merged.mergedIntoId, target.id);
    assert.equal(merged.movedComments, 1);
    assert.equal(merged.movedFiles, 1);

    const after = await json(await agent.call("GET", `${API}/support-ticket/${target.id}`), 200);
    assert.equal(after.comments.length, 1);
    assert.equal(after.comments[0].id, first.id);
    assert.equal(after.comments[0].createdAt, first.createdAt, "the comment keeps its time");
    assert.equal(after.comments[0].minutes, 15);
    assert.ok(after.history.some((h: { action: string }) => h.action === "mergedIn"));
    const files = await json(
      await agent.call("GET", `${API}/support-ticket/${target.id}/attachments`),
      200,
    );
    assert.deepEqual(files.items.map((f: { name: string }) => f.name), ["photo.txt"]);
    assert.deepEqual(
      (await json(await agent.call("GET", `${API}/support-ticket/${source.id}/attachments`), 200))
        .items,
      [],
    );
    assert.deepEqual((await mailIds(t.id, target.id)).map((r) => r.messageId), [
      "abc@example.test",
    ]);

    const old = await json(await agent.call("GET", `${API}/support-ticket/${source.id}`), 200);
    assert.equal(old.status, "kapandi");
    assert.equal(old.comments.length, 0);
    const actions = old.history.map((h: { action: string }) => h.action);
    assert.ok(actions.includes("created") && actions.includes("merged"), `${actions}`);
    const page = await (await browse(`/support/tickets/${source.id}`, { who: agent })).text();
    assert.match(page, new RegExp(`Merged into ${target.number}`));
    assert.match(page, new RegExp(`href="/support/tickets/${target.id}"`));

    // A merged ticket stays closed (no reopen, no change), and its page offers no reopen.
    await problem(await agent.call("POST", `${API}/support-ticket/${source.id}/reopen`), 422);
    await problem(
      await agent.call("PUT", `${API}/support-ticket/${source.id}`, { status: "acik" }),
      422,
    );
    assert.doesNotMatch(page, /\/reopen"/);

    // Merged (closed) already, or into a closed ticket, or into itself: 422, nothing changes.
    await problem(
      await agent.call("POST", `${API}/support-ticket/${source.id}/merge`, { intoId: target.id }),
      422,
    );
    const third = await ticket(agent, c.id);
    await problem(
      await agent.call("POST", `${API}/support-ticket/${third.id}/merge`, { intoId: source.id }),
      422,
    );
    await problem(
      await agent.call("POST", `${API}/support-ticket/${third.id}/merge`, { intoId: third.id }),
      422,
    );
    const still = await json(await agent.call("GET", `${API}/support-ticket/${third.id}`), 200);
    assert.equal(still.status, "acik");
  },
);

itest(
  "support merge: a waiting ticket's pause ends with its clocks moved on, as on a resolve",
  async () => {
    const t = await newTenant();
    await defaultPolicy(t.owner); // 240 min to resolve, every hour a business hour
    const c = await customer(t.owner);
    const { platform } = await testApp();
    /** Opened 5 h ago, waiting on the customer for the last 4.5 h (due 210 min ahead then). */
    const waiting = async () => {
      const tk = await ticket(t.owner, c.id);
      await json(
        await t.owner.call("PUT", `${API}/support-ticket/${tk.id}`, { status: "islemde" }),
        200,
      );
      await json(
        await t.owner.call("POST", `${API}/support-ticket/${tk.id}/pending`, {
          reason: "customer",
        }),
        200,
      );
      await withScope(platform.db.sql, { tenantId: t.id }, async (tx) => {
        await tx`update support_tickets set created_at = now() - interval '300 min',
          resolution_due = now() - interval '60 min',
          resolution_warn_at = now() - interval '100 min',
          paused_at = now() - interval '270 min' where id = ${tk.id}`;
        await tx`update support_ticket_pauses set started_at = now() - interval '270 min'
          where ticket_id = ${tk.id}`;
      });
      return tk;
    };
    const a = await waiting();
    const b = await waiting();
    const target = await ticket(t.owner, c.id);
    const merged = await json(
      await t.owner.call("POST", `${API}/support-ticket/${a.id}/merge`, { intoId: target.id }),
      200,
    );
    const resolved = await json(
      await t.owner.call("PUT", `${API}/support-ticket/${b.id}`, { status: "cozuldu" }),
      200,
    );
    assert.notEqual(resolved.slaState, "breached");
    assert.equal(merged.merged.slaState, resolved.slaState);
    assert.equal(merged.merged.pausedAt, null);
    // Due 60 min ago, moved on by the 270 paused minutes: 210 min ahead (a minute's slack).
    const ahead = (Date.parse(merged.merged.resolutionDue) - Date.now()) / 60_000;
    assert.ok(Math.abs(ahead - 210) < 1, `due ${ahead} min ahead`);
    const [pause] = await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) =>
        tx<{ endedAt: Date | null; businessMinutes: string | null }[]>`
          select ended_at, business_minutes from support_ticket_pauses where ticket_id = ${a.id}`,
    );
    assert.ok(pause.endedAt, "the pause ended");
    // numeric column (a string here); the paused 270 minutes, give or take the test's run time
    assert.ok(Math.abs(Number(pause.businessMinutes) - 270) < 1, `${pause.businessMinutes}`);
  },
);

itest("support merge: bad input 400, permissions 403, another tenant's ids 404", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const viewer = await t.member(["viewer"]);
  const c = await customer(t.owner);
  const a = await ticket(t.owner, c.id);
  const b = await ticket(t.owner, c.id);
  const oc = await customer(other.owner);
  const theirs = await ticket(other.owner, oc.id);
  const merge = (who: typeof viewer, id: string, body: unknown) =>
    who.call("POST", `${API}/support-ticket/${id}/merge`, body);
  await problem(await merge(t.owner, a.id, {}), 400);
  await problem(await merge(t.owner, a.id, { intoId: "T-1" }), 400);
  await problem(await merge(viewer, a.id, { intoId: b.id }), 403);
  // Another tenant's ticket, as source or as target: not found, and nothing moves.
  await problem(await merge(other.owner, a.id, { intoId: b.id }), 404);
  await problem(await merge(t.owner, a.id, { intoId: theirs.id }), 404);
  await problem(await merge(other.owner, theirs.id, { intoId: a.id }), 404);
  for (const x of [a, b]) {
    const d = await json(await t.owner.call("GET", `${API}/support-ticket/${x.id}`), 200);
    assert.equal(d.status, "acik");
    assert.equal(d.mergedIntoId, null);
  }
});

itest("support merge page: the dialog merges by number and leads to the target", async () => {
  const t = await newTenant();
  const c = await customer(t.owner);
  const a = await ticket(t.owner, c.id, { subject: "Duplicate" });
  const b = await ticket(t.owner, c.id, { subject: "Original" });
  const page = await (await browse(`/support/tickets/${a.id}`, { who: t.owner })).text();
  assert.match(page, /Merge into/);
  const found = await browse(`/support/tickets/${a.id}/merge/candidates?number=${b.number}`, {
    who: t.owner,
    htmx: true,
  });
  const html = await found.text();
  assert.match(html, new RegExp(`value="${b.id}"`));
  assert.doesNotMatch(html, new RegExp(`value="${a.id}"`), "not itself");
  const wrong = await browse(`/support/tickets/${a.id}/merge`, {
    who: t.owner,
    form: { number: "T-0000-99999" },
  });
  assert.equal(wrong.status, 422);
  const done = await browse(`/support/tickets/${a.id}/merge`, {
    who: t.owner,
    form: { number: b.number.toLowerCase() },
  });
  assert.equal(done.status, 303);
  assert.equal(done.headers.get("location"), `/support/tickets/${b.id}`);
});
