import assert from "node:assert/strict";
import postgres from "postgres";
import { callApp, type Caller, itest, newTenant, problem, testApp } from "../helpers.ts";
import { afterCommit, withScope } from "../../shared/db/scope.ts";
import { notify } from "../../platform/notifications/notify.service.ts";
import { createBus } from "../../shared/realtime/bus.ts";
import type { Sql } from "../../shared/db/database.ts";

/** Reads server-sent events until one matches, or fails after a few seconds. */
async function openStream(who: Caller) {
  const { app } = await testApp();
  const res = await app.request("/api/notifications/stream", {
    headers: { Authorization: `Bearer ${who.token}` },
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async until(pattern: RegExp, ms = 5000): Promise<string> {
      const deadline = Date.now() + ms;
      while (!pattern.test(buffer)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event matching ${pattern} in: ${buffer}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), left)),
        ]);
        if (chunk === null) continue;
        if (chunk.done) throw new Error(`stream ended: ${buffer}`);
        buffer += decoder.decode(chunk.value);
      }
      const text = buffer;
      buffer = "";
      return text;
    },
    close: () => reader.cancel(),
  };
}

itest("notifications: send, list, count, mark read and mark all read", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  for (const title of ["First", "Second"]) {
    const res = await t.owner.call("POST", "/api/notifications", {
      userId: member.id,
      title,
      body: "Hello",
      link: "/projects",
    });
    assert.equal(res.status, 201, await res.clone().text());
  }
  const list = await (await member.call("GET", "/api/notifications")).json();
  assert.deepEqual(list.items.map((n: { title: string }) => n.title), ["Second", "First"]);
  assert.deepEqual(await (await member.call("GET", "/api/notifications/unread-count")).json(), {
    unread: 2,
  });

  assert.equal(
    (await member.call("POST", `/api/notifications/${list.items[0].id}/read`)).status,
    204,
  );
  const unread = await (await member.call("GET", "/api/notifications?unread=true")).json();
  assert.deepEqual(unread.items.map((n: { title: string }) => n.title), ["First"]);
  assert.deepEqual(await (await member.call("POST", "/api/notifications/read-all")).json(), {
    marked: 1,
  });
  assert.deepEqual(await (await member.call("GET", "/api/notifications/unread-count")).json(), {
    unread: 0,
  });
  // The owner's inbox is separate.
  assert.equal((await (await t.owner.call("GET", "/api/notifications")).json()).items.length, 0);
});

itest("notifications: validation, permission and other tenants", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const member = await a.member(["member"]);
  await problem(await a.owner.call("POST", "/api/notifications", { title: "" }), 400);
  await problem(
    await a.owner.call("POST", "/api/notifications", { title: "x", link: "//evil.example" }),
    400,
  );
  await problem(await a.owner.call("GET", "/api/notifications?limit=0"), 400);
  await problem(await member.call("POST", "/api/notifications", { title: "x" }), 403);
  await problem(
    await a.owner.call("POST", "/api/notifications", { userId: b.owner.id, title: "x" }),
    422,
  );

  const sent = await (await b.owner.call("POST", "/api/notifications", { title: "B only" })).json();
  await problem(await a.owner.call("POST", `/api/notifications/${sent.id}/read`), 404);
  await problem(await member.call("POST", `/api/notifications/${sent.id}/read`), 404);
  const still = await (await b.owner.call("GET", "/api/notifications?unread=true")).json();
  assert.deepEqual(still.items.map((n: { id: string }) => n.id), [sent.id], "unchanged");
});

itest(
  "notifications: the SSE stream pushes the unread count when a notification arrives",
  async () => {
    const t = await newTenant();
    const member = await t.member(["member"]);
    const stream = await openStream(member);
    try {
      assert.match(await stream.until(/event: unread\ndata: .*data-unread="0"/), /data-unread="0"/);
      await t.owner.call("POST", "/api/notifications", { userId: member.id, title: "Live one" });
      const got = await stream.until(/event: unread\ndata: .*data-unread="1"/);
      assert.match(got, /event: notification\ndata: \{.*"title":"Live one"/);
      // Another user's notification does not reach this stream.
      await t.owner.call("POST", "/api/notifications", { title: "For the owner" });
      await member.call("POST", "/api/notifications/read-all");
      assert.match(await stream.until(/data-unread="0"/), /data-unread="0"/);
    } finally {
      await stream.close();
    }
  },
);

itest(
  "notifications: a NOTIFY from another connection (another instance) reaches the stream",
  async () => {
    const { platform } = await testApp();
    const t = await newTenant();
    const stream = await openStream(t.owner);
    // On PostgreSQL "another instance" is a separate client publishing through NOTIFY; the
    // embedded database is one process, so there the in-process bus is the whole story.
    const url = platform.config.DATABASE_URL;
    const other = url
      ? postgres(url, { max: 1, transform: postgres.camel }) as unknown as Sql
      : null;
    try {
      await stream.until(/data-unread="0"/);
      const sql = other ?? platform.db.sql;
      const bus = other
        ? createBus({ mode: "postgres", sql: other, close: () => Promise.resolve() })
        : platform.bus;
      await withScope(
        sql,
        { tenantId: t.id },
        (tx) =>
          notify({ sql: tx, bus }, { userId: t.owner.id, module: "platform", title: "From afar" }),
      );
      assert.match(await stream.until(/data-unread="1"/), /From afar/);
    } finally {
      await stream.close();
      await other?.end();
    }
  },
);

itest("notifications: the inbox page lists and marks read; the shell shows the badge", async () => {
  const t = await newTenant();
  await t.owner.call("POST", "/api/notifications", { title: "Page one", body: "<b>not bold</b>" });
  const headers = { Cookie: `session=${t.owner.token}`, Origin: "http://localhost" };
  const { app } = await testApp();
  const pageRes = await app.request("/notifications", { headers });
  const html = await pageRes.text();
  assert.equal(pageRes.status, 200);
  assert.match(html, /Page one/);
  assert.match(html, /&lt;b(&gt;|>)not bold&lt;\/b/, "bodies are escaped");
  assert.doesNotMatch(html, /<b>not bold/);
  assert.match(html, /data-stream="\/api\/notifications\/stream"/);
  assert.match(html, /data-unread="1"/);
  const id = /id="notification-([0-9a-f-]{36})"/.exec(html)![1];
  const marked = await app.request(`/notifications/${id}/read`, {
    method: "POST",
    headers: { ...headers, "HX-Request": "true" },
  });
  assert.equal(marked.status, 200);
  assert.match(await marked.text(), /class="notification read"/);
});

itest("notifications: paging sees every row, even many written in one transaction", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  await withScope(platform.db.sql, { tenantId: t.id }, async (tx) => {
    for (let i = 0; i < 30; i++) {
      await notify({ sql: tx, bus: platform.bus }, {
        userId: t.owner.id,
        module: "platform",
        title: `n${i}`,
      });
    }
  });
  const seen = new Set<string>();
  let cursor = "";
  for (let page = 0; page < 5; page++) {
    const res = await (await t.owner.call(
      "GET",
      `/api/notifications?limit=10${cursor ? `&cursor=${cursor}` : ""}`,
    )).json();
    for (const n of res.items) seen.add(n.title);
    if (!res.nextCursor) break;
    cursor = res.nextCursor;
  }
  assert.equal(seen.size, 30);
  const forged = btoa(JSON.stringify([1, 2]));
  await problem(await t.owner.call("GET", `/api/notifications?cursor=${forged}`), 400);
  const page = await callApp(`/notifications?cursor=${forged}`, {
    headers: { Cookie: `session=${t.owner.token}` },
  });
  assert.equal(page.status, 400);
  await page.body?.cancel();
});

itest("notifications: a stream ends when its session is signed out", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  const token =
    (await platform.tokens.issue({ userId: t.owner.id, tenantId: t.id, roles: ["owner"] })).token;
  const who = { ...t.owner, token };
  const stream = await openStream(who);
  await stream.until(/data-unread="0"/);
  assert.equal((await callApp("/api/auth/logout", { method: "POST", token })).status, 204);
  // The next inbox change must not reach the signed-out stream; the stream closes instead.
  await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) =>
      notify({ sql: tx, bus: platform.bus }, {
        userId: t.owner.id,
        module: "platform",
        title: "Secret",
      }),
  );
  await assert.rejects(() => stream.until(/Secret/, 2000), /stream ended|no event/);
});

itest("after-commit work refuses a savepoint handle (it would run before the commit)", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  let ran = 0;
  type WithSavepoint = { savepoint: (fn: (sp: Sql) => Promise<unknown>) => Promise<unknown> };
  await assert.rejects(
    () =>
      withScope(
        platform.db.sql,
        { tenantId: t.id },
        (tx) =>
          (tx as unknown as WithSavepoint).savepoint((sp) => {
            afterCommit(sp, () => ran++);
            return Promise.resolve();
          }),
      ),
    /savepoint/,
  );
  await withScope(platform.db.sql, { tenantId: t.id }, (tx) => {
    afterCommit(tx, () => ran++);
    return Promise.resolve();
  });
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(ran, 1, "the transaction's own hook ran after its commit");
});
