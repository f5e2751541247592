import assert from "node:assert/strict";
import {
  callApp,
  itest,
  makeOperator,
  newTenant,
  PASSWORD,
  problem,
  testApp,
  unique,
} from "../helpers.ts";
import { hasPermission, matches } from "../../shared/rbac/permissions.ts";
import { Problem } from "../../shared/http/problem.ts";
import {
  INVITATIONS_ROUTE,
  memberAddition,
  NEW_ACCOUNT_NEEDS_OPERATOR,
} from "../../platform/identity/admin.rules.ts";

itest("rbac: pattern matching of grants", () => {
  assert.ok(matches("*", "support.ticket.read"));
  assert.ok(matches("support.*", "support.ticket.read"));
  assert.ok(matches("*.*.read", "projects.task.read"));
  assert.ok(matches("support.ticket.read", "support.ticket.read"));
  assert.ok(!matches("support.*", "projects.task.read"));
  assert.ok(!matches("*.*.read", "projects.task.write"));
  assert.ok(!matches("support.ticket", "support.ticket.read"));
  assert.ok(!hasPermission([], "admin.user.read"));
  return Promise.resolve();
});

itest("admin users rules: only operators create accounts; existing ones are invited", () => {
  assert.equal(memberAddition({ isOperator: false }, true), "invite-existing");
  assert.equal(memberAddition({ isOperator: true }, true), "invite-existing");
  assert.equal(memberAddition({ isOperator: true }, false), "create-account");
  for (const caller of [{ isOperator: false }, {}]) {
    assert.throws(
      () => memberAddition(caller, false),
      (e) => e instanceof Problem && e.status === 403 && e.detail === NEW_ACCOUNT_NEEDS_OPERATOR,
    );
  }
  assert.match(NEW_ACCOUNT_NEEDS_OPERATOR, /invite this address by e-mail/i);
  assert.ok(NEW_ACCOUNT_NEEDS_OPERATOR.includes(INVITATIONS_ROUTE));
  assert.equal(INVITATIONS_ROUTE, "POST /api/admin/invitations");
  return Promise.resolve();
});

itest(
  "admin users: an operator lists, creates and updates members of the current tenant",
  async () => {
    const t = await newTenant();
    await makeOperator(t.owner);
    const email = `${unique("new")}@example.test`;
    const created = await t.owner.call("POST", "/api/admin/users", {
      email,
      name: "New One",
      roles: ["agent"],
    });
    const body = await created.json();
    assert.equal(created.status, 201, JSON.stringify(body));
    assert.equal(body.email, email);
    assert.deepEqual(body.roles, ["agent"]);
    assert.ok(body.temporaryPassword.length >= 16, "a generated password is returned once");
    const signIn = await callApp("/api/auth/login", {
      method: "POST",
      body: { email, password: body.temporaryPassword },
    });
    assert.equal(signIn.status, 200);

    const patched = await t.owner.call("PATCH", `/api/admin/users/${body.id}`, {
      roles: ["viewer"],
      name: "Renamed",
    });
    const patchedBody = await patched.json();
    assert.equal(patched.status, 200);
    assert.deepEqual(patchedBody.roles, ["viewer"]);
    assert.equal(patchedBody.name, "Renamed");

    const list = await (await t.owner.call("GET", "/api/admin/users?limit=1")).json();
    assert.equal(list.items.length, 1);
    assert.ok(list.nextCursor);
    const next =
      await (await t.owner.call("GET", `/api/admin/users?limit=1&cursor=${list.nextCursor}`))
        .json();
    assert.equal(next.items.length, 1);
    assert.notEqual(next.items[0].id, list.items[0].id);
    assert.equal(next.nextCursor, null);
  },
);

itest(
  "admin users: owners and admins who are not operators invite new people by e-mail",
  async () => {
    const t = await newTenant();
    const admin = await t.member(["admin"]);
    const email = `${unique("typed")}@example.test`;
    const typed = {
      email,
      name: "Typed Password",
      password: "typed-by-an-admin",
      roles: ["agent"],
    };
    for (const who of [admin, t.owner]) {
      for (const body of [typed, { ...typed, password: undefined }]) {
        const refused = await problem(await who.call("POST", "/api/admin/users", body), 403);
        assert.equal(refused.detail, NEW_ACCOUNT_NEEDS_OPERATOR);
        assert.match(refused.detail, /Invite this address by e-mail instead/);
        assert.match(refused.detail, /POST \/api\/admin\/invitations/);
      }
    }
    // Nothing was written: no member, no account (the operator below creates it afresh).
    const list = await (await t.owner.call("GET", "/api/admin/users")).json();
    assert.ok(!list.items.some((u: { email: string }) => u.email === email));
    const before = await callApp("/api/auth/login", {
      method: "POST",
      body: { email, password: typed.password },
    });
    assert.equal(before.status, 401);
    // The route the answer names takes the same person (role, e-mail) from the same admin.
    const invited = await admin.call("POST", "/api/admin/invitations", {
      email,
      roles: ["agent"],
    });
    assert.equal(invited.status, 201, await invited.text());

    // A platform operator may still create the account with the password they typed.
    await makeOperator(t.owner);
    const created = await t.owner.call("POST", "/api/admin/users", typed);
    const body = await created.json();
    assert.equal(created.status, 201, JSON.stringify(body));
    assert.equal(body.status, "active");
    assert.equal(body.temporaryPassword, undefined, "a typed password is not echoed");
    const signIn = await callApp("/api/auth/login", {
      method: "POST",
      body: { email, password: typed.password, tenant: t.slug },
    });
    assert.equal(signIn.status, 200);
  },
);

itest(
  "admin users: an existing account is invited without touching its password or name",
  async () => {
    const a = await newTenant();
    const b = await newTenant();
    const res = await b.owner.call("POST", "/api/admin/users", {
      email: a.owner.email,
      name: "Known in B as Guest",
      password: "another-password",
      roles: ["member"],
    });
    const body = await res.json();
    assert.equal(res.status, 201);
    assert.equal(body.status, "invited");
    assert.equal(body.temporaryPassword, undefined);
    const again = await b.owner.call("POST", "/api/admin/users", {
      email: a.owner.email,
      name: "x",
      roles: ["member"],
    });
    await problem(again, 409);
    await problem(
      await b.owner.call("PATCH", `/api/admin/users/${body.id}`, { status: "active" }),
      422,
    );
    assert.equal((await a.owner.call("POST", `/api/auth/invitations/${b.id}/accept`)).status, 200);
    const signIn = await callApp("/api/auth/login", {
      method: "POST",
      body: { email: a.owner.email, password: PASSWORD, tenant: b.slug },
    });
    assert.equal(signIn.status, 200);
    // B renames its member: only B's view changes, never the account itself.
    await b.owner.call("PATCH", `/api/admin/users/${a.owner.id}`, { name: "Renamed by B" });
    const me = await (await a.owner.call("GET", "/api/auth/me")).json();
    assert.equal(me.user.name, "Owner");
    const inB = await (await b.owner.call("GET", "/api/admin/users")).json();
    assert.equal(inB.items.find((u: { id: string }) => u.id === a.owner.id).name, "Renamed by B");
  },
);

itest("admin: nobody grants or edits permissions beyond their own", async () => {
  const t = await newTenant();
  const created = await t.owner.call("POST", "/api/admin/roles", {
    key: "user-manager",
    name: "User manager",
    permissions: ["admin.user.read", "admin.user.write", "admin.role.read", "admin.role.write"],
  });
  const role = await created.json();
  assert.equal(created.status, 201);
  const manager = await t.member(["user-manager"]);
  const viewer = await t.member(["viewer"]);
  const elsewhere = await newTenant(); // an existing account: adding it is not an operator's act
  // Assigning a role with more than the manager holds is refused, also to themselves.
  await problem(
    await manager.call("PATCH", `/api/admin/users/${manager.id}`, { roles: ["admin"] }),
    403,
  );
  await problem(
    await manager.call("PATCH", `/api/admin/users/${viewer.id}`, { roles: ["agent"] }),
    403,
  );
  const escalation = await problem(
    await manager.call("POST", "/api/admin/users", {
      email: elsewhere.owner.email,
      name: "x",
      roles: ["admin"],
    }),
    403,
  );
  assert.match(escalation.detail, /permissions you do not hold/);
  // Editing their own role up to everything, or creating such a role, is refused.
  await problem(
    await manager.call("PUT", `/api/admin/roles/${role.id}`, { name: "x", permissions: ["*"] }),
    403,
  );
  await problem(
    await manager.call("POST", "/api/admin/roles", { key: "god", name: "God", permissions: ["*"] }),
    403,
  );
  // Within their own grants they may act.
  const ok = await manager.call("PATCH", `/api/admin/users/${viewer.id}`, {
    roles: ["viewer", "user-manager"],
  });
  assert.equal(ok.status, 200, await ok.text());
  const me = await (await manager.call("GET", "/api/auth/me")).json();
  assert.ok(!me.permissions.includes("*"));
});

itest("admin users: validation, rules and permissions", async () => {
  const t = await newTenant();
  await makeOperator(t.owner); // the create path's own checks, past the operator rule
  const viewer = await t.member(["viewer"]);
  const admin = await t.member(["admin"]);
  await problem(await t.owner.call("POST", "/api/admin/users", { email: "bad", roles: [] }), 400);
  await problem(await t.owner.call("GET", "/api/admin/users?limit=500"), 400);
  await problem(await t.owner.call("GET", "/api/admin/users?cursor=garbage"), 400);
  await problem(await t.owner.call("PATCH", `/api/admin/users/not-a-uuid`, { name: "x" }), 400);
  await problem(await t.owner.call("PATCH", `/api/admin/users/${viewer.id}`, {}), 400);
  const unknownRole = await t.owner.call("POST", "/api/admin/users", {
    email: `${unique("r")}@example.test`,
    name: "x",
    roles: ["astronaut"],
  });
  await problem(unknownRole, 422);
  // Members may read the member list but not change it; viewers may not even read it.
  const member = await t.member(["member"]);
  assert.equal((await member.call("GET", "/api/admin/users")).status, 200);
  await problem(
    await member.call("POST", "/api/admin/users", {
      email: "a@b.co",
      name: "x",
      roles: ["viewer"],
    }),
    403,
  );
  await problem(await viewer.call("GET", "/api/admin/users"), 403);
  await problem(
    await viewer.call("POST", "/api/admin/users", {
      email: "a@b.co",
      name: "x",
      roles: ["viewer"],
    }),
    403,
  );
  await problem(
    await viewer.call("PATCH", `/api/admin/users/${viewer.id}`, { roles: ["owner"] }),
    403,
  );
  // Admins cannot grant or take the owner role; nobody removes the last owner.
  await problem(
    await admin.call("PATCH", `/api/admin/users/${viewer.id}`, { roles: ["owner"] }),
    403,
  );
  await problem(
    await admin.call("PATCH", `/api/admin/users/${t.owner.id}`, { roles: ["viewer"] }),
    403,
  );
  await problem(
    await t.owner.call("PATCH", `/api/admin/users/${t.owner.id}`, { roles: ["admin"] }),
    422,
  );
  await problem(
    await t.owner.call("PATCH", `/api/admin/users/${t.owner.id}`, { status: "disabled" }),
    422,
  );
  const me = await (await t.owner.call("GET", "/api/auth/me")).json();
  assert.deepEqual(me.roles, ["owner"], "nothing changed");
});

itest("admin users: another tenant's member is 404 and stays unchanged", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const bMember = await b.member(["member"]);
  await problem(
    await a.owner.call("PATCH", `/api/admin/users/${bMember.id}`, { roles: ["viewer"] }),
    404,
  );
  const list = await (await b.owner.call("GET", "/api/admin/users")).json();
  const row = list.items.find((u: { id: string }) => u.id === bMember.id);
  assert.deepEqual(row.roles, ["member"]);
});

itest(
  "admin roles: built-ins are listed and read-only; custom roles grant what they say",
  async () => {
    const t = await newTenant();
    const list = await (await t.owner.call("GET", "/api/admin/roles")).json();
    const keys = list.items.map((r: { key: string }) => r.key);
    for (const k of ["owner", "admin", "agent", "member", "viewer"]) assert.ok(keys.includes(k), k);
    const viewerRole = list.items.find((r: { key: string }) => r.key === "viewer");
    await problem(
      await t.owner.call("PUT", `/api/admin/roles/${viewerRole.id}`, {
        name: "x",
        permissions: ["*"],
      }),
      422,
    );

    const created = await t.owner.call("POST", "/api/admin/roles", {
      key: "auditor",
      name: "Auditor",
      permissions: ["admin.role.read"],
    });
    const role = await created.json();
    assert.equal(created.status, 201, JSON.stringify(role));
    await problem(
      await t.owner.call("POST", "/api/admin/roles", {
        key: "auditor",
        name: "Again",
        permissions: [],
      }),
      409,
    );

    const auditor = await t.member(["auditor"]);
    assert.equal((await auditor.call("GET", "/api/admin/roles")).status, 200);
    await problem(await auditor.call("GET", "/api/admin/users"), 403);

    const updated = await t.owner.call("PUT", `/api/admin/roles/${role.id}`, {
      name: "Auditor",
      permissions: ["admin.role.read", "admin.user.read"],
    });
    assert.equal(updated.status, 200);
    assert.equal(
      (await auditor.call("GET", "/api/admin/users")).status,
      200,
      "takes effect at once",
    );
  },
);

itest("admin roles: validation, permission denied and other tenant's role", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const viewer = await a.member(["viewer"]);
  await problem(
    await a.owner.call("POST", "/api/admin/roles", {
      key: "Bad Key",
      name: "",
      permissions: ["x"],
    }),
    400,
  );
  await problem(
    await a.owner.call("POST", "/api/admin/roles", {
      key: "ok",
      name: "Ok",
      permissions: ["made.up.thing"],
    }),
    422,
  );
  await problem(
    await viewer.call("POST", "/api/admin/roles", { key: "mine", name: "Mine", permissions: [] }),
    403,
  );
  await problem(await viewer.call("GET", "/api/admin/roles"), 403);
  const bRole = await (await b.owner.call("POST", "/api/admin/roles", {
    key: "b-only",
    name: "B",
    permissions: [],
  })).json();
  await problem(
    await a.owner.call("PUT", `/api/admin/roles/${bRole.id}`, {
      name: "Taken",
      permissions: ["*"],
    }),
    404,
  );
  const bRoles = await (await b.owner.call("GET", "/api/admin/roles")).json();
  assert.equal(bRoles.items.find((r: { id: string }) => r.id === bRole.id).name, "B");
});

itest("admin permissions: the catalog lists core and module permissions", async () => {
  const t = await newTenant();
  const viewer = await t.member(["viewer"]);
  const body = await (await t.owner.call("GET", "/api/admin/permissions")).json();
  assert.ok(body.items.includes("admin.user.write"));
  assert.ok(body.items.includes("support.ticket.read"));
  await problem(await viewer.call("GET", "/api/admin/permissions"), 403);
});

itest("admin tenants: only platform operators list and create tenants", async () => {
  const t = await newTenant();
  await problem(await t.owner.call("GET", "/api/admin/tenants"), 403);
  await problem(await t.owner.call("POST", "/api/admin/tenants", {}), 403);

  const { platform } = await testApp();
  const login = await callApp("/api/auth/login", {
    method: "POST",
    body: { email: platform.config.ADMIN_EMAIL, password: "bootstrap-password" },
    headers: { "X-Forwarded-For": unique("op") },
  });
  const { accessToken } = await login.json();
  const op = (method: string, body?: unknown) =>
    callApp("/api/admin/tenants", { method, body, token: accessToken });
  const slug = unique("acme").toLowerCase().slice(0, 40);
  const created = await op("POST", {
    slug,
    name: "Acme",
    owner: { email: `${slug}@example.test`, password: "owner-password", name: "Acme Owner" },
  });
  const body = await created.json();
  assert.equal(created.status, 201, JSON.stringify(body));
  assert.equal(body.tenant.slug, slug);
  await problem(
    await op("POST", {
      slug,
      name: "Again",
      owner: { email: "x@example.test", password: "12345678", name: "X" },
    }),
    409,
  );
  await problem(await op("POST", { slug: "Bad Slug!", name: "", owner: {} }), 400);
  const list = await (await op("GET")).json();
  assert.ok(list.items.some((x: { slug: string }) => x.slug === slug));
  const ownerLogin = await callApp("/api/auth/login", {
    method: "POST",
    body: { email: `${slug}@example.test`, password: "owner-password" },
  });
  assert.equal((await ownerLogin.json()).tenant.slug, slug);
});
