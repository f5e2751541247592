import assert from "node:assert/strict";
import { callApp, itest, newTenant, PASSWORD, problem, testApp, unique } from "../helpers.ts";
import { createTestApp } from "../../app/testing.ts";
import {
  narrowToScopes,
  scopesBeyond,
  serviceAddress,
  tokenMayReach,
} from "../../platform/identity/api-tokens.rules.ts";
import { withScope } from "../../shared/db/scope.ts";
import { accountsMail } from "./accounts-mail.ts";

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
  assert.equal(
    serviceAddress("Nightly Export!", "4f9c2a1b"),
    "nightly-export.4f9c2a1b@service-accounts.invalid",
  );
  assert.equal(serviceAddress("Şirket Botu", "x1"), "sirket-botu.x1@service-accounts.invalid");
  assert.equal(serviceAddress("!!!", "x1"), "service.x1@service-accounts.invalid");
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
  // Roles (read directly by documents' access lists, workflow candidates, report readers) pass
  // only to a `*` token: a narrow token keeps none, however harmless the role looks.
  const agent = narrowToScopes(
    ["member", "agent"],
    ["support.ticket.read", "support.ticket.write", "documents.*"],
    ["support.ticket.read"],
  );
  assert.deepEqual(agent.roles, []);
  assert.deepEqual(agent.permissions, ["support.ticket.read"]);
  assert.deepEqual(narrowToScopes(["member", "agent"], ["support.*"], ["*"]).roles, [
    "member",
    "agent",
  ]);
  // A signed-in session (no scopes) keeps its roles.
  assert.deepEqual(narrowToScopes(["member"], ["support.*"], undefined).roles, ["member"]);
});

itest("api tokens rules: the account's own areas are closed to a token caller", () => {
  assert.ok(tokenMayReach("GET", "/api/auth/me"));
  assert.ok(tokenMayReach("HEAD", "/api/auth/me"));
  assert.ok(tokenMayReach("POST", "/api/auth/logout"));
  assert.ok(tokenMayReach("GET", "/api/support/support-ticket"));
  assert.ok(tokenMayReach("GET", "/api/admin/users"), "the admin API follows the scopes");
  assert.ok(tokenMayReach("GET", "/"));
  for (
    const [method, path] of [
      ["PATCH", "/api/auth/me"],
      ["POST", "/api/auth/switch-tenant"],
      ["POST", "/api/auth/passkeys/registration-options"],
      ["POST", "/api/auth/two-factor/totp"],
      ["POST", "/api/auth/password"],
      ["GET", "/api/auth/tokens"],
      ["POST", "/api/auth/invitations/x/accept"],
      ["GET", "/api/auth"],
      ["GET", "/API/Auth/Switch-Tenant"],
      ["POST", "//api//auth/switch-tenant/"],
      ["GET", "/api/auth/me/x"],
      ["GET", "/profile"],
      ["GET", "/profile/security"],
      ["GET", "/Profile/"],
      ["GET", "/admin/users"],
      ["POST", "/switch-tenant"],
      ["POST", "/invitations/x/accept"],
      ["POST", "/invite/x/join"],
      ["POST", "/language"],
    ]
  ) assert.equal(tokenMayReach(method, path), false, `${method} ${path}`);
});

itest("api tokens: a token cannot manage the account (one rule, API and pages)", async () => {
  const t = await newTenant();
  const narrow = await personalToken(t.owner, { name: "narrow", scopes: ["support.ticket.read"] });
  const wide = await personalToken(t.owner, { name: "wide", scopes: ["*"] });
  const refused = async (res: Response) => {
    const body = await problem(res, 403);
    assert.match(body.detail, /API tokens cannot manage the account/);
  };
  for (const token of [narrow.token, wide.token]) {
    // No full session out of a token, not even for its own workspace.
    await refused(
      await bearer(token, "/api/auth/switch-tenant", { method: "POST", body: { tenant: t.slug } }),
    );
  }
  await refused(
    await bearer(narrow.token, "/api/auth/passkeys/registration-options", { method: "POST" }),
  );
  await refused(await bearer(narrow.token, "/api/auth/two-factor/totp", { method: "POST" }));
  await refused(
    await bearer(narrow.token, "/api/auth/two-factor/recovery-codes", {
      method: "POST",
      body: { code: "123456" },
    }),
  );
  await refused(
    await bearer(narrow.token, "/api/auth/password", {
      method: "POST",
      body: { currentPassword: PASSWORD, newPassword: "quiet-lantern-meadow-77" },
    }),
  );
  await refused(
    await bearer(narrow.token, "/api/auth/me", { method: "PATCH", body: { name: "Renamed" } }),
  );
  await refused(
    await bearer(narrow.token, `/api/auth/invitations/${t.id}/decline`, { method: "POST" }),
  );
  // Pages: Bearer is accepted there, the account's pages are not.
  for (const token of [narrow.token, wide.token]) {
    for (const path of ["/profile/security", "/profile", "/admin/users"]) {
      const page = await callApp(path, { token });
      assert.equal(page.status, 403, `${path}: ${page.status}`);
    }
  }
  // Nothing changed; reading who it is still works, and the token ends itself.
  const me = await bearer(narrow.token, "/api/auth/me");
  const meBody = await me.json();
  assert.equal(me.status, 200, JSON.stringify(meBody));
  assert.equal(meBody.user.name, "Owner", "the PATCH changed nothing");
  assert.equal((await bearer(wide.token, "/api/auth/logout", { method: "POST" })).status, 204);
  await problem(await bearer(wide.token, "/api/auth/me"), 401);
  // Signing out with a token ends the token itself: the owner's list shows it revoked.
  const list = await (await t.owner.call("GET", "/api/auth/tokens")).json();
  const ended = list.find((k: { name: string }) => k.name === "wide");
  assert.ok(ended?.revokedAt, JSON.stringify(ended));
  assert.equal(list.find((k: { name: string }) => k.name === "narrow")?.revokedAt, null);
});

itest(
  "api tokens: a password reset revokes the account's personal tokens, not a service account's",
  async () => {
    const t = await newTenant();
    const mine = await personalToken(t.owner, { name: "mine", scopes: ["support.ticket.read"] });
    const sres = await t.owner.call("POST", "/api/admin/service-accounts", {
      name: "Importer",
      role: "agent",
    });
    const account = await sres.json();
    assert.equal(sres.status, 201, JSON.stringify(account));
    const tres = await t.owner.call("POST", `/api/admin/service-accounts/${account.id}/tokens`, {
      name: "nightly",
      scopes: ["support.ticket.read"],
      expiresInDays: 7,
    });
    const bot = await tres.json();
    assert.equal(tres.status, 201, JSON.stringify(bot));
    assert.equal((await bearer(mine.token, "/api/auth/me")).status, 200);
    assert.equal((await bearer(bot.token, "/api/auth/me")).status, 200);

    const mail = await accountsMail();
    try {
      const asked = await callApp("/api/auth/password-reset", {
        method: "POST",
        body: { email: t.owner.email },
        headers: { "X-Forwarded-For": unique("ip") },
      });
      assert.equal(asked.status, 202);
      await mail.flush();
      const link = mail.linkToken(t.owner.email, "/password/reset/")!;
      assert.ok(link, "the mail carries the link");
      const done = await callApp("/api/auth/password-reset/complete", {
        method: "POST",
        body: { token: link, password: "quiet-lantern-meadow-77" },
      });
      assert.equal(done.status, 204, await done.text());
    } finally {
      await mail.close();
    }
    await problem(await bearer(mine.token, "/api/auth/me"), 401);
    assert.equal((await bearer(bot.token, "/api/auth/me")).status, 200);
    // The list shows it revoked (the row, not only its jti).
    const fresh = await (await callApp("/api/auth/login", {
      method: "POST",
      body: { email: t.owner.email, password: "quiet-lantern-meadow-77" },
      headers: { "X-Forwarded-For": unique("ip") },
    })).json();
    const list = await (await callApp("/api/auth/tokens", { token: fresh.accessToken })).json();
    const row = list.find((x: { id: string }) => x.id === mine.id);
    assert.ok(row?.revokedAt, JSON.stringify(list));
  },
);

itest(
  "api tokens: the app role cannot read hashes, widen, extend or un-revoke tokens",
  async () => {
    const t = await newTenant();
    const tok = await personalToken(t.owner, { name: "x", scopes: ["support.ticket.read"] });
    const { platform } = await testApp();
    const asOwner = <T>(fn: Parameters<typeof withScope<T>>[2]) =>
      withScope<T>(platform.db.sql, { tenantId: t.id, userId: t.owner.id }, fn);
    const denied = async (fn: Parameters<typeof withScope<unknown>>[2], what: string) => {
      await assert.rejects(asOwner(fn), /permission denied|stays revoked/, what);
    };
    await denied((tx) => tx`select token_hash from api_tokens where id = ${tok.id}`, "hash");
    await denied((tx) => tx`select * from api_tokens where id = ${tok.id}`, "select *");
    await denied(
      (tx) => tx`update api_tokens set scopes = '{*}' where id = ${tok.id}`,
      "scopes",
    );
    await denied(
      (tx) =>
        tx`update api_tokens set expires_at = now() + interval '9 years' where id = ${tok.id}`,
      "expiry",
    );
    await denied((tx) => tx`delete from api_tokens where id = ${tok.id}`, "delete");
    assert.equal((await t.owner.call("DELETE", `/api/auth/tokens/${tok.id}`)).status, 204);
    await denied(
      (tx) => tx`update api_tokens set revoked_at = null where id = ${tok.id}`,
      "un-revoke",
    );
    // A hash names one token across tenants (the bearer lookup knows no tenant yet): another
    // row with the same hash is refused, even in another workspace and by the schema owner.
    const other = await newTenant();
    await assert.rejects(
      platform.db.sql`
        insert into api_tokens
          (tenant_id, id, user_id, name, prefix, token_hash, scopes, expires_at)
        select ${other.id}, gen_random_uuid(), ${other.owner.id}, 'copy', prefix, token_hash,
          scopes, expires_at
        from api_tokens where id = ${tok.id}`,
      /in use already/,
    );
  },
);

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
  // (The schema owner's connection: the app role cannot read hashes at all, migration 0041.)
  const [row] = await platform.db.sql`
    select encode(token_hash, 'hex') as h, prefix from api_tokens where id = ${created.id}`;
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
  assert.match(widen.detail, /API tokens cannot manage the account/);

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
  // (The schema owner's connection: the app role cannot change an expiry, migration 0041.)
  await platform.db.sql`
    update api_tokens set expires_at = now() - interval '1 second' where id = ${a.id}`;
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
