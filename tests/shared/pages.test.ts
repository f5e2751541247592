import assert from "node:assert/strict";
import {
  browse,
  callApp,
  itest,
  join,
  makeOperator,
  newTenant,
  PASSWORD,
  unique,
} from "../helpers.ts";

const ORIGIN = "http://localhost";

itest("pages: without a session every page redirects to /login with next", async () => {
  for (const path of ["/", "/support/tickets", "/admin/users", "/documents/files?view=grid"]) {
    const res = await browse(path);
    assert.equal(res.status, 303, path);
    assert.equal(res.headers.get("location"), `/login?next=${encodeURIComponent(path)}`);
  }
});

itest("pages: the login page follows Accept-Language and ?lang", async () => {
  const en = await (await browse("/login")).text();
  assert.match(en, /<html lang="en">/);
  assert.match(en, /name="email"/);
  const tr =
    await (await browse("/login", { headers: { "Accept-Language": "tr-TR,tr;q=0.9,en;q=0.8" } }))
      .text();
  assert.match(tr, /Giriş yap/);
  const chosen = await browse("/login?lang=tr");
  assert.match(chosen.headers.get("set-cookie") ?? "", /lang=tr/);
  assert.match(await chosen.text(), /<html lang="tr">/);
});

itest("pages: signing in with the form sets the cookie and follows next", async () => {
  const t = await newTenant();
  const ok = await browse("/login", {
    form: { email: t.owner.email, password: PASSWORD, tenant: t.slug, next: "/support/tickets" },
    headers: { "X-Forwarded-For": unique("ip") },
  });
  assert.equal(ok.status, 303);
  assert.equal(ok.headers.get("location"), "/support/tickets");
  assert.match(ok.headers.get("set-cookie") ?? "", /session=.+HttpOnly/);

  for (
    const next of [
      "//evil.example/x",
      "/\t/evil.example",
      "/\\evil.example",
      "/ok\nSet-Cookie: x=1",
    ]
  ) {
    const evil = await browse("/login", {
      form: { email: t.owner.email, password: PASSWORD, next },
      headers: { "X-Forwarded-For": unique("ip") },
    });
    assert.equal(evil.status, 303, next);
    assert.equal(evil.headers.get("location"), "/", next);
  }

  const wrong = await browse("/login", {
    form: { email: t.owner.email, password: "wrong" },
    headers: { "X-Forwarded-For": unique("ip") },
  });
  assert.equal(wrong.status, 401);
  const html = await wrong.text();
  assert.match(html, /role="alert"/);
  assert.match(html, new RegExp(`value="${t.owner.email}"`), "keeps what was typed");

  const crossSite = await browse("/login", {
    form: { email: t.owner.email, password: PASSWORD },
    origin: "https://evil.example",
  });
  assert.equal(crossSite.status, 403);
  assert.equal(crossSite.headers.get("set-cookie"), null);
});

itest("pages: the shell lists the built modules and admin only for admins", async () => {
  const t = await newTenant();
  const viewer = await t.member(["viewer"]);
  const ownerHome = await (await browse("/", { who: t.owner })).text();
  // Modules not built yet keep their pages but list none in the menu.
  for (const m of ["support", "documents", "projects", "admin"]) {
    assert.match(ownerHome, new RegExp(`data-module="${m}"`), m);
  }
  assert.match(ownerHome, /src="\/assets\/htmx\.min\.js"/);
  assert.doesNotMatch(ownerHome, /(src|href)="https?:/, "nothing loaded from outside");
  const viewerHome = await (await browse("/", { who: viewer })).text();
  // Everyone may read the API reference; nothing else of administration.
  assert.doesNotMatch(viewerHome, /href="\/admin\//);
  assert.match(viewerHome, /href="\/docs"/);
  assert.match(viewerHome, /data-module="support"/);
});

itest("pages: permission denied and unknown pages render HTML errors", async () => {
  const t = await newTenant();
  const viewer = await t.member(["viewer"]);
  const denied = await browse("/admin/users", { who: viewer });
  assert.equal(denied.status, 403);
  assert.match(denied.headers.get("content-type") ?? "", /text\/html/);
  assert.match(await denied.text(), /not allowed/);
  const missing = await browse("/no/such/page", { who: t.owner });
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /does not exist/);
});

itest("pages: language switch is stored in the profile; cross-site posts are refused", async () => {
  const t = await newTenant();
  const refused = await browse("/language", {
    who: t.owner,
    form: { locale: "tr" },
    origin: "https://evil.example",
  });
  assert.equal(refused.status, 403);
  assert.match(await (await browse("/", { who: t.owner })).text(), /<html lang="en">/);

  const res = await browse("/language", {
    who: t.owner,
    form: { locale: "tr" },
    headers: { Referer: `${ORIGIN}/support/tickets?x=1` },
  });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/support/tickets?x=1");
  const home = await (await browse("/", { who: t.owner })).text();
  assert.match(home, /<html lang="tr">/);
  assert.match(home, /Destek/);
  const me = await (await t.owner.call("GET", "/api/auth/me")).json();
  assert.equal(me.user.locale, "tr");
});

itest("pages: admin users page adds with a password (operators) in a dialog (htmx)", async () => {
  const t = await newTenant();
  const email = `${unique("p")}@example.test`;
  const htmx = { "HX-Request": "true" };
  const admin = await t.member(["admin"]);
  const adminList = await (await browse("/admin/users", { who: admin })).text();
  assert.match(adminList, /<dialog id="invite-user"/, "invitations by e-mail for admins");
  assert.doesNotMatch(adminList, /<dialog id="add-user"/, "no password form for non-operators");
  for (const locale of ["en", "tr"]) {
    const refused = await browse("/admin/users", {
      who: admin,
      form: { email, name: "Page User", password: "page-password", roles: "member" },
      headers: { ...htmx, "Accept-Language": locale },
    });
    assert.equal(refused.status, 403);
    assert.match(
      await refused.text(),
      locale === "en"
        ? /role="alert">Only platform operators add a new person with a password\. Invite this/
        : /role="alert">Yeni bir kişiyi parolayla yalnızca platform operatörleri ekleyebilir/,
    );
  }
  assert.equal(
    (await callApp("/api/auth/login", {
      method: "POST",
      body: { email, password: "page-password" },
    })).status,
    401,
    "no account was made",
  );

  await makeOperator(t.owner);
  const list = await (await browse("/admin/users", { who: t.owner })).text();
  assert.match(list, /<dialog id="invite-user"/, "the invite form waits in a dialog");
  assert.match(list, /<dialog id="add-user"/, "the operator's password form too");
  assert.match(list, /<div id="users-list" class="data-table" tabindex="0">/);
  assert.match(list, /<span class="badge badge-blue">Owner<\/span>/, "roles by name");
  const created = await browse("/admin/users", {
    who: t.owner,
    form: { email, name: "Page User", password: "page-password", roles: ["member", "agent"] },
    headers: htmx,
  });
  const html = await created.text();
  assert.equal(created.status, 200, html);
  assert.match(html, /^<!doctype html><div id="invite-box">/, "the dialog's box, not a page");
  assert.match(html, new RegExp(`User ${email} added`));
  assert.equal(created.headers.get("HX-Trigger"), "users-changed", "the list reloads itself");
  const members = await (await t.owner.call("GET", "/api/admin/users")).json();
  const added = members.items.find((u: { email: string }) => u.email === email);
  assert.deepEqual(added.roles.sort(), ["agent", "member"]);
  const after = await (await browse("/admin/users", { who: t.owner })).text();
  assert.match(after, /Page User/);
  assert.match(after, /<span class="badge badge-blue">Agent<\/span>/);

  const invalid = await browse("/admin/users", {
    who: t.owner,
    form: { email: "nope", name: "" },
    headers: htmx,
  });
  assert.equal(invalid.status, 400);
  const invalidHtml = await invalid.text();
  assert.match(invalidHtml, /class="alert error" role="alert">Please check: E-mail, Name/);
  assert.match(invalidHtml, /value="nope"/, "keeps what was typed");

  const edited = await browse(`/admin/users/${added.id}`, {
    who: t.owner,
    form: { name: "Renamed", roles: "viewer", status: "active" },
    headers: htmx,
  });
  assert.equal(edited.status, 200);
  assert.equal(edited.headers.get("HX-Trigger"), "dialog-close, users-changed");
  assert.match(await edited.text(), /value="Renamed"/);

  const viewer = await t.member(["viewer"]);
  const denied = await browse("/admin/users", {
    who: viewer,
    form: { email, name: "x", roles: "viewer" },
  });
  assert.equal(denied.status, 403);
});

itest("pages: admin roles page creates a custom role, permissions in words", async () => {
  const t = await newTenant();
  const res = await browse("/admin/roles", {
    who: t.owner,
    form: {
      key: "reporter",
      name: "Reporter",
      permissions: ["support.report.read", "projects.report.read"],
    },
  });
  const html = await res.text();
  assert.equal(res.status, 200);
  assert.match(html, /<strong>Reporter<\/strong>/);
  assert.match(html, /<summary>2 permissions<\/summary>/);
  assert.match(html, /<dt>Support<\/dt><dd>Reports: view<\/dd>/);
  assert.match(html, /<legend>Projects<\/legend>/, "the new-role form groups by module");
  assert.doesNotMatch(html.replace(/value="[^"]*"/g, ""), /support\.report\.read/, "no codes");
  const roles = await (await t.owner.call("GET", "/api/admin/roles")).json();
  const role = roles.items.find((r: { key: string }) => r.key === "reporter");
  assert.deepEqual(role.permissions.sort(), ["projects.report.read", "support.report.read"]);

  const tr = await (await browse("/admin/roles", {
    who: t.owner,
    headers: { "Accept-Language": "tr" },
  })).text();
  assert.match(tr, /<strong>Yönetici<\/strong>/, "built-in roles in the reader's language");
  const dup = await browse("/admin/roles", {
    who: t.owner,
    form: { key: "reporter", name: "Again" },
    headers: { "HX-Request": "true" },
  });
  assert.equal(dup.status, 409);
  assert.match(await dup.text(), /^<!doctype html><div id="new-role-box"><p class="alert error"/);
});

itest("pages: tenant switch from the top bar", async () => {
  const a = await newTenant();
  const b = await newTenant();
  await join(a.owner, b, ["member"]);
  const res = await browse("/switch-tenant", { who: a.owner, form: { tenant: b.slug } });
  assert.equal(res.status, 303);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  const home = await (await callApp("/", { headers: { Cookie: cookie } })).text();
  assert.match(home, new RegExp(`<option value="${b.slug}" selected`));
  // The old session was replaced by the switch.
  assert.equal((await browse("/", { who: a.owner })).status, 303);
  const notMine = await callApp("/switch-tenant", {
    method: "POST",
    body: "tenant=no-such-tenant",
    headers: {
      Cookie: cookie,
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
    },
  });
  assert.equal(notMine.status, 404);
});

itest("pages: malformed form bodies and NUL characters are 400s, not crashes", async () => {
  const t = await newTenant();
  const garbage = (path: string) =>
    callApp(path, {
      method: "POST",
      body: "garbage",
      headers: {
        Origin: ORIGIN,
        Cookie: `session=${t.owner.token}`,
        "Content-Type": "multipart/form-data; boundary=zzz",
      },
    });
  for (const path of ["/login", "/admin/users", "/language", "/switch-tenant"]) {
    const res = await garbage(path);
    assert.equal(res.status, 400, path);
    await res.body?.cancel();
  }
  await makeOperator(t.owner); // the NUL must reach the account's insert, an operator's act
  const nul = await browse("/admin/users", {
    who: t.owner,
    form: { email: "a@b.co", name: "a\u0000b", roles: "viewer" },
  });
  assert.equal(nul.status, 400);
  await nul.body?.cancel();
});
