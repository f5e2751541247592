import assert from "node:assert/strict";
import {
  browse,
  callApp,
  type Caller,
  itest,
  makeOperator,
  newTenant,
  PASSWORD,
  problem,
  testApp,
  unique,
} from "../helpers.ts";
import { auditValue } from "../../platform/identity/audit.labels.lib.ts";
import { t } from "../../shared/i18n/i18n.ts";
import type { Translate } from "../../ui/context.ts";

// Identity audit trail (issue 35, part 7): an activity line (module identity) with actor,
// address and before → after for every event recorded here; /admin/audit and its CSV; the
// operators' view across workspaces.

interface Line {
  id: string;
  occurredAt: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  address: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  tenantId?: string;
  tenantName?: string;
}

/** A fresh client address, so each event can be told apart by where it came from. */
const ip = () => {
  const n = crypto.getRandomValues(new Uint8Array(3));
  return `10.${n[0]}.${n[1]}.${n[2]}`;
};

const from = (address: string) => ({ "X-Forwarded-For": address });

async function lines(who: Caller, query = ""): Promise<Line[]> {
  const res = await who.call("GET", `/api/admin/audit?limit=100${query}`);
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.items;
}

/** The one line of this kind from this address (fails when there is none or several). */
async function lineFrom(who: Caller, action: string, address: string): Promise<Line> {
  const found = (await lines(who, `&action=${action}`)).filter((l) => l.address === address);
  assert.equal(found.length, 1, `one ${action} line from ${address}: ${JSON.stringify(found)}`);
  return found[0];
}

const signIn = (body: Record<string, unknown>, address: string) =>
  callApp("/api/auth/login", { method: "POST", body, headers: from(address) });

async function operator(): Promise<Caller> {
  const { platform } = await testApp();
  const res = await signIn(
    { email: platform.config.ADMIN_EMAIL, password: "bootstrap-password" },
    ip(),
  );
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  const token = body.accessToken;
  return {
    id: body.user.id,
    email: body.user.email,
    token,
    call: (method, path, b, headers) => callApp(path, { method, body: b, token, headers }),
  };
}

itest(
  "identity audit: a sign-in is a line with the person, the address and the workspace",
  async () => {
    const t = await newTenant();
    const address = ip();
    const res = await signIn({ email: t.owner.email, password: PASSWORD, tenant: t.slug }, address);
    assert.equal(res.status, 200);
    const line = await lineFrom(t.owner, "sign_in", address);
    assert.equal(line.actorId, t.owner.id);
    assert.equal(line.actorEmail, t.owner.email);
    assert.equal(line.before, null);
    assert.equal(line.after?.email, t.owner.email);
    assert.equal(line.after?.workspace, `Tenant ${t.slug}`);
  },
);

itest(
  "identity audit: failed sign-ins of an account are recorded, unknown e-mails are not",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const wrong = ip();
    await problem(
      await signIn({ email: t.owner.email, password: "wrong-pass", tenant: t.slug }, wrong),
      401,
    );
    const line = await lineFrom(t.owner, "sign_in_failed", wrong);
    assert.equal(line.actorId, t.owner.id);
    assert.deepEqual(line.after, { email: t.owner.email, reason: "password" });

    // A workspace they do not belong to: recorded in their own (default) workspace, never in the
    // one they named.
    const foreign = ip();
    await problem(
      await signIn({ email: t.owner.email, password: PASSWORD, tenant: other.slug }, foreign),
      401,
    );
    assert.equal((await lineFrom(t.owner, "sign_in_failed", foreign)).after?.reason, "workspace");
    assert.equal((await lines(other.owner)).filter((l) => l.address === foreign).length, 0);

    // Without a workspace named: their default one.
    const plain = ip();
    await problem(await signIn({ email: t.owner.email, password: "wrong-again" }, plain), 401);
    assert.equal((await lineFrom(t.owner, "sign_in_failed", plain)).actorId, t.owner.id);

    // An e-mail nobody has: nothing anywhere (the operators' view sees every workspace).
    const nobody = ip();
    await problem(
      await signIn({ email: `${unique("nobody")}@example.test`, password: PASSWORD }, nobody),
      401,
    );
    const op = await operator();
    const all = await (await op.call("GET", "/api/admin/audit/all?limit=100&action=sign_in_failed"))
      .json();
    assert.equal(all.items.filter((l: Line) => l.address === nobody).length, 0);
    assert.ok(all.items.some((l: Line) => l.address === wrong && l.tenantId === t.id));
  },
);

itest("identity audit: a password change is a line without the password", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const address = ip();
  const res = await member.call(
    "POST",
    "/api/auth/password",
    { currentPassword: PASSWORD, newPassword: "Quartz-Lantern-Harbor-8841" },
    from(address),
  );
  assert.equal(res.status, 204, await res.text());
  const line = await lineFrom(t.owner, "password_changed", address);
  assert.equal(line.actorId, member.id);
  assert.deepEqual(line.before, { email: member.email });
  assert.deepEqual(line.after, { email: member.email, password: true });
  assert.doesNotMatch(JSON.stringify(line), /Quartz|argon|\$2/);

  // A wrong current password changes nothing and records no change.
  const wrong = ip();
  const refused = await member.call(
    "POST",
    "/api/auth/password",
    { currentPassword: "not-it-at-all", newPassword: "Quartz-Lantern-Harbor-9999" },
    from(wrong),
  );
  assert.equal(refused.status, 422);
  assert.equal(
    (await lines(t.owner, "&action=password_changed")).filter((l) => l.address === wrong).length,
    0,
  );
});

itest(
  "identity audit: member added, role changed and removed, each with before → after",
  async () => {
    const t = await newTenant();
    await makeOperator(t.owner); // only operators create accounts with a password
    const email = `${unique("new")}@example.test`;
    const added = ip();
    const res = await t.owner.call(
      "POST",
      "/api/admin/users",
      { email, name: "Ayşe Yılmaz", password: PASSWORD, roles: ["member"] },
      from(added),
    );
    const member = await res.json();
    assert.equal(res.status, 201, JSON.stringify(member));
    const add = await lineFrom(t.owner, "member_added", added);
    assert.equal(add.actorId, t.owner.id);
    assert.equal(add.before, null);
    assert.deepEqual(add.after, {
      email,
      name: "Ayşe Yılmaz",
      roles: ["member"],
      status: "active",
    });

    const promoted = ip();
    const patched = await t.owner.call("PATCH", `/api/admin/users/${member.id}`, {
      roles: ["agent"],
    }, from(promoted));
    assert.equal(patched.status, 200);
    const role = await lineFrom(t.owner, "member_role_changed", promoted);
    assert.deepEqual(role.before?.roles, ["member"]);
    assert.deepEqual(role.after?.roles, ["agent"]);

    const removed = ip();
    const disabled = await t.owner.call("PATCH", `/api/admin/users/${member.id}`, {
      status: "disabled",
    }, from(removed));
    assert.equal(disabled.status, 200);
    const gone = await lineFrom(t.owner, "member_disabled", removed);
    assert.equal(gone.before?.status, "active");
    assert.equal(gone.after?.status, "disabled");

    // A refused change (an unknown role) leaves no line.
    const refused = ip();
    await problem(
      await t.owner.call(
        "PATCH",
        `/api/admin/users/${member.id}`,
        { roles: ["nope"] },
        from(refused),
      ),
      422,
    );
    assert.equal((await lines(t.owner)).filter((l) => l.address === refused).length, 0);
  },
);

itest(
  "identity audit: role permissions and workspace settings changes carry before → after",
  async () => {
    const t = await newTenant();
    const created = await t.owner.call("POST", "/api/admin/roles", {
      key: "auditors",
      name: "Auditors",
      description: "Read tickets",
      permissions: ["support.ticket.read"],
    }, from(ip()));
    const roleBody = await created.json();
    assert.equal(created.status, 201, JSON.stringify(roleBody));
    const changedFrom = ip();
    const changed = await t.owner.call("PUT", `/api/admin/roles/${roleBody.id}`, {
      name: "Auditors",
      description: "Read and write tickets",
      permissions: ["support.ticket.read", "support.ticket.write"],
    }, from(changedFrom));
    assert.equal(changed.status, 200, await changed.text());
    const role = await lineFrom(t.owner, "role_permissions_changed", changedFrom);
    assert.equal(role.actorId, t.owner.id);
    assert.deepEqual(role.before?.permissions, ["support.ticket.read"]);
    assert.deepEqual(role.after?.permissions, ["support.ticket.read", "support.ticket.write"]);

    const settingsFrom = ip();
    const settings = await t.owner.call("PATCH", "/api/admin/tenant", {
      name: "Renamed Ltd",
      timeZone: "Europe/Istanbul",
    }, from(settingsFrom));
    assert.equal(settings.status, 200, await settings.text());
    const line = await lineFrom(t.owner, "tenant_settings_changed", settingsFrom);
    assert.equal(line.before?.name, `Tenant ${t.slug}`);
    assert.equal(line.after?.name, "Renamed Ltd");
    assert.equal(line.before?.timeZone, "UTC");
    assert.equal(line.after?.timeZone, "Europe/Istanbul");
  },
);

itest(
  "identity audit: the page and the CSV read in people's words in the workspace's zone",
  async () => {
    const t = await newTenant();
    await t.owner.call("PATCH", "/api/admin/tenant", { timeZone: "Europe/Istanbul" });
    const address = ip();
    await problem(await signIn({ email: t.owner.email, password: "wrong-pass" }, address), 401);
    const member = await t.member(["member"]);
    await t.owner.call("PATCH", `/api/admin/users/${member.id}`, { roles: ["agent"] }, from(ip()));

    for (
      const [lang, event, role] of [["en", "Sign-in failed", "Agent"], [
        "tr",
        "Oturum açma başarısız",
        "Temsilci",
      ]]
    ) {
      const res = await browse("/admin/audit", {
        who: t.owner,
        headers: { "Accept-Language": lang },
      });
      const html = await res.text();
      assert.equal(res.status, 200, html.slice(0, 500));
      assert.ok(html.includes(event), `${lang}: event label`);
      assert.ok(html.includes(address), `${lang}: address`);
      assert.ok(html.includes(role), `${lang}: role by name`);
      assert.ok(html.includes("/api/admin/audit.csv"), "a download link");
      // No codes, ids or ISO times in the visible text.
      const text = html.replace(/<[^>]+>/g, " ");
      assert.doesNotMatch(text, /sign_in_failed|member_role_changed|\d{4}-\d\d-\d\dT\d\d:/);
      assert.ok(!text.includes(member.id), "no ids");
    }

    const csv = await t.owner.call("GET", "/api/admin/audit.csv", undefined, {
      "Accept-Language": "en",
    });
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get("content-type") ?? "", /^text\/csv/);
    const body = await csv.text();
    const [header, ...rows] = body.replace(/^\uFEFF/, "").trim().split("\r\n");
    assert.equal(header, "When,Person,Event,Details,Address");
    const failed = rows.find((r) => r.includes(address));
    assert.ok(failed, body);
    assert.match(failed, /Sign-in failed/);
    assert.match(failed, /wrong password/);
    assert.doesNotMatch(body, /sign_in_failed|\d{4}-\d\d-\d\dT\d\d:/);
    // The time is the workspace's (Istanbul, UTC+3): the page's hour is three ahead of UTC's.
    const line = (await lines(t.owner, "&action=sign_in_failed"))[0];
    const hour = (new Date(line.occurredAt).getUTCHours() + 3) % 24;
    assert.match(failed, new RegExp(`\\b${String(hour).padStart(2, "0")}:`));
    assert.ok(
      rows.some((r) => /Changed a member's roles/.test(r) && /Member → Agent/.test(r)),
      body,
    );
  },
);

itest("identity audit: filters by person, event and days; bad filters are a 400", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const a = ip();
  await signIn({ email: member.email, password: PASSWORD, tenant: t.slug }, a);
  await signIn({ email: t.owner.email, password: PASSWORD, tenant: t.slug }, ip());

  const mine = await lines(t.owner, `&actor=${member.id}`);
  assert.ok(mine.length >= 1);
  assert.ok(mine.every((l) => l.actorId === member.id));
  const signIns = await lines(t.owner, "&action=sign_in");
  assert.equal(signIns.length, 2);
  assert.ok(signIns.every((l) => l.action === "sign_in"));

  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  assert.equal((await lines(t.owner, `&action=sign_in&from=${yesterday}&to=${today}`)).length, 2);
  assert.equal((await lines(t.owner, `&to=${yesterday}`)).length, 0);

  // Paging: one at a time, no line twice.
  const first = await (await t.owner.call("GET", "/api/admin/audit?action=sign_in&limit=1")).json();
  assert.equal(first.items.length, 1);
  assert.ok(first.nextCursor);
  const second = await (await t.owner.call(
    "GET",
    `/api/admin/audit?action=sign_in&limit=1&cursor=${first.nextCursor}`,
  )).json();
  assert.equal(second.items.length, 1);
  assert.notEqual(second.items[0].id, first.items[0].id);

  await problem(await t.owner.call("GET", "/api/admin/audit?from=2026-02-30"), 400);
  await problem(await t.owner.call("GET", "/api/admin/audit?action=hack"), 400);
  await problem(await t.owner.call("GET", "/api/admin/audit?actor=not-a-uuid"), 400);
  await problem(await t.owner.call("GET", `/api/admin/audit?from=${today}&to=${yesterday}`), 400);
  await problem(await t.owner.call("GET", "/api/admin/audit?cursor=garbage"), 400);
  await problem(await t.owner.call("GET", "/api/admin/audit.csv?from=nope"), 400);

  const page = await browse("/admin/audit?from=2026-13-01", { who: t.owner });
  const html = await page.text();
  assert.equal(page.status, 400);
  assert.ok(html.includes("Pick a valid date."));
  const filtered = await browse(`/admin/audit?action=sign_in&actor=${member.id}`, { who: t.owner });
  const filteredHtml = await filtered.text();
  assert.equal(filtered.status, 200);
  assert.ok(filteredHtml.includes(a));
});

itest("identity audit: members are refused, other workspaces' lines never show", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const member = await a.member(["member"]);
  await problem(await member.call("GET", "/api/admin/audit"), 403);
  await problem(await member.call("GET", "/api/admin/audit.csv"), 403);
  assert.equal((await browse("/admin/audit", { who: member })).status, 403);

  const inB = ip();
  await signIn({ email: b.owner.email, password: PASSWORD, tenant: b.slug }, inB);
  await problem(await signIn({ email: b.owner.email, password: "nope-nope" }, inB), 401);
  assert.equal((await lines(b.owner)).filter((l) => l.address === inB).length, 2);
  const seenByA = await lines(a.owner);
  assert.equal(seenByA.filter((l) => l.address === inB).length, 0);
  assert.ok(seenByA.every((l) => l.actorId !== b.owner.id));
  const csv = await (await a.owner.call("GET", "/api/admin/audit.csv")).text();
  assert.ok(!csv.includes(inB));
  // Someone else's person filter finds nothing here.
  assert.equal((await lines(a.owner, `&actor=${b.owner.id}`)).length, 0);
  // Nor may a workspace owner read the operators' view.
  await problem(await a.owner.call("GET", "/api/admin/audit/all"), 403);
  await problem(await a.owner.call("GET", "/api/admin/audit/all.csv"), 403);
  assert.equal((await browse("/admin/audit/all", { who: a.owner })).status, 403);
});

itest("identity audit: the operators' view spans workspaces, with a workspace filter", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const [inA, inB] = [ip(), ip()];
  await signIn({ email: a.owner.email, password: PASSWORD, tenant: a.slug }, inA);
  await signIn({ email: b.owner.email, password: PASSWORD, tenant: b.slug }, inB);
  const op = await operator();

  const all = await (await op.call("GET", "/api/admin/audit/all?limit=100&action=sign_in")).json();
  const byAddress = (x: string) => all.items.find((l: Line) => l.address === x);
  assert.equal(byAddress(inA)?.tenantId, a.id);
  assert.equal(byAddress(inB)?.tenantId, b.id);
  assert.equal(byAddress(inB)?.tenantName, `Tenant ${b.slug}`);

  const onlyA = await (await op.call("GET", `/api/admin/audit/all?limit=100&tenant=${a.id}`))
    .json();
  assert.ok(onlyA.items.length > 0);
  assert.ok(onlyA.items.every((l: Line) => l.tenantId === a.id));
  const byEmail = await (await op.call(
    "GET",
    `/api/admin/audit/all?limit=100&email=${encodeURIComponent(b.owner.email.toUpperCase())}`,
  )).json();
  assert.ok(byEmail.items.length > 0);
  assert.ok(byEmail.items.every((l: Line) => l.actorEmail === b.owner.email));
  await problem(await op.call("GET", "/api/admin/audit/all?tenant=nope"), 400);

  const csv = await op.call("GET", `/api/admin/audit/all.csv?tenant=${b.id}`);
  const text = await csv.text();
  assert.equal(csv.status, 200);
  assert.match(text, /^\uFEFF?When,Workspace,Person,Event,Details,Address\r\n/);
  assert.ok(text.includes(inB) && !text.includes(inA));

  const page = await browse("/admin/audit/all", { who: op });
  const html = await page.text();
  assert.equal(page.status, 200);
  assert.ok(html.includes(`Tenant ${a.slug}`) && html.includes(`Tenant ${b.slug}`));
});

itest("audit labels: token scopes read as permissions, never as codes", () => {
  const reader = {
    t: ((key, vars) => t("tr", key, vars)) as Translate,
    locale: "tr" as const,
    timeZone: "UTC",
  };
  const shown = auditValue(reader, "scopes", ["support.ticket.read", "*"]);
  assert.doesNotMatch(shown, /support\.ticket\.read|\*/);
  assert.equal(shown, auditValue(reader, "permissions", ["support.ticket.read", "*"]));
});
