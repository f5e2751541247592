import assert from "node:assert/strict";
import {
  browse,
  callApp,
  itest,
  newTenant,
  PASSWORD,
  problem,
  testApp,
  unique,
} from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { accountsMail } from "./accounts-mail.ts";

const STRONG = "violet-tundra-harbor-42";

async function auditActions(tenantId: string) {
  const { platform } = await testApp();
  const rows = await withScope(
    platform.db.sql,
    { tenantId },
    (tx) => tx`select action from activity where module = 'identity' order by occurred_at, id`,
  );
  return rows.map((r) => r.action as string);
}

async function invitationRow(tenantId: string, id: string) {
  const { platform } = await testApp();
  const [row] = await withScope(
    platform.db.sql,
    { tenantId },
    (tx) =>
      tx`select accepted_at, revoked_at, token_hash from identity_invitations where id = ${id}`,
  );
  return row;
}

itest("invitations: a new person accepts by the link, is signed in and a member", async () => {
  const t = await newTenant();
  const mail = await accountsMail();
  try {
    const email = `${unique("new")}@example.test`;
    const res = await t.owner.call("POST", "/api/admin/invitations", { email, roles: ["agent"] });
    const inv = await res.json();
    assert.equal(res.status, 201, JSON.stringify(inv));
    assert.equal(inv.state, "pending");
    assert.equal(inv.tokenHash, undefined);
    assert.ok(Date.parse(inv.expiresAt) - Date.now() > 6.9 * 86400_000, "valid 7 days");
    const list = await (await t.owner.call("GET", "/api/admin/invitations")).json();
    assert.deepEqual(list.items.map((i: { id: string }) => i.id), [inv.id]);

    await mail.flush();
    const [raw] = mail.mailTo(email);
    assert.ok(raw, "the invitation mail went out");
    assert.match(raw, /You are invited to Tenant/);
    const token = mail.linkToken(email, "/invite/")!;
    assert.ok(token);
    // Only the hash is stored.
    const row = await invitationRow(t.id, inv.id);
    assert.notEqual(row.tokenHash, token);
    assert.match(row.tokenHash, /^[0-9a-f]{64}$/);

    const pageRes = await browse(`/invite/${token}`);
    const page = await pageRes.text();
    assert.equal(pageRes.status, 200);
    assert.ok(page.includes(email));
    assert.match(page, /Create account and join/);

    // Validation: a weak password and different passwords change nothing.
    const weak = await browse(`/invite/${token}`, {
      form: { name: "Nur Ak", password: "password1", confirm: "password1" },
    });
    assert.equal(weak.status, 400);
    assert.match(await weak.text(), /stronger password/);
    const differ = await browse(`/invite/${token}`, {
      form: { name: "Nur Ak", password: STRONG, confirm: STRONG + "x" },
    });
    assert.equal(differ.status, 400);
    assert.equal((await invitationRow(t.id, inv.id)).acceptedAt, null);

    const accepted = await browse(`/invite/${token}`, {
      form: { name: "Nur Ak", password: STRONG, confirm: STRONG },
    });
    assert.equal(accepted.status, 303, await accepted.text());
    assert.equal(accepted.headers.get("location"), "/");
    const cookie = /session=([^;]+)/.exec(accepted.headers.get("set-cookie") ?? "")?.[1];
    assert.ok(cookie, "signed in");
    const me = await (await callApp("/api/auth/me", { token: cookie })).json();
    assert.equal(me.user.email, email);
    assert.equal(me.user.name, "Nur Ak");
    assert.equal(me.tenant.id, t.id);
    assert.deepEqual(me.roles, ["agent"]);
    // The address is verified by the link: the account signs in with its new password.
    const login = await callApp("/api/auth/login", {
      method: "POST",
      body: { email, password: STRONG },
      headers: { "X-Forwarded-For": unique("ip") },
    });
    assert.equal(login.status, 200);

    // Used: the link is refused and nothing changes; the list no longer shows it.
    const again = await browse(`/invite/${token}`);
    assert.equal(again.status, 410);
    assert.match(await again.text(), /used already/);
    const twice = await browse(`/invite/${token}`, {
      form: { name: "Else", password: STRONG, confirm: STRONG },
    });
    assert.equal(twice.status, 410);
    const after = await (await t.owner.call("GET", "/api/admin/invitations")).json();
    assert.equal(after.items.length, 0);
    const actions = await auditActions(t.id);
    for (const a of ["invitation_sent", "invitation_accepted", "member_added"]) {
      assert.ok(actions.includes(a), `audited: ${a} (${actions.join(", ")})`);
    }
  } finally {
    await mail.close();
  }
});

itest("invitations: validation, permissions and conflicts", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const viewer = await t.member(["viewer"]);
  await problem(
    await t.owner.call("POST", "/api/admin/invitations", { email: "bad", roles: ["member"] }),
    400,
  );
  await problem(
    await t.owner.call("POST", "/api/admin/invitations", { email: "a@b.co", roles: [] }),
    400,
  );
  await problem(
    await t.owner.call("POST", "/api/admin/invitations", { email: "a@b.co", roles: ["astronaut"] }),
    422,
  );
  // A member (not an admin) cannot invite, resend or revoke; a viewer cannot even list.
  const email = `${unique("m")}@example.test`;
  await problem(
    await member.call("POST", "/api/admin/invitations", { email, roles: ["viewer"] }),
    403,
  );
  await problem(await viewer.call("GET", "/api/admin/invitations"), 403);
  const created = await (await t.owner.call("POST", "/api/admin/invitations", {
    email,
    roles: ["member"],
  })).json();
  await problem(await member.call("POST", `/api/admin/invitations/${created.id}/resend`), 403);
  await problem(await member.call("POST", `/api/admin/invitations/${created.id}/revoke`), 403);
  await problem(await t.owner.call("POST", "/api/admin/invitations/not-a-uuid/revoke"), 400);
  // One waiting invitation per address; members are not invited again.
  const dup = await problem(
    await t.owner.call("POST", "/api/admin/invitations", {
      email: email.toUpperCase(),
      roles: ["member"],
    }),
    409,
  );
  assert.match(dup.type, /already-invited/);
  await problem(
    await t.owner.call("POST", "/api/admin/invitations", {
      email: member.email,
      roles: ["member"],
    }),
    409,
  );
  // Nobody invites with more than they hold: an admin cannot hand out the owner role.
  const admin = await t.member(["admin"]);
  await problem(
    await admin.call("POST", "/api/admin/invitations", {
      email: `${unique("o")}@example.test`,
      roles: ["owner"],
    }),
    403,
  );
});

itest("invitations: another tenant's invitation is not found and stays as it was", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const inv = await (await a.owner.call("POST", "/api/admin/invitations", {
    email: `${unique("x")}@example.test`,
    roles: ["member"],
  })).json();
  const before = await invitationRow(a.id, inv.id);
  await problem(await b.owner.call("POST", `/api/admin/invitations/${inv.id}/resend`), 404);
  await problem(await b.owner.call("POST", `/api/admin/invitations/${inv.id}/revoke`), 404);
  const listB = await (await b.owner.call("GET", "/api/admin/invitations")).json();
  assert.equal(listB.items.length, 0);
  assert.deepEqual(await invitationRow(a.id, inv.id), before);
});

itest("invitations: resend kills the old link, revoke and expiry refuse the link", async () => {
  const t = await newTenant();
  const mail = await accountsMail();
  const { platform } = await testApp();
  try {
    const email = `${unique("r")}@example.test`;
    const inv = await (await t.owner.call("POST", "/api/admin/invitations", {
      email,
      roles: ["member"],
    })).json();
    await mail.flush();
    const first = mail.linkToken(email, "/invite/")!;
    const resent = await t.owner.call("POST", `/api/admin/invitations/${inv.id}/resend`);
    assert.equal(resent.status, 200);
    await mail.flush();
    const second = mail.linkToken(email, "/invite/")!;
    assert.notEqual(first, second);
    assert.equal((await browse(`/invite/${first}`)).status, 404, "the old link is dead");
    assert.equal((await browse(`/invite/${second}`)).status, 200);

    // Expired (the row's expiry moved into the past): refused, no account is made.
    await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) =>
        tx`update identity_invitations set expires_at = now() - interval '1 minute' where id = ${inv.id}`,
    );
    const expired = await browse(`/invite/${second}`, {
      form: { name: "Late", password: STRONG, confirm: STRONG },
    });
    assert.equal(expired.status, 410);
    assert.match(await expired.text(), /expired/);
    const [account] = await withScope(
      platform.db.sql,
      {},
      (tx) => tx`select identity_user_id_by_email(${email}) as id`,
    );
    assert.equal(account.id, null, "no account was created");
    const listed = await (await t.owner.call("GET", "/api/admin/invitations")).json();
    assert.equal(listed.items[0].state, "expired");

    // Revoked: the link is refused; revoking twice is a rule error.
    const revoked = await t.owner.call("POST", `/api/admin/invitations/${inv.id}/revoke`);
    assert.equal(revoked.status, 200);
    assert.equal((await revoked.json()).state, "revoked");
    const gone = await browse(`/invite/${second}`);
    assert.equal(gone.status, 410);
    assert.match(await gone.text(), /withdrawn/);
    await problem(await t.owner.call("POST", `/api/admin/invitations/${inv.id}/revoke`), 422);
    await problem(await t.owner.call("POST", `/api/admin/invitations/${inv.id}/resend`), 422);
    const actions = await auditActions(t.id);
    assert.ok(actions.includes("invitation_resent"));
    assert.ok(actions.includes("invitation_revoked"));
    // A malformed link is simply unknown.
    assert.equal((await browse(`/invite/${"a".repeat(43)}`)).status, 404);
  } finally {
    await mail.close();
  }
});

itest("invitations: an existing account joins by the link or from its workspace list", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const c = await newTenant();
  const mail = await accountsMail();
  try {
    // B invites A's owner: the invitation shows beside A's owner's workspaces too.
    const inv = await (await b.owner.call("POST", "/api/admin/invitations", {
      email: a.owner.email,
      roles: ["agent"],
    })).json();
    const shown = await (await a.owner.call("GET", "/api/auth/invitations")).json();
    assert.ok(JSON.stringify(shown).includes(b.id), "shown in the shell's invitations");
    await mail.flush();
    const token = mail.linkToken(a.owner.email, "/invite/")!;
    const page = await (await browse(`/invite/${token}`)).text();
    assert.match(page, /sign in to join/i);
    // Signed in as that address: Join.
    const signedIn = await (await browse(`/invite/${token}`, { who: a.owner })).text();
    assert.match(signedIn, /Join Tenant/);
    const joined = await browse(`/invite/${token}/join`, { who: a.owner, form: {} });
    assert.equal(joined.status, 303, await joined.text());
    const cookie = /session=([^;]+)/.exec(joined.headers.get("set-cookie") ?? "")?.[1];
    const me = await (await callApp("/api/auth/me", { token: cookie })).json();
    assert.equal(me.tenant.id, b.id);
    assert.deepEqual(me.roles, ["agent"]);
    assert.equal((await invitationRow(b.id, inv.id)).acceptedAt !== null, true);

    // C invites A's owner; A accepts from the workspace list: the e-mail invitation is closed.
    const inv2 = await (await c.owner.call("POST", "/api/admin/invitations", {
      email: a.owner.email,
      roles: ["member"],
    })).json();
    // (Joining switched the session: the token it came from was revoked, as on a switch.)
    await problem(await a.owner.call("GET", "/api/auth/me"), 401);
    const fresh = await (await callApp("/api/auth/login", {
      method: "POST",
      body: { email: a.owner.email, password: PASSWORD, tenant: a.slug },
      headers: { "X-Forwarded-For": unique("ip") },
    })).json();
    const ok = await callApp(`/api/auth/invitations/${c.id}/accept`, {
      method: "POST",
      token: fresh.accessToken,
    });
    assert.equal(ok.status, 200, await ok.text());
    assert.ok((await invitationRow(c.id, inv2.id)).acceptedAt, "answered with it");
    const listC = await (await c.owner.call("GET", "/api/admin/invitations")).json();
    assert.equal(listC.items.length, 0);
  } finally {
    await mail.close();
  }
});

itest("invitations: the users page invites by e-mail in a dialog and lists open ones", async () => {
  const t = await newTenant();
  const page = await (await browse("/admin/users", { who: t.owner })).text();
  assert.match(page, /<dialog id="invite-user"/);
  assert.match(page, /Invite by e-mail/);
  assert.doesNotMatch(page, /id="add-user"/, "the temporary password only for operators");
  const email = `${unique("p")}@example.test`;
  const res = await browse("/admin/invitations", {
    who: t.owner,
    form: { email, roles: ["member"] },
    htmx: true,
  });
  const box = await res.text();
  assert.equal(res.status, 200, box);
  assert.ok(box.includes(`An invitation was sent to ${email}`));
  assert.equal(res.headers.get("HX-Trigger"), "invitations-changed");
  const list = await (await browse("/admin/users", { who: t.owner })).text();
  assert.ok(list.includes(email));
  assert.match(list, /Send again/);
});
