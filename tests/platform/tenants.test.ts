import assert from "node:assert/strict";
import {
  browse,
  callApp,
  type Caller,
  itest,
  join,
  newTenant,
  PASSWORD,
  problem,
  testApp,
  unique,
} from "../helpers.ts";

const login = (body: unknown) =>
  callApp("/api/auth/login", {
    method: "POST",
    body,
    headers: { "X-Forwarded-For": unique("ip") },
  });

/** The bootstrap owner (a platform operator), signed in to the default tenant. */
async function operator(): Promise<Caller & { tenantId: string }> {
  const { platform } = await testApp();
  const res = await login({ email: platform.config.ADMIN_EMAIL, password: "bootstrap-password" });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  const token = body.accessToken as string;
  return {
    id: body.user.id,
    email: body.user.email,
    token,
    tenantId: body.tenant.id,
    call: (method, path, payload, headers) =>
      callApp(path, { method, body: payload, token, headers }),
  };
}

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const PNG_URL = `data:image/png;base64,${PNG}`;

itest("tenants: an operator lists, creates, suspends and reactivates tenants", async () => {
  const op = await operator();
  const slug = unique("acme").toLowerCase().slice(0, 40);
  const created = await op.call("POST", "/api/admin/tenants", {
    slug,
    name: "Acme Şirketi",
    owner: { email: `${slug}@example.test`, password: "owner-password", name: "Acme Owner" },
  });
  const body = await created.json();
  assert.equal(created.status, 201, JSON.stringify(body));
  assert.equal(body.tenant.status, "active");
  assert.equal(body.tenant.suspendedAt, null);
  const id = body.tenant.id as string;

  // Newest first, with status, searchable and filterable, in pages.
  const list = await (await op.call("GET", "/api/admin/tenants")).json();
  assert.equal(list.items[0].id, id);
  assert.equal(list.items[0].status, "active");
  const found = await (await op.call("GET", `/api/admin/tenants?q=${slug}`)).json();
  assert.deepEqual(found.items.map((t: { id: string }) => t.id), [id]);
  const page1 = await (await op.call("GET", "/api/admin/tenants?limit=1")).json();
  assert.equal(page1.items.length, 1);
  assert.ok(page1.nextCursor);
  const page2 =
    await (await op.call("GET", `/api/admin/tenants?limit=1&cursor=${page1.nextCursor}`))
      .json();
  assert.notEqual(page2.items[0].id, page1.items[0].id);

  const suspended = await op.call("POST", `/api/admin/tenants/${id}/suspend`);
  const sBody = await suspended.json();
  assert.equal(suspended.status, 200, JSON.stringify(sBody));
  assert.equal(sBody.status, "suspended");
  assert.ok(sBody.suspendedAt);
  const again = await (await op.call("POST", `/api/admin/tenants/${id}/suspend`)).json();
  assert.equal(again.suspendedAt, sBody.suspendedAt, "suspending twice keeps the first time");
  const onlySuspended =
    await (await op.call("GET", `/api/admin/tenants?status=suspended&q=${slug}`))
      .json();
  assert.equal(onlySuspended.items.length, 1);
  const onlyActive = await (await op.call("GET", `/api/admin/tenants?status=active&q=${slug}`))
    .json();
  assert.equal(onlyActive.items.length, 0);

  const reactivated = await (await op.call("POST", `/api/admin/tenants/${id}/reactivate`)).json();
  assert.equal(reactivated.status, "active");
  assert.equal(reactivated.suspendedAt, null);
});

itest("tenants: operator routes refuse non-operators, unknown ids and bad input", async () => {
  const t = await newTenant();
  const other = await newTenant();
  for (
    const [method, path] of [
      ["GET", "/api/admin/tenants"],
      ["POST", "/api/admin/tenants"],
      ["POST", `/api/admin/tenants/${other.id}/suspend`],
      ["POST", `/api/admin/tenants/${other.id}/reactivate`],
    ]
  ) {
    await problem(await t.owner.call(method, path, method === "POST" ? {} : undefined), 403);
  }
  await problem(await callApp(`/api/admin/tenants/${other.id}/suspend`, { method: "POST" }), 401);

  const op = await operator();
  const missing = "0190c1f4-7b8a-7cde-8f00-123456789abc";
  await problem(await op.call("POST", `/api/admin/tenants/${missing}/suspend`), 404);
  await problem(await op.call("POST", `/api/admin/tenants/${missing}/reactivate`), 404);
  const badId = await problem(await op.call("POST", "/api/admin/tenants/not-an-id/suspend"), 400);
  assert.ok(badId.errors.some((e: { path: string }) => e.path.startsWith("param")));
  await problem(await op.call("GET", "/api/admin/tenants?status=closed"), 400);
  await problem(await op.call("GET", "/api/admin/tenants?cursor=garbage"), 400);
  await problem(await op.call("GET", "/api/admin/tenants?limit=1000"), 400);
  await problem(await op.call("POST", "/api/admin/tenants", { slug: "Bad Slug!", name: "" }), 400);
  const own = await problem(
    await op.call("POST", `/api/admin/tenants/${op.tenantId}/suspend`),
    422,
  );
  assert.match(own.detail, /signed in/);
});

itest("tenants: a suspended tenant's members cannot sign in or use their tokens", async () => {
  const t = await newTenant();
  const member = await t.member(["agent"]);
  const op = await operator();
  assert.equal((await member.call("GET", "/api/auth/me")).status, 200);

  assert.equal((await op.call("POST", `/api/admin/tenants/${t.id}/suspend`)).status, 200);
  const refused = await problem(await member.call("GET", "/api/auth/me"), 401);
  assert.match(refused.detail, /suspended/);
  await problem(await t.owner.call("GET", "/api/admin/users"), 401);
  await problem(await t.owner.call("POST", "/api/auth/logout"), 401);
  // A page request drops the cookie and goes to the sign-in page.
  const page = await browse("/", { who: member });
  assert.equal(page.status, 303);
  assert.match(page.headers.get("location") ?? "", /^\/login/);
  assert.match(page.headers.get("set-cookie") ?? "", /session=;/);

  const signIn = await problem(await login({ email: member.email, password: PASSWORD }), 403);
  assert.equal(signIn.type, "/problems/tenant-suspended");
  await problem(
    await login({ email: t.owner.email, password: PASSWORD, tenant: t.slug }),
    403,
  );
  // A wrong password still gets the usual answer: suspension is told only to the right person.
  await problem(await login({ email: member.email, password: "wrong-password" }), 401);
  // The sign-in page says why.
  const form = await browse("/login", {
    form: { email: member.email, password: PASSWORD },
    headers: { "X-Forwarded-For": unique("ip") },
  });
  assert.equal(form.status, 403);
  assert.match(await form.text(), /suspended/);

  assert.equal((await op.call("POST", `/api/admin/tenants/${t.id}/reactivate`)).status, 200);
  assert.equal((await member.call("GET", "/api/auth/me")).status, 200, "old token works again");
  assert.equal((await login({ email: member.email, password: PASSWORD })).status, 200);
});

itest(
  "tenants: a member of two tenants signs in to the active one and cannot switch to the suspended one",
  async () => {
    const a = await newTenant();
    const b = await newTenant();
    const who = await a.member(["member"]);
    await join(who, b, ["member"]);
    const op = await operator();

    // Before: the switcher (and /me) list both tenants.
    const me = await (await who.call("GET", "/api/auth/me")).json();
    assert.deepEqual(me.tenants.map((x: { id: string }) => x.id).sort(), [a.id, b.id].sort());
    const shell = await (await browse("/", { who })).text();
    assert.ok(shell.includes(`Tenant ${a.slug}`) && shell.includes(`Tenant ${b.slug}`), "switcher");

    assert.equal((await op.call("POST", `/api/admin/tenants/${b.id}/suspend`)).status, 200);
    const after = await (await who.call("GET", "/api/auth/me")).json();
    assert.deepEqual(after.tenants.map((x: { id: string }) => x.id), [a.id]);
    assert.ok(!(await (await browse("/", { who })).text()).includes(`Tenant ${b.slug}`));
    const switched = await problem(
      await who.call("POST", "/api/auth/switch-tenant", { tenant: b.slug }),
      403,
    );
    assert.equal(switched.type, "/problems/tenant-suspended");
    const signedIn = await (await login({ email: who.email, password: PASSWORD })).json();
    assert.equal(signedIn.tenant.id, a.id, "sign-in lands in the active tenant");

    await op.call("POST", `/api/admin/tenants/${b.id}/reactivate`);
  },
);

itest("tenant settings: a tenant admin reads and changes them", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const before = await (await other.owner.call("GET", "/api/admin/tenant")).json();

  const read = await (await t.owner.call("GET", "/api/admin/tenant")).json();
  assert.deepEqual(
    {
      locale: read.locale,
      timeZone: read.timeZone,
      accentColor: read.accentColor,
      logo: read.logo,
    },
    { locale: "en", timeZone: "UTC", accentColor: null, logo: null },
  );
  const admin = await t.member(["admin"]);
  const res = await admin.call("PATCH", "/api/admin/tenant", {
    name: "Örnek Çalışma Alanı",
    locale: "tr",
    timeZone: "europe/istanbul",
    accentColor: "#1F6FEB",
    logo: PNG_URL,
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.id, t.id);
  assert.equal(body.name, "Örnek Çalışma Alanı");
  assert.equal(body.locale, "tr");
  assert.equal(body.timeZone, "Europe/Istanbul", "stored in its canonical spelling");
  assert.equal(body.accentColor, "#1f6feb");
  assert.equal(body.logo, PNG_URL);

  // Every member reads them (the shell shows them); the name is the session's from now on.
  const viewer = await t.member(["viewer"]);
  assert.equal(
    (await (await viewer.call("GET", "/api/admin/tenant")).json()).timeZone,
    "Europe/Istanbul",
  );
  assert.equal((await (await viewer.call("GET", "/api/auth/me")).json()).tenant.name, body.name);

  // Partial change; null removes the colour and the logo.
  const cleared = await (await t.owner.call("PATCH", "/api/admin/tenant", {
    accentColor: null,
    logo: null,
  })).json();
  assert.equal(cleared.accentColor, null);
  assert.equal(cleared.logo, null);
  assert.equal(cleared.timeZone, "Europe/Istanbul");

  // Another tenant is untouched.
  assert.deepEqual(await (await other.owner.call("GET", "/api/admin/tenant")).json(), before);
});

itest("tenant settings: members without the permission get 403, bad values 400", async () => {
  const t = await newTenant();
  for (const role of ["agent", "member", "viewer"]) {
    const m = await t.member([role]);
    await problem(await m.call("PATCH", "/api/admin/tenant", { name: "Taken over" }), 403);
  }
  await problem(await callApp("/api/admin/tenant"), 401);

  const bad: [unknown, string][] = [
    [{}, "body"],
    [{ name: "" }, "body.name"],
    [{ locale: "de" }, "body.locale"],
    [{ timeZone: "Mars/Olympus" }, "body.timeZone"],
    [{ timeZone: "+03:00" }, "body.timeZone"],
    [{ accentColor: "red" }, "body.accentColor"],
    [{ accentColor: "#12345" }, "body.accentColor"],
    [{ logo: "https://example.test/logo.png" }, "body.logo"],
    [{ logo: `data:image/svg+xml;base64,${btoa("<svg onload='alert(1)'/>")}` }, "body.logo"],
    [{ logo: `data:image/jpeg;base64,${PNG}` }, "body.logo"],
    [{ logo: "data:image/png;base64,not base64!" }, "body.logo"],
    [
      { logo: `data:image/png;base64,${btoa("\x89PNG\r\n\x1a\n" + "x".repeat(70_000))}` },
      "body.logo",
    ],
    [{ status: "suspended" }, "body"],
  ];
  for (const [input, path] of bad) {
    const p = await problem(await t.owner.call("PATCH", "/api/admin/tenant", input), 400);
    assert.ok(
      p.errors?.some((e: { path: string }) => e.path.startsWith(path)),
      `${JSON.stringify(input).slice(0, 80)} → ${JSON.stringify(p.errors)}`,
    );
  }
  const svg = await problem(
    await t.owner.call("PATCH", "/api/admin/tenant", {
      logo: `data:image/svg+xml;base64,${btoa("<svg/>")}`,
    }),
    400,
  );
  assert.match(JSON.stringify(svg.errors), /SVG/);
  const unchanged = await (await t.owner.call("GET", "/api/admin/tenant")).json();
  assert.equal(unchanged.name, `Tenant ${t.slug}`);
});

itest("tenant settings: the tenant's language is the default for its members' pages", async () => {
  const t = await newTenant();
  const m = await t.member(["member"]);
  assert.match(await (await browse("/", { who: m })).text(), /<html lang="en"/);
  await t.owner.call("PATCH", "/api/admin/tenant", { locale: "tr" });
  assert.match(await (await browse("/", { who: m })).text(), /<html lang="tr"/);
  // The member's own choice (here their browser's) still wins.
  const english = await browse("/", { who: m, headers: { "Accept-Language": "en-GB" } });
  assert.match(await english.text(), /<html lang="en"/);
});

itest("tenants: the API document lists the tenant routes with operation ids", async () => {
  const doc = await (await callApp("/openapi.json")).json();
  const ops = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>)
    .flatMap((p) => Object.values(p).map((o) => o.operationId));
  for (
    const id of [
      "listTenants",
      "createTenant",
      "suspendTenant",
      "reactivateTenant",
      "getTenantSettings",
      "updateTenantSettings",
    ]
  ) assert.ok(ops.includes(id), id);
});

/** A multipart form post from the same origin with the caller's session cookie. */
async function postMultipart(who: Caller, path: string, form: FormData, htmx = false) {
  const { app } = await testApp();
  const headers: Record<string, string> = {
    Cookie: `session=${who.token}`,
    Origin: "http://localhost",
  };
  if (htmx) headers["HX-Request"] = "true";
  return await app.request(path, { method: "POST", headers, body: form });
}

itest("tenant pages: operators list, create (dialog form), suspend and reactivate", async () => {
  const op = await operator();
  const t = await newTenant();
  await problem(await callApp("/api/admin/tenants", { token: t.owner.token }), 403);
  assert.equal((await browse("/admin/tenants", { who: t.owner })).status, 403);

  const list = await browse("/admin/tenants", { who: op });
  assert.equal(list.status, 200);
  const listHtml = await list.text();
  assert.match(listHtml, /id="new-tenant"/);
  assert.ok(listHtml.includes(`Tenant ${t.slug}`));

  // The dialog's form through htmx: errors come back in the form, success shows the result.
  const bad = await browse("/admin/tenants", {
    who: op,
    htmx: true,
    form: { name: "", slug: "Bad Slug", ownerEmail: "nope", ownerName: "x" },
  });
  assert.equal(bad.status, 400);
  const badHtml = await bad.text();
  assert.match(badHtml, /id="tenant-create-form"/);
  assert.match(badHtml, /lowercase letters, digits and dashes/);
  const slug = unique("page").toLowerCase().slice(0, 40);
  const created = await browse("/admin/tenants", {
    who: op,
    htmx: true,
    form: { name: "Sayfa A.Ş.", slug, ownerEmail: `${slug}@example.test`, ownerName: "Sahip" },
  });
  assert.equal(created.status, 200);
  const createdHtml = await created.text();
  assert.match(createdHtml, /Sayfa A\.Ş\. was created/);
  assert.match(createdHtml, /shown only now: \S{12,}/, "a generated password is shown once");
  const taken = await browse("/admin/tenants", {
    who: op,
    htmx: true,
    form: { name: "Again", slug, ownerEmail: `${slug}-2@example.test`, ownerName: "X" },
  });
  assert.equal(taken.status, 409);
  assert.match(await taken.text(), /short name is taken/);

  const id = (await (await op.call("GET", `/api/admin/tenants?q=${slug}`)).json()).items[0].id;
  const confirm = await browse(`/admin/tenants/${id}/suspend`, { who: op });
  assert.equal(confirm.status, 200);
  assert.match(await confirm.text(), /Suspend Sayfa A\.Ş\.\?/);
  const suspended = await browse(`/admin/tenants/${id}/suspend`, { who: op, form: {} });
  assert.equal(suspended.status, 303);
  const after = await (await browse(suspended.headers.get("location")!, { who: op })).text();
  assert.match(after, /Sayfa A\.Ş\. is suspended\./);
  assert.match(after, new RegExp(`data-tenant-status="${slug}"><span class="badge badge-red">`));
  const back = await browse(`/admin/tenants/${id}/reactivate`, { who: op, form: {} });
  assert.equal(back.status, 303);
  assert.equal(
    (await browse("/admin/tenants/not-an-id/suspend", { who: op, form: {} })).status,
    404,
  );
});

itest(
  "tenant pages: the settings form saves, refuses SVG logos and needs the permission",
  async () => {
    const t = await newTenant();
    const member = await t.member(["member"]);
    assert.equal((await browse("/admin/tenant", { who: member })).status, 403);
    const form = await browse("/admin/tenant", { who: t.owner });
    assert.equal(form.status, 200);
    const formHtml = await form.text();
    assert.match(formHtml, /<option value="Europe\/Istanbul"/);
    assert.match(formHtml, /type="color"/);

    const png = Uint8Array.from(atob(PNG), (ch) => ch.charCodeAt(0));
    const good = new FormData();
    good.set("name", "Ayarlar Deneme");
    good.set("locale", "tr");
    good.set("timeZone", "Europe/Istanbul");
    good.set("accentColor", "#aa3300");
    good.set("logo", new File([png], "logo.png", { type: "image/png" }));
    const saved = await postMultipart(t.owner, "/admin/tenant", good);
    assert.equal(saved.status, 303);
    assert.equal(saved.headers.get("location"), "/admin/tenant?saved=1");
    const settings = await (await t.owner.call("GET", "/api/admin/tenant")).json();
    assert.deepEqual(
      [settings.name, settings.locale, settings.timeZone, settings.accentColor, settings.logo],
      ["Ayarlar Deneme", "tr", "Europe/Istanbul", "#aa3300", PNG_URL],
    );
    const page = await (await browse("/admin/tenant?saved=1", { who: t.owner })).text();
    assert.match(page, /Ayarlar kaydedildi/, "the tenant's language is now Turkish");
    assert.match(page, /data-accent="#aa3300"/);

    const svg = new FormData();
    svg.set("name", "Ayarlar Deneme");
    svg.set("locale", "tr");
    svg.set("timeZone", "Mars/Olympus");
    svg.set("accentDefault", "on");
    svg.set("logo", new File(["<svg onload='alert(1)'/>"], "x.svg", { type: "image/svg+xml" }));
    const refused = await postMultipart(t.owner, "/admin/tenant", svg, true);
    assert.equal(refused.status, 400);
    const refusedHtml = await refused.text();
    assert.match(refusedHtml, /SVG görseller kabul edilmiyor/);
    assert.match(refusedHtml, /Listeden bir saat dilimi seçin/);
    assert.equal((await (await t.owner.call("GET", "/api/admin/tenant")).json()).logo, PNG_URL);

    const clear = new FormData();
    clear.set("name", "Ayarlar Deneme");
    clear.set("locale", "en");
    clear.set("timeZone", "UTC");
    clear.set("accentDefault", "on");
    clear.set("removeLogo", "on");
    assert.equal((await postMultipart(t.owner, "/admin/tenant", clear, true)).status, 204);
    const cleared = await (await t.owner.call("GET", "/api/admin/tenant")).json();
    assert.deepEqual([cleared.accentColor, cleared.logo], [null, null]);
  },
);
