/**
 * Password hashing never holds a request's transaction (issue 18): argon2id takes 50–100 ms of
 * the main thread, and inside the transaction it would also hold the connection — the embedded
 * database's only one. The passwords a write request carries (and a generated one for routes
 * that create accounts) are hashed before the transaction opens; hashPassword inside it only
 * picks them up. These tests count where each hash came from.
 */
import assert from "node:assert/strict";
import { callApp, itest, makeOperator, newTenant, unique } from "../helpers.ts";
import { hashCounts } from "../../shared/auth/passwords.ts";
import { uploadOne, useBackend } from "../documents/helpers.ts";

/** Runs fn and says how many hashes were made inside requests and how many were ready. */
async function counting(fn: () => Promise<void>) {
  const before = { ...hashCounts };
  await fn();
  return {
    inline: hashCounts.inline - before.inline,
    prehashed: hashCounts.prehashed - before.prehashed,
  };
}

const signIn = (email: string, password: string) =>
  callApp("/api/auth/login", { method: "POST", body: { email, password } });

itest("passwords: a member created with a password is hashed before the transaction", async () => {
  const t = await newTenant();
  await makeOperator(t.owner); // only operators create accounts with a password
  const email = `${unique("prehash")}@example.test`;
  const counts = await counting(async () => {
    const res = await t.owner.call("POST", "/api/admin/users", {
      email,
      name: "Pre Hashed",
      password: "a-long-enough-password-1",
      roles: ["agent"],
    });
    assert.equal(res.status, 201, await res.text());
  });
  assert.deepEqual(counts, { inline: 0, prehashed: 1 });
  const ok = await signIn(email, "a-long-enough-password-1");
  await ok.body?.cancel();
  assert.equal(ok.status, 200);
});

itest("passwords: a generated password is hashed before the transaction too", async () => {
  const t = await newTenant();
  await makeOperator(t.owner);
  const email = `${unique("generated")}@example.test`;
  let temporary = "";
  const counts = await counting(async () => {
    const res = await t.owner.call("POST", "/api/admin/users", {
      email,
      name: "Generated",
      roles: ["agent"],
    });
    const body = await res.json();
    assert.equal(res.status, 201, JSON.stringify(body));
    temporary = body.temporaryPassword;
  });
  assert.deepEqual(counts, { inline: 0, prehashed: 1 });
  const ok = await signIn(email, temporary);
  await ok.body?.cancel();
  assert.equal(ok.status, 200, "the generated password shown is the one stored");
});

itest("passwords: a share link's password is hashed before the transaction", async () => {
  await useBackend("local");
  const t = await newTenant();
  const f = await uploadOne(t.owner, "parola.txt", "secret");
  const counts = await counting(async () => {
    const res = await t.owner.call("POST", "/api/documents/sharing", {
      targetType: "file",
      targetId: f.id,
      kind: "public",
      password: "dogru-parola",
    });
    assert.equal(res.status, 201, await res.text());
  });
  assert.deepEqual(counts, { inline: 0, prehashed: 1 });
});

itest(
  "passwords: a route that stores no password never hashes its body's password fields",
  async () => {
    const t = await newTenant();
    const before = hashCounts.ahead;
    // Any write route other than those that set a password: here a ticket with stray fields.
    const res = await t.owner.call("POST", "/api/support/support-ticket", {
      password: "not-a-password-route",
      newPassword: "nor-this",
      owner: { password: "nor-this-one" },
    });
    await res.body?.cancel();
    assert.equal(res.status, 400);
    assert.equal(hashCounts.ahead - before, 0, "no argon2id work for a route that stores none");
  },
);
