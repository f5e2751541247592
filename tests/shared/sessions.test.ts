import assert from "node:assert/strict";
import { callApp, itest, newTenant, PASSWORD, problem, testApp, unique } from "../helpers.ts";
import { createTestApp } from "../../app/testing.ts";
import { deviceLabel } from "../../platform/identity/sessions.rules.ts";
import { endSessionsOf } from "../../platform/identity/sessions.service.ts";
import { withScope } from "../../shared/db/scope.ts";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function signIn(email: string, userAgent: string) {
  const res = await callApp("/api/auth/login", {
    method: "POST",
    body: { email, password: PASSWORD },
    headers: { "User-Agent": userAgent, "X-Forwarded-For": unique("ip") },
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.accessToken as string;
}

const as = (token: string, path: string, method = "GET") => callApp(path, { method, token });

itest("device labels: browsers and systems read from the user agent", () => {
  assert.equal(deviceLabel(FIREFOX).name, "Firefox on Windows");
  assert.deepEqual(deviceLabel(SAFARI_IPHONE), {
    browser: "Safari",
    os: "iPhone",
    mobile: true,
    name: "Safari on iPhone",
  });
  assert.equal(
    deviceLabel(
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    ).name,
    "Chrome on macOS",
  );
  assert.equal(
    deviceLabel(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
    ).name,
    "Edge on Windows",
  );
  assert.equal(
    deviceLabel(
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36",
    ).name,
    "Chrome on Android",
  );
  assert.equal(deviceLabel("curl/8.5.0").name, "curl");
  assert.equal(deviceLabel("").name, "Unknown device");
  assert.equal(deviceLabel(undefined).browser, null);
});

itest("sessions: listed with device and this-session marker; end one, end all others", async () => {
  const t = await newTenant();
  const first = await signIn(t.owner.email, FIREFOX);
  const second = await signIn(t.owner.email, SAFARI_IPHONE);
  const third = await signIn(t.owner.email, "curl/8.5.0");
  const res = await as(first, "/api/auth/sessions");
  const list = await res.json();
  assert.equal(res.status, 200, JSON.stringify(list));
  assert.equal(list.length, 3);
  const mine = list.find((s: { current: boolean }) => s.current);
  assert.equal(mine.device.name, "Firefox on Windows");
  assert.ok(mine.address, "an address");
  const phone = list.find((s: { device: { name: string } }) =>
    s.device.name === "Safari on iPhone"
  );

  // End one: refused on its very next request.
  assert.equal((await as(first, `/api/auth/sessions/${phone.id}`, "DELETE")).status, 204);
  await problem(await as(second, "/api/auth/me"), 401);
  assert.equal((await as(third, "/api/auth/me")).status, 200);
  // Again: 404 (already ended), a malformed id 400.
  await problem(await as(first, `/api/auth/sessions/${phone.id}`, "DELETE"), 404);
  await problem(await as(first, "/api/auth/sessions/nope", "DELETE"), 400);

  // End all others: this one stays.
  const ended = await (await as(first, "/api/auth/sessions", "DELETE")).json();
  assert.deepEqual(ended, { ended: 1 });
  await problem(await as(third, "/api/auth/me"), 401);
  const left = await (await as(first, "/api/auth/sessions")).json();
  assert.equal(left.length, 1);
  assert.ok(left[0].current);

  const { platform } = await testApp();
  const lines = await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) =>
      tx`select action from activity where module = 'identity' and entity_type = 'session'
       order by occurred_at`,
  );
  assert.deepEqual(lines.map((l) => l.action), ["session_ended", "sessions_ended"]);
});

itest("sessions: another person's session id is 404 and stays signed in", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const aToken = await signIn(a.owner.email, FIREFOX);
  const bToken = await signIn(b.owner.email, FIREFOX);
  const bSession = (await (await as(bToken, "/api/auth/sessions")).json())[0];
  await problem(await as(aToken, `/api/auth/sessions/${bSession.id}`, "DELETE"), 404);
  assert.equal((await as(bToken, "/api/auth/me")).status, 200);
  // Another member of the same tenant cannot end the owner's session either.
  const member = await a.member(["member"]);
  const memberToken = await signIn(member.email, FIREFOX);
  const ownerSession = (await (await as(aToken, "/api/auth/sessions")).json())[0];
  await problem(await as(memberToken, `/api/auth/sessions/${ownerSession.id}`, "DELETE"), 404);
  assert.equal((await as(aToken, "/api/auth/me")).status, 200);
  const theirs = await (await as(memberToken, "/api/auth/sessions")).json();
  assert.equal(theirs.length, 1, "one's own sessions only");
});

itest(
  "sessions: endSessionsOf acts only as the account itself, and spares one session",
  async () => {
    const t = await newTenant();
    const colleague = await t.member(["admin"]);
    const keep = await signIn(t.owner.email, FIREFOX);
    const lose = await signIn(t.owner.email, SAFARI_IPHONE);
    const keepId = (await (await as(keep, "/api/auth/sessions")).json())
      .find((s: { current: boolean }) => s.current).id;
    const { platform } = await testApp();
    // Neither a transaction without a user nor another member's can end the owner's sessions,
    // through the service or either database function.
    for (const scope of [{}, { tenantId: t.id, userId: colleague.id }]) {
      await assert.rejects(
        withScope(platform.db.sql, scope, (tx) => endSessionsOf(tx, t.owner.id)),
        /only the account itself/,
      );
      await assert.rejects(
        withScope(
          platform.db.sql,
          scope,
          (tx) => tx`select identity_end_sessions(${t.owner.id}, null)`,
        ),
        /only the account itself/,
      );
    }
    assert.equal((await as(lose, "/api/auth/me")).status, 200);
    // As the account (no tenant needed: a password reset acts so once its link is used).
    const ended = await withScope(
      platform.db.sql,
      { userId: t.owner.id },
      (tx) => endSessionsOf(tx, t.owner.id, { exceptJti: keepId }),
    );
    assert.equal(ended, 1);
    await problem(await as(lose, "/api/auth/me"), 401);
    assert.equal((await as(keep, "/api/auth/me")).status, 200);
    // And every session, from an actor-like object.
    await withScope(
      platform.db.sql,
      { userId: t.owner.id },
      (tx) => endSessionsOf({ sql: tx }, t.owner.id),
    );
    await problem(await as(keep, "/api/auth/me"), 401);
  },
);

itest(
  "sessions: a colleague's transaction sees, changes and removes none of one's rows",
  async () => {
    const t = await newTenant();
    const colleague = await t.member(["admin"]);
    const token = await signIn(t.owner.email, FIREFOX);
    const { platform } = await testApp();
    const asColleague = <T>(fn: Parameters<typeof withScope<T>>[2]) =>
      withScope<T>(platform.db.sql, { tenantId: t.id, userId: colleague.id }, fn);
    const seen = await asColleague((tx) =>
      tx`select jti from sign_in_sessions where user_id = ${t.owner.id}`
    );
    assert.equal(seen.length, 0, "read");
    const updated = await asColleague((tx) =>
      tx`update sign_in_sessions set user_agent = 'x' where user_id = ${t.owner.id}`
    );
    assert.equal(updated.count, 0, "update");
    const deleted = await asColleague((tx) =>
      tx`delete from sign_in_sessions where user_id = ${t.owner.id}`
    );
    assert.equal(deleted.count, 0, "delete");
    await assert.rejects(
      asColleague((tx) =>
        tx`insert into sign_in_sessions (tenant_id, jti, user_id, expires_at)
        values (${t.id}, ${unique("jti")}, ${t.owner.id}, now() + interval '1 hour')`
      ),
      /row-level security/,
      "insert for someone else",
    );
    // The owner's own transaction sees the row, and the session still works.
    const own = await withScope(
      platform.db.sql,
      { tenantId: t.id, userId: t.owner.id },
      (tx) => tx`select user_agent from sign_in_sessions where user_id = ${t.owner.id}`,
    );
    assert.equal(own.length, 1);
    assert.equal(own[0].userAgent, FIREFOX);
    assert.equal((await as(token, "/api/auth/me")).status, 200);
  },
);

itest("sessions: ending the other sessions leaves API tokens working", async () => {
  const t = await newTenant();
  const token = await signIn(t.owner.email, FIREFOX);
  const other = await signIn(t.owner.email, SAFARI_IPHONE);
  const res = await t.owner.call("POST", "/api/auth/tokens", {
    name: "ci",
    scopes: ["*"],
    expiresInDays: 7,
  });
  const tok = await res.json();
  assert.equal(res.status, 201, JSON.stringify(tok));
  assert.equal((await as(token, "/api/auth/sessions", "DELETE")).status, 200);
  await problem(await as(other, "/api/auth/me"), 401);
  assert.equal((await as(tok.token, "/api/auth/me")).status, 200);
});

itest(
  "sessions: an ended session is refused by a second instance on its next request",
  async () => {
    const t = await newTenant();
    const keep = await signIn(t.owner.email, FIREFOX);
    const other = await signIn(t.owner.email, SAFARI_IPHONE);
    const second = await createTestApp();
    try {
      const call = () =>
        second.app.request("/api/auth/me", { headers: { Authorization: `Bearer ${other}` } });
      assert.equal((await call()).status, 200);
      assert.equal((await call()).status, 200); // remembered there
      assert.equal((await as(keep, "/api/auth/sessions", "DELETE")).status, 200);
      await problem(await call(), 401);
    } finally {
      await second.close();
    }
  },
);

itest("sessions: last seen is written at most once per few minutes", async () => {
  const t = await newTenant();
  const token = await signIn(t.owner.email, FIREFOX);
  const { platform } = await testApp();
  const seen = async () => {
    const [row] = await withScope(
      platform.db.sql,
      { tenantId: t.id, userId: t.owner.id },
      (tx) => tx`select last_seen_at from sign_in_sessions where user_id = ${t.owner.id}`,
    );
    return Date.parse(row.lastSeenAt);
  };
  const before = await seen();
  for (let i = 0; i < 3; i++) assert.equal((await as(token, "/api/auth/me")).status, 200);
  assert.equal(await seen(), before, "fresh sessions are not written again");
  // Pretend the last request was long ago: the next request notes it (another instance's view).
  await withScope(
    platform.db.sql,
    { tenantId: t.id, userId: t.owner.id },
    (tx) =>
      tx`update sign_in_sessions set last_seen_at = now() - interval '1 hour'
       where user_id = ${t.owner.id}`,
  );
  const old = await seen();
  const second = await createTestApp();
  try {
    await second.app.request("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
    await second.app.request("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
  } finally {
    await second.close();
  }
  assert.ok(await seen() > old, "noted");
});

itest("sessions: an API token cannot list or end sessions", async () => {
  const t = await newTenant();
  const res = await t.owner.call("POST", "/api/auth/tokens", {
    name: "x",
    scopes: ["*"],
    expiresInDays: 7,
  });
  const tok = await res.json();
  await problem(await as(tok.token, "/api/auth/sessions"), 403);
  await problem(await as(tok.token, "/api/auth/sessions", "DELETE"), 403);
});
