import { callApp, itest, newTenant, PASSWORD, testApp } from "../tests/helpers.ts";
import { withScope } from "../shared/db/scope.ts";

async function show(label: string, res: Response) {
  const t = await res.text();
  console.log(
    `[${label}] ${res.status} ${res.headers.get("content-type")} loc=${
      res.headers.get("location")
    } ${t.slice(0, 200).replace(/\n/g, " ")}`,
  );
}

itest("probe input", async () => {
  const a = await newTenant();
  const tok = a.owner.token;
  await show("malformed json", await callApp("/api/auth/login", { method: "POST", body: "{bad" }));
  await show("array body", await callApp("/api/auth/login", { method: "POST", body: "[]" }));
  await show(
    "no ctype",
    await callApp("/api/auth/login", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "" },
    }),
  );
  await show(
    "text/plain",
    await callApp("/api/auth/login", {
      method: "POST",
      body: '{"email":"a@b.co","password":"x"}',
      headers: { "Content-Type": "text/plain" },
    }),
  );
  await show(
    "patch bad uuid",
    await callApp("/api/admin/users/xyz", { method: "PATCH", token: tok, body: { name: "x" } }),
  );
  await show("q NUL", await callApp("/api/admin/users?q=%00", { token: tok }));
  await show("limit huge", await callApp("/api/admin/users?limit=1e400", { token: tok }));
  await show("limit dup", await callApp("/api/admin/users?limit=1&limit=2", { token: tok }));
  const c1 = btoa(JSON.stringify([1, 2]));
  await show("cursor numbers", await callApp(`/api/admin/users?cursor=${c1}`, { token: tok }));
  const c2 = btoa(JSON.stringify(["a", "b"]));
  await show("cursor strings", await callApp(`/api/admin/users?cursor=${c2}`, { token: tok }));
  const c3 = btoa(JSON.stringify(["a", "01900000-0000-7000-8000-000000000000"]));
  await show("cursor ok", await callApp(`/api/admin/users?cursor=${c3}`, { token: tok }));
  await show(
    "name NUL",
    await callApp("/api/admin/users", {
      method: "POST",
      token: tok,
      body: { email: "nul@example.test", name: "a\u0000b", roles: ["viewer"], password: PASSWORD },
    }),
  );
  await show(
    "role NUL",
    await callApp("/api/admin/roles", {
      method: "POST",
      token: tok,
      body: { key: "nulrole", name: "a\u0000b", permissions: [] },
    }),
  );
  await show(
    "role desc NUL",
    await callApp("/api/admin/roles", {
      method: "POST",
      token: tok,
      body: { key: "nulrole2", name: "ab", description: "\u0000", permissions: [] },
    }),
  );
  await show(
    "login pw NUL",
    await callApp("/api/auth/login", {
      method: "POST",
      body: { email: "x@example.test", password: "\u0000" },
    }),
  );
  await show(
    "login tenant NUL",
    await callApp("/api/auth/login", {
      method: "POST",
      body: { email: a.owner.email, password: PASSWORD, tenant: "\u0000" },
    }),
  );
  await show(
    "switch NUL",
    await callApp("/api/auth/switch-tenant", {
      method: "POST",
      token: tok,
      body: { tenant: "\u0000" },
    }),
  );
  await show(
    "big body",
    await callApp("/api/auth/login", {
      method: "POST",
      body: JSON.stringify({ email: "a@b.co", password: "x".repeat(2_000_000) }),
    }),
  );
  await show(
    "multipart garbage /login",
    await callApp("/login", {
      method: "POST",
      body: "garbage",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz", Origin: "http://localhost" },
    }),
  );
  await show(
    "multipart garbage /admin/users",
    await callApp("/admin/users", {
      method: "POST",
      token: tok,
      body: "garbage",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
    }),
  );
  await show(
    "admin page bad id",
    await callApp("/admin/users/------------------------------------", {
      method: "POST",
      token: tok,
      body: "name=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  );
  await show(
    "admin page NUL name",
    await callApp("/admin/users", {
      method: "POST",
      token: tok,
      body: "email=nul2%40example.test&name=a%00b&roles=viewer",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  );
  await show(
    "put role bad",
    await callApp("/api/admin/roles/01900000-0000-7000-8000-000000000000", {
      method: "PUT",
      token: tok,
      body: { name: "x", permissions: [] },
    }),
  );
  await show(
    "email unicode",
    await callApp("/api/auth/login", {
      method: "POST",
      body: { email: "İ@example.com", password: "x" },
    }),
  );
  await show("bearer junk", await callApp("/api/auth/me", { token: "a.b.c" }));
  await show("bearer huge", await callApp("/api/auth/me", { token: "x".repeat(100000) }));
  await show(
    "switch file",
    await callApp("/switch-tenant", {
      method: "POST",
      token: tok,
      body: "tenant=%00",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  );
});

itest("probe open redirect", async () => {
  const a = await newTenant();
  const res = await callApp("/login", {
    method: "POST",
    body: new URLSearchParams({
      email: a.owner.email,
      password: PASSWORD,
      next: "/\t/evil.example",
    }).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
  });
  console.log("redirect location:", JSON.stringify(res.headers.get("location")), res.status);
  if (res.headers.get("location")) {
    console.log(
      "browser resolves to:",
      new URL(res.headers.get("location")!, "http://localhost/").href,
    );
  }
  const g = await callApp("/login?next=/%09/evil.example");
  const html = await g.text();
  console.log("hidden next:", /name="next" value="([^"]*)"/.exec(html)?.[1]);
});

itest("probe escalation", async () => {
  const a = await newTenant();
  // a custom role that may only manage users
  let r = await a.owner.call("POST", "/api/admin/roles", {
    key: "usermgr",
    name: "User manager",
    permissions: ["admin.user.read", "admin.user.write"],
  });
  await show("create usermgr", r);
  const m = await a.member(["usermgr"]);
  r = await m.call("PATCH", `/api/admin/users/${m.id}`, { roles: ["admin"] });
  await show("usermgr self->admin", r);
  r = await m.call("GET", "/api/auth/me");
  console.log("me perms after:", (await r.json()).permissions);
  // role editor edits own role
  r = await a.owner.call("POST", "/api/admin/roles", {
    key: "rolemgr",
    name: "Role manager",
    permissions: ["admin.role.read", "admin.role.write"],
  });
  const role = await r.json();
  const m2 = await a.member(["rolemgr"]);
  r = await m2.call("PUT", `/api/admin/roles/${role.id}`, {
    name: "Role manager",
    permissions: ["*"],
  });
  await show("rolemgr self *", r);
  r = await m2.call("GET", "/api/auth/me");
  console.log("me2 perms after:", (await r.json()).permissions);
});

itest("probe cross-tenant user", async () => {
  const a = await newTenant();
  const b = await newTenant();
  let r = await a.owner.call("POST", "/api/admin/users", {
    email: b.owner.email,
    name: "whatever",
    roles: ["viewer"],
  });
  await show("A adds B's owner", r);
  r = await a.owner.call("PATCH", `/api/admin/users/${b.owner.id}`, { name: "Renamed by A" });
  await show("A renames B owner", r);
  r = await b.owner.call("GET", "/api/auth/me");
  const me = await r.json();
  console.log(
    "B owner as seen in B:",
    me.user.name,
    me.tenants.map((t: { slug: string }) => t.slug),
  );
  // membership policy: raw delete in A's scope of a user's rows
  const { platform } = await testApp();
  const del = await withScope(
    platform.db.sql,
    { tenantId: a.id, userId: b.owner.id },
    (tx) => tx`delete from memberships where user_id = ${b.owner.id} returning tenant_id`,
  );
  console.log(
    "raw delete in tenant A scope removed tenants:",
    del.map((x) => x.tenantId),
    "A=",
    a.id,
    "B=",
    b.id,
  );
});

itest("probe throttle race", async () => {
  const a = await newTenant();
  const results = await Promise.all(
    Array.from({ length: 25 }, () =>
      callApp("/api/auth/login", {
        method: "POST",
        body: { email: a.owner.email, password: "wrong-password" },
        headers: {
          "X-Forwarded-For": `10.0.${Math.floor(Math.random() * 200)}.${
            Math.floor(Math.random() * 200)
          }`,
        },
      })),
  );
  const counts: Record<number, number> = {};
  for (const r of results) {
    counts[r.status] = (counts[r.status] ?? 0) + 1;
    await r.body?.cancel();
  }
  console.log("25 concurrent wrong passwords:", counts);
});
