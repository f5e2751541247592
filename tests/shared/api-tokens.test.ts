import assert from "node:assert/strict";
import { callApp, itest, newTenant, problem, testApp } from "../helpers.ts";
import { createTestApp } from "../../app/testing.ts";
import { narrowToScopes, scopesBeyond } from "../../platform/identity/api-tokens.rules.ts";
import { withScope } from "../../shared/db/scope.ts";

const bearer = (token: string, path: string, init: { method?: string; body?: unknown } = {}) =>
  callApp(path, { ...init, token });

async function personalToken(
  who: { call: (m: string, p: string, b?: unknown) => Promise<Response> },
  body: Record<string, unknown>,
) {
  const res = await who.call("POST", "/api/auth/tokens", { expiresInDays: 30, ...body });
  const json = await res.json();
  assert.equal(res.status, 201, JSON.stringify(json));
  return json;
}

itest("api tokens rules: scope subset and narrowing", () => {
  assert.deepEqual(scopesBeyond(["*"], ["support.ticket.write", "*"]), []);
  assert.deepEqual(scopesBeyond(["support.*.read"], ["support.ticket.read", "support.*.read"]), []);
  assert.deepEqual(scopesBeyond(["support.ticket.read"], ["support.*.read"]), ["support.*.read"]);
  assert.deepEqual(scopesBeyond(["support.*.read"], ["support.ticket.write"]), [
    "support.ticket.write",
  ]);
  const narrowed = narrowToScopes(["admin"], ["*"], ["support.ticket.read"]);
  assert.deepEqual(narrowed.permissions, ["support.ticket.read"]);
  assert.deepEqual(narrowed.roles, [], "admin role does not pass to a narrow token");
  // The holder's grants as they are now bound a wide scope.
  assert.deepEqual(narrowToScopes(["member"], ["support.*.read"], ["*"]).permissions, [
    "support.*.read",
  ]);
  assert.deepEqual(narrowToScopes(["owner"], ["*"], ["*"]).roles, ["owner"]);
});

itest("api tokens: created once, accepted as Bearer, scopes narrow the caller", async () => {
  const t = await newTenant();
  const created = await personalToken(t.owner, {
    name: "CI read",
    scopes: ["support.ticket.read"],
  });
  assert.match(created.token, /^plt_[A-Za-z0-9_-]{43}$/);
  assert.equal(created.prefix, created.token.slice(0, 8));
  // Shown once: the list never carries the secret.
  const list = await (await t.owner.call("GET", "/api/auth/tokens")).json();
  assert.equal(list.length, 1);
  assert.equal(list[0].token, undefined);
  assert.equal(list[0].name, "CI read");
  // Stored as a hash only.
  const { platform } = await testApp();
  const [row] = await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) =>
      tx`select encode(token_hash, 'hex') as h, prefix from api_tokens where id = ${created.id}`,
  );
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(created.token));
  assert.equal(
    row.h,
    Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join(""),
  );

  const me = await bearer(created.token, "/api/auth/me");
  const meBody = await me.json();
  assert.equal(me.status, 200, JSON.stringify(meBody));
  assert.deepEqual(meBody.permissions, ["support.ticket.read"]);
  assert.equal((await bearer(created.token, "/api/support/support-ticket")).status, 200);

  // A write the scopes lack: 403 naming the scope, nothing created.
  const denied = await problem(
    await bearer(created.token, "/api/support/support-ticket", {
      method: "POST",
      body: { title: "nope", description: "x" },
    }),
    403,
  );
  assert.match(denied.detail, /scope support\.ticket\.write/);
  // A token cannot manage tokens (it could widen itself).
  const widen = await problem(
    await bearer(created.token, "/api/auth/tokens", {
      method: "POST",
      body: { name: "wider", scopes: ["*"], expiresInDays: 7 },
    }),
    403,
  );
  assert.match(widen.detail, /API token cannot/);

  // "last used" was noted.
  const after = await (await t.owner.call("GET", "/api/auth/tokens")).json();
  assert.ok(after[0].lastUsedAt, "last used at");
});

itest("api tokens: scopes wider than the holder's answer 403, bad input 400", async () => {
  const t = await newTenant();
  const viewer = await t.member(["viewer"]);
  const wide = await problem(
    await viewer.call("POST", "/api/auth/tokens", {
      name: "x",
      scopes: ["support.ticket.write"],
      expiresInDays: 7,
    }),
    403,
  );
  assert.match(wide.detail, /support\.ticket\.write/);
  for (
    const body of [
      { name: "", scopes: ["support.ticket.read"], expiresInDays: 7 },
      { name: "x", scopes: [], expiresInDays: 7 },
      { name: "x", scopes: ["support.ticket.read"], expiresInDays: 5 },
      { name: "x", scopes: ["support.ticket.read"] },
      { name: "x", scopes: ["Not A Scope"], expiresInDays: 7 },
      { name: "x", scopes: ["support.ticket.read"], expiresOn: "2001-01-01" },
      { name: "x", scopes: ["support.ticket.read"], expiresOn: "2999-01-01" },
    ]
  ) {
    await problem(await viewer.call("POST", "/api/auth/tokens", body), 400);
  }
  const list = await (await viewer.call("GET", "/api/auth/tokens")).json();
  assert.deepEqual(list, [], "nothing created");
  // A date within a year works.
  const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const ok = await personalToken(viewer, {
    name: "dated",
    scopes: ["support.ticket.read"],
    expiresInDays: undefined,
    expiresOn: date,
  });
  assert.equal(ok.expiresAt.slice(0, 10), date);
});

itest("api tokens: an expired token is 401, a revoked one 401 on the next request", async () => {
  const t = await newTenant();
  const a = await personalToken(t.owner, { name: "a", scopes: ["*"] });
  // Expiry moved into the past in the database (no waiting): the lookup refuses it.
  const { platform } = await testApp();
  await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) => tx`update api_tokens set expires_at = now() - interval '1 second' where id = ${a.id}`,
  );
  const expired = await problem(await bearer(a.token, "/api/auth/me"), 401);
  assert.match(expired.detail, /expired/);

  const b = await personalToken(t.owner, { name: "b", scopes: ["*"] });
  assert.equal((await bearer(b.token, "/api/auth/me")).status, 200);
  assert.equal((await t.owner.call("DELETE", `/api/auth/tokens/${b.id}`)).status, 204);
  await problem(await bearer(b.token, "/api/auth/me"), 401);
  await problem(await bearer(b.token, "/api/support/support-ticket"), 401);
  // Revoking twice: still 204, one audit line.
  assert.equal((await t.owner.call("DELETE", `/api/auth/tokens/${b.id}`)).status, 204);
  // Unknown and malformed tokens.
  await problem(await bearer("plt_" + "A".repeat(43), "/api/auth/me"), 401);
  await problem(await bearer("plt_short", "/api/auth/me"), 401);
  const listed = await (await t.owner.call("GET", "/api/auth/tokens")).json();
  assert.ok(listed.find((x: { id: string }) => x.id === b.id).revokedAt);
});

itest("api tokens: another tenant's token id is 404 and stays usable", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const bt = await personalToken(b.owner, { name: "b's", scopes: ["*"] });
  await problem(await a.owner.call("DELETE", `/api/auth/tokens/${bt.id}`), 404);
  // Another member's token in the same tenant: 404 too.
  const member = await a.member(["member"]);
  const at = await personalToken(a.owner, { name: "a's", scopes: ["*"] });
  await problem(await member.call("DELETE", `/api/auth/tokens/${at.id}`), 404);
  await problem(await a.owner.call("DELETE", "/api/auth/tokens/not-a-uuid"), 400);
  assert.equal((await bearer(bt.token, "/api/auth/me")).status, 200);
  assert.equal((await bearer(at.token, "/api/auth/me")).status, 200);
});

itest("api tokens: a revoke is seen by a second app instance on its next request", async () => {
  const t = await newTenant();
  const tok = await personalToken(t.owner, { name: "shared", scopes: ["support.ticket.read"] });
  const second = await createTestApp();
  try {
    const call = () =>
      second.app.request("/api/support/support-ticket", {
        headers: { Authorization: `Bearer ${tok.token}` },
      });
    // The second instance has looked the token up and remembered the session.
    assert.equal((await call()).status, 200);
    assert.equal((await call()).status, 200);
    assert.equal((await t.owner.call("DELETE", `/api/auth/tokens/${tok.id}`)).status, 204);
    await problem(await call(), 401);
  } finally {
    await second.close();
  }
});

itest(
  "service accounts: admins manage them, members cannot; tokens act as the account",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const member = await t.member(["member"]);
    await problem(await member.call("GET", "/api/admin/service-accounts"), 403);
    await problem(
      await member.call("POST", "/api/admin/service-accounts", { name: "bot", role: "viewer" }),
      403,
    );
    await problem(
      await t.owner.call("POST", "/api/admin/service-accounts", { name: "", role: "viewer" }),
      400,
    );
    await problem(
      await t.owner.call("POST", "/api/admin/service-accounts", { name: "bot", role: "nosuch" }),
      400,
    );
    await problem(
      await t.owner.call("POST", "/api/admin/service-accounts", { name: "bot", role: "owner" }),
      403,
    );
    const res = await t.owner.call("POST", "/api/admin/service-accounts", {
      name: "Importer",
      role: "agent",
    });
    const account = await res.json();
    assert.equal(res.status, 201, JSON.stringify(account));
    assert.equal(account.role, "agent");
    // It cannot sign in with a password (it has none).
    const { platform } = await testApp();
    const [u] = await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) => tx`select email from users where id = ${account.id}`,
    );
    await problem(
      await callApp("/api/auth/login", {
        method: "POST",
        body: { email: u.email, password: "" + "x".repeat(12) },
      }),
      401,
    );
    // Scopes within the account's role only.
    await problem(
      await t.owner.call("POST", `/api/admin/service-accounts/${account.id}/tokens`, {
        name: "too wide",
        scopes: ["admin.user.write"],
        expiresInDays: 7,
      }),
      403,
    );
    const tres = await t.owner.call("POST", `/api/admin/service-accounts/${account.id}/tokens`, {
      name: "nightly",
      scopes: ["support.ticket.read", "support.ticket.write"],
      expiresInDays: 90,
    });
    const tok = await tres.json();
    assert.equal(tres.status, 201, JSON.stringify(tok));
    const me = await (await bearer(tok.token, "/api/auth/me")).json();
    assert.equal(me.user.id, account.id);
    assert.deepEqual(me.permissions, ["support.ticket.read", "support.ticket.write"]);
    // Another tenant's admin sees none of it.
    await problem(
      await other.owner.call("GET", `/api/admin/service-accounts/${account.id}/tokens`),
      404,
    );
    await problem(
      await other.owner.call("DELETE", `/api/admin/service-accounts/${account.id}`),
      404,
    );
    await problem(
      await other.owner.call(
        "DELETE",
        `/api/admin/service-accounts/${account.id}/tokens/${tok.id}`,
      ),
      404,
    );
    assert.equal((await bearer(tok.token, "/api/auth/me")).status, 200);
    const list = await (await t.owner.call("GET", "/api/admin/service-accounts")).json();
    assert.equal(list.length, 1);
    assert.equal(list[0].tokens, 1);
    // Removing the account revokes its tokens.
    assert.equal(
      (await t.owner.call("DELETE", `/api/admin/service-accounts/${account.id}`)).status,
      204,
    );
    await problem(await bearer(tok.token, "/api/auth/me"), 401);
    // Audit lines: token created, member added/removed.
    const lines = await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) => tx`select action from activity where module = 'identity' order by occurred_at`,
    );
    const actions = lines.map((l) => l.action);
    for (const a of ["member_added", "token_created", "member_removed"]) {
      assert.ok(actions.includes(a), `${a} in ${actions}`);
    }
  },
);

itest("api tokens: created and revoked leave audit lines", async () => {
  const t = await newTenant();
  const tok = await personalToken(t.owner, { name: "audited", scopes: ["*"] });
  assert.equal((await t.owner.call("DELETE", `/api/auth/tokens/${tok.id}`)).status, 204);
  const { platform } = await testApp();
  const lines = await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) =>
      tx`select action, summary from activity where module = 'identity' and entity_id = ${tok.id}
       order by occurred_at`,
  );
  assert.deepEqual(lines.map((l) => l.action), ["token_created", "token_revoked"]);
});
