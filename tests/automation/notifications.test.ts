import assert from "node:assert/strict";
import { withScope } from "../../shared/db/scope.ts";
import { notify } from "../../platform/notifications/public.ts";
import { browse, itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";

const API = "/api/automation";

async function json(res: Response, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

async function send(t: TestTenant, userId: string, module: string, title: string) {
  const { platform } = await testApp();
  return await withScope(
    platform.db.sql,
    { tenantId: t.id, userId: t.owner.id },
    (tx) =>
      notify({ sql: tx, bus: platform.bus }, {
        userId,
        module,
        title,
        body: "details",
        link: "/automation",
      }),
  );
}

itest(
  "notifications: the caller's automation ones only, unread filter, paging, mark read",
  async () => {
    const t = await newTenant();
    const member = await t.member(["member"]);
    const first = await send(t, t.owner.id, "automation", "Run of Digest failed");
    const second = await send(t, t.owner.id, "automation", "Agent Importer went to error");
    await send(t, t.owner.id, "projects", "A task was assigned to you");
    await send(t, member.id, "automation", "Someone else's");

    const all = await json(await t.owner.call("GET", `${API}/notifications`));
    assert.deepEqual(all.items.map((n: { id: string }) => n.id), [second.id, first.id]);
    assert.equal(all.items[0].readAt, null);
    const p1 = await json(await t.owner.call("GET", `${API}/notifications?limit=1`));
    assert.deepEqual(p1.items.map((n: { id: string }) => n.id), [second.id]);
    const p2 = await json(
      await t.owner.call("GET", `${API}/notifications?limit=1&cursor=${p1.nextCursor}`),
    );
    assert.deepEqual(p2.items.map((n: { id: string }) => n.id), [first.id]);
    assert.equal(p2.nextCursor, null);

    // Marking read is the platform's route; the automation list follows.
    assert.equal(
      (await t.owner.call("POST", `/api/notifications/${second.id}/read`)).status < 300,
      true,
    );
    const unread = await json(await t.owner.call("GET", `${API}/notifications?unread=true`));
    assert.deepEqual(unread.items.map((n: { id: string }) => n.id), [first.id]);
    const mine = await json(await member.call("GET", `${API}/notifications`));
    assert.equal(mine.items.length, 1);
  },
);

itest("notifications: 400 for bad input, 403 without automation.job.read", async () => {
  const t = await newTenant();
  for (const q of ["unread=maybe", "limit=0", "limit=500", "cursor=garbage"]) {
    await problem(await t.owner.call("GET", `${API}/notifications?${q}`), 400);
  }
  await json(
    await t.owner.call("POST", "/api/admin/roles", {
      key: "support-only",
      name: "Support only",
      permissions: ["support.ticket.read"],
    }),
    201,
  );
  const outsider = await t.member(["support-only"]);
  await problem(await outsider.call("GET", `${API}/notifications`), 403);
  assert.equal((await browse("/automation/notifications", { who: outsider })).status, 403);
});

itest("notifications: another tenant's notifications stay there", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const theirs = await send(b, b.owner.id, "automation", "B's failure");
  const seen = await json(await a.owner.call("GET", `${API}/notifications`));
  assert.equal(seen.items.length, 0);
  await problem(await a.owner.call("POST", `/api/notifications/${theirs.id}/read`), 404);
  const still = await json(await b.owner.call("GET", `${API}/notifications?unread=true`));
  assert.deepEqual(still.items.map((n: { id: string }) => n.id), [theirs.id]);
});

itest("notifications page: shared items, mark-read form, list fragment", async () => {
  const t = await newTenant();
  const n = await send(t, t.owner.id, "automation", "Run of Digest failed");
  const res = await browse("/automation/notifications", { who: t.owner });
  const body = await res.text();
  assert.equal(res.status, 200, body);
  assert.ok(body.includes("Run of Digest failed"));
  assert.ok(body.includes("notification-item"), "the platform's NotificationItem");
  assert.ok(body.includes(`hx-post="/notifications/${n.id}/read"`));
  assert.ok(body.includes("htmx:afterRequest from:.automation-mark-read"));
  const marked = await browse(`/notifications/${n.id}/read`, {
    who: t.owner,
    method: "POST",
    htmx: true,
  });
  assert.equal(marked.status, 200);
  const part = await browse("/automation/notifications?unread=true&part=list", {
    who: t.owner,
    htmx: true,
  });
  const html = await part.text();
  assert.equal(part.status, 200);
  assert.ok(!html.includes("Run of Digest failed"), "read ones leave the unread list");
  assert.ok(html.includes("Nothing unread"));
});
