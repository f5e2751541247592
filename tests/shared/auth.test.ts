import assert from "node:assert/strict";
import { callApp, itest, join, newTenant, PASSWORD, problem, testApp, unique } from "../helpers.ts";

const login = (body: unknown, headers: Record<string, string> = {}) =>
  callApp("/api/auth/login", {
    method: "POST",
    body,
    headers: { "X-Forwarded-For": unique("ip"), ...headers },
  });

itest("login: returns a bearer token and an HttpOnly SameSite=Lax cookie", async () => {
  const t = await newTenant();
  const res = await login({ email: t.owner.email, password: PASSWORD });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.tokenType, "Bearer");
  assert.ok(body.expiresIn > 0);
  assert.equal(body.tenant.slug, t.slug);
  assert.equal(body.user.email, t.owner.email);
  assert.equal(body.passwordHash, undefined);
  const cookie = res.headers.get("set-cookie") ?? "";
  assert.match(cookie, /^session=[\w-]+\.[\w-]+\.[\w-]+;/);
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Lax/);

  const me = await callApp("/api/auth/me", { token: body.accessToken });
  const meBody = await me.json();
  assert.equal(me.status, 200);
  assert.deepEqual(meBody.roles, ["owner"]);
  assert.ok(meBody.permissions.includes("*"));
  assert.equal(meBody.tenant.id, t.id);
  assert.equal(meBody.user.isOperator, false);

  // The cookie alone authenticates too.
  const viaCookie = await callApp("/api/auth/me", { headers: { Cookie: cookie.split(";")[0] } });
  assert.equal(viaCookie.status, 200);
});

itest("login: e-mail is case-insensitive and the tenant can be chosen", async () => {
  const t = await newTenant();
  const res = await login({
    email: t.owner.email.toUpperCase(),
    password: PASSWORD,
    tenant: t.slug,
  });
  assert.equal(res.status, 200);
  assert.equal((await res.json()).tenant.id, t.id);
});

itest("login: wrong password, unknown e-mail and foreign tenant answer the same 401", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const answers = [
    await login({ email: t.owner.email, password: "wrong-password" }),
    await login({ email: `nobody-${t.slug}@example.test`, password: PASSWORD }),
    await login({ email: t.owner.email, password: PASSWORD, tenant: other.slug }),
  ];
  const bodies = [];
  for (const res of answers) bodies.push(await problem(res, 401));
  assert.equal(
    new Set(bodies.map((b) => b.detail)).size,
    1,
    "must not reveal which part was wrong",
  );
  assert.equal(answers[0].headers.get("set-cookie"), null);
});

itest("login: bad input is a 400 problem with field errors", async () => {
  const res = await login({ email: "not-an-email", password: "" });
  const body = await problem(res, 400);
  const paths = body.errors.map((e: { path: string }) => e.path).sort();
  assert.deepEqual(paths, ["body.email", "body.password"]);
  await problem(await login("{not json"), 400);
  await problem(await login([1, 2]), 400);
});

itest("login: a disabled member cannot sign in", async () => {
  const t = await newTenant();
  const m = await t.member(["member"]);
  const res = await t.owner.call("PATCH", `/api/admin/users/${m.id}`, { status: "disabled" });
  assert.equal(res.status, 200);
  await problem(await login({ email: m.email, password: PASSWORD }), 401);
  await problem(await m.call("GET", "/api/auth/me"), 401);
});

itest(
  "login: guesses from one address wait there, with Retry-After; the owner elsewhere does not",
  async () => {
    const t = await newTenant();
    const attacker = { "X-Forwarded-For": unique("attacker") };
    for (let i = 0; i < 5; i++) {
      await problem(await login({ email: t.owner.email, password: "wrong" }, attacker), 401);
    }
    const limited = await login({ email: t.owner.email, password: PASSWORD }, attacker);
    await problem(limited, 429);
    assert.ok(Number(limited.headers.get("retry-after")) > 0);
    // The real owner, somewhere else, is not locked out (the defect: 15 minutes for everyone).
    assert.equal((await login({ email: t.owner.email, password: PASSWORD })).status, 200);
    // Other accounts are not affected either.
    const other = await newTenant();
    assert.equal((await login({ email: other.owner.email, password: PASSWORD })).status, 200);
  },
);

itest("login: each lockout in a row from the same address lasts twice as long", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const from = unique("repeat");
  const attacker = { "X-Forwarded-For": from };
  const waits: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 5; i++) {
      await problem(await login({ email: t.owner.email, password: "wrong" }, attacker), 401);
    }
    const res = await login({ email: t.owner.email, password: "wrong" }, attacker);
    await problem(res, 429);
    waits.push(Number(res.headers.get("retry-after")));
    // Let the lockout run out without waiting for it.
    await platform.db.sql`update login_throttle set locked_until = now() - interval '1 second'
      where key = ${`pair:${t.owner.email.toLowerCase()}|${from}`}`;
  }
  assert.deepEqual(waits, [60, 120, 240]);
});

itest("login: guessing spread over many addresses spares addresses the owner used", async () => {
  const t = await newTenant();
  const home = { "X-Forwarded-For": unique("home") };
  assert.equal((await login({ email: t.owner.email, password: PASSWORD }, home)).status, 200);
  for (let i = 0; i < 50; i++) {
    await problem(await login({ email: t.owner.email, password: `wrong-${i}` }), 401);
  }
  // Past the account-wide cap: a new address waits, even with the right password…
  await problem(await login({ email: t.owner.email, password: PASSWORD }), 429);
  // …but the owner's usual address still gets in.
  assert.equal((await login({ email: t.owner.email, password: PASSWORD }, home)).status, 200);
});

itest("login: rate limited per client address", async () => {
  const address = unique("addr");
  const headers = { "X-Forwarded-For": address };
  for (let i = 0; i < 30; i++) {
    await problem(
      await login({ email: `${unique("x")}@example.test`, password: "nope" }, headers),
      401,
    );
  }
  const t = await newTenant();
  const limited = await login({ email: t.owner.email, password: PASSWORD }, headers);
  await problem(limited, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
});

itest("logout: revokes the token and clears the cookie", async () => {
  const t = await newTenant();
  const { accessToken } = await (await login({ email: t.owner.email, password: PASSWORD })).json();
  const out = await callApp("/api/auth/logout", { method: "POST", token: accessToken });
  assert.equal(out.status, 204);
  assert.match(out.headers.get("set-cookie") ?? "", /session=;.*Max-Age=0/);
  await problem(await callApp("/api/auth/me", { token: accessToken }), 401);
  await problem(await callApp("/api/auth/logout", { method: "POST" }), 401);
});

itest("switch-tenant: a user in two tenants gets a token for the other", async () => {
  const a = await newTenant();
  const b = await newTenant();
  await join(a.owner, b, ["viewer"]);

  const me = await (await a.owner.call("GET", "/api/auth/me")).json();
  assert.deepEqual(me.tenants.map((x: { id: string }) => x.id).sort(), [a.id, b.id].sort());

  const res = await a.owner.call("POST", "/api/auth/switch-tenant", { tenant: b.slug });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.tenant.id, b.id);
  const inB = await (await callApp("/api/auth/me", { token: body.accessToken })).json();
  assert.equal(inB.tenant.id, b.id);
  assert.deepEqual(inB.roles, ["viewer"]);
  // The old token was replaced.
  await problem(await a.owner.call("GET", "/api/auth/me"), 401);
});

itest("switch-tenant: a tenant the user is not in is 404, bad input 400", async () => {
  const a = await newTenant();
  const b = await newTenant();
  await problem(await a.owner.call("POST", "/api/auth/switch-tenant", { tenant: b.slug }), 404);
  await problem(await a.owner.call("POST", "/api/auth/switch-tenant", { tenant: 42 }), 400);
  assert.equal((await a.owner.call("GET", "/api/auth/me")).status, 200, "old token still valid");
});

itest("bootstrap: the default tenant's owner is a platform operator", async () => {
  const { platform } = await testApp();
  const res = await login({ email: platform.config.ADMIN_EMAIL, password: "bootstrap-password" });
  assert.equal(res.status, 200, "the bootstrap owner signs in with ADMIN_PASSWORD");
  const { accessToken, tenant } = await res.json();
  assert.equal(tenant.slug, platform.config.DEFAULT_TENANT);
  const me = await (await callApp("/api/auth/me", { token: accessToken })).json();
  assert.equal(me.user.isOperator, true);
  assert.deepEqual(me.roles, ["owner"]);
});

itest("login: concurrent guesses cannot slip past the account limit", async () => {
  const t = await newTenant();
  const from = { "X-Forwarded-For": unique("burst") };
  const answers = await Promise.all(
    Array.from({ length: 12 }, () => login({ email: t.owner.email, password: "wrong" }, from)),
  );
  const statuses = answers.map((r) => r.status);
  await Promise.all(answers.map((r) => r.body?.cancel()));
  assert.equal(statuses.filter((s) => s === 401).length, 5, statuses.join(","));
  assert.equal(statuses.filter((s) => s === 429).length, 7);
});

itest("invitations: an existing account joins another tenant only after accepting", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const invited = await b.owner.call("POST", "/api/admin/users", {
    email: a.owner.email,
    name: "Guest from A",
    roles: ["member"],
  });
  const body = await invited.json();
  assert.equal(invited.status, 201);
  assert.equal(body.status, "invited");
  assert.equal(body.name, "Guest from A", "the inviter never learns the account's own name");
  await problem(await login({ email: a.owner.email, password: PASSWORD, tenant: b.slug }), 401);

  const list = await (await a.owner.call("GET", "/api/auth/invitations")).json();
  assert.deepEqual(list.items.map((i: { id: string }) => i.id), [b.id]);
  await problem(
    await a.owner.call("POST", `/api/auth/invitations/${crypto.randomUUID()}/accept`),
    404,
  );
  await problem(await a.owner.call("POST", `/api/auth/invitations/not-a-uuid/accept`), 400);
  const accepted = await a.owner.call("POST", `/api/auth/invitations/${b.id}/accept`);
  assert.equal(accepted.status, 200);
  assert.equal(
    (await login({ email: a.owner.email, password: PASSWORD, tenant: b.slug })).status,
    200,
  );

  const c = await newTenant();
  await c.owner.call("POST", "/api/admin/users", {
    email: a.owner.email,
    name: "x",
    roles: ["viewer"],
  });
  assert.equal((await a.owner.call("POST", `/api/auth/invitations/${c.id}/decline`)).status, 204);
  const after = await (await c.owner.call("GET", "/api/admin/users")).json();
  assert.ok(!after.items.some((u: { email: string }) => u.email === a.owner.email));
});
