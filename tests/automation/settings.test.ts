import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { API, app, inTenant, json } from "./agents.fixtures.ts";
import { DEFAULT_SETTINGS } from "../../modules/automation/common/common.schemas.ts";
import { checkAllowEntry } from "../../modules/automation/settings/settings.rules.ts";
import { loadSettings } from "../../modules/automation/settings/settings.repo.ts";

await app();

itest("settings: defaults, a partial change, and the activity log", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  assert.deepEqual(await json(await t.owner.call("GET", `${API}/settings`), 200), DEFAULT_SETTINGS);
  const saved = await json(
    await t.owner.call("PUT", `${API}/settings`, {
      concurrency: 4,
      allowlist: ["API.example.com", "*.hooks.example.org:8443", " ", "api.example.com"],
      recipients: [member.id, member.id],
      notifyEmail: false,
      failureThreshold: 5,
    }),
    200,
  );
  assert.equal(saved.concurrency, 4);
  assert.deepEqual(saved.allowlist, ["api.example.com", "*.hooks.example.org:8443"]);
  assert.deepEqual(saved.recipients, [member.id]);
  assert.equal(saved.notifyEmail, false);
  assert.equal(saved.defaultTimeoutSeconds, DEFAULT_SETTINGS.defaultTimeoutSeconds);
  const again = await json(await t.owner.call("PUT", `${API}/settings`, { memoryMb: 256 }), 200);
  assert.equal(again.concurrency, 4, "fields left out keep their values");
  assert.equal(again.memoryMb, 256);
  assert.deepEqual(await inTenant(t, loadSettings), again, "what the engine reads");
  const rows = await inTenant(
    t,
    (sql) => sql`select action, before, after from activity where entity_type = 'settings'`,
  );
  assert.equal(rows.length, 2);
  const other = await newTenant();
  assert.equal(
    (await json(await other.owner.call("GET", `${API}/settings`), 200)).concurrency,
    DEFAULT_SETTINGS.concurrency,
    "settings are per tenant",
  );
});

itest(
  "settings: private addresses, bad hosts, strangers and out-of-range values are refused",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const stranger = await other.member(["member"]);
    for (
      const host of [
        "10.0.0.1",
        "127.0.0.1:80",
        "169.254.169.254",
        "[::1]",
        "[fd00::1]:443",
        "localhost",
        "0.0.0.0",
        "192.168.1.20",
      ]
    ) {
      const body = await problem(
        await t.owner.call("PUT", `${API}/settings`, { allowlist: [host] }),
        400,
      );
      assert.equal(body.errors[0].path, "allowlist.0", host);
    }
    const why = await problem(
      await t.owner.call("PUT", `${API}/settings`, { allowlist: ["ok.example.com", "10.1.2.3"] }),
      400,
    );
    assert.equal(why.errors[0].path, "allowlist.1");
    assert.match(why.errors[0].message, /private address/);
    for (const host of ["*", "*.com", "exa mple.com", "a..b", "host:99999", "*.*.example.com"]) {
      await problem(await t.owner.call("PUT", `${API}/settings`, { allowlist: [host] }), 400);
    }
    const bad = await problem(
      await t.owner.call("PUT", `${API}/settings`, { recipients: [stranger.id] }),
      400,
    );
    assert.equal(bad.errors[0].path, "recipients.0");
    await problem(await t.owner.call("PUT", `${API}/settings`, { concurrency: 0 }), 400);
    await problem(await t.owner.call("PUT", `${API}/settings`, { memoryMb: 100000 }), 400);
    await problem(await t.owner.call("PUT", `${API}/settings`, { unknown: 1 }), 400);
    await problem(await t.owner.call("PUT", `${API}/settings`, { recipients: ["x"] }), 400);
    const member = await t.member(["member"]);
    await problem(await member.call("PUT", `${API}/settings`, { concurrency: 3 }), 403);
    assert.deepEqual(
      await json(await t.owner.call("GET", `${API}/settings`), 200),
      DEFAULT_SETTINGS,
    );
  },
);

itest("settings: allowlist entries", () => {
  assert.deepEqual(checkAllowEntry("8.8.8.8"), { ok: true, entry: "8.8.8.8" });
  assert.deepEqual(checkAllowEntry("[2606:4700::1111]:443"), {
    ok: true,
    entry: "[2606:4700::1111]:443",
  });
  assert.equal(checkAllowEntry("[::ffff:127.0.0.1]").ok, false, "IPv4-mapped loopback");
  assert.equal(checkAllowEntry("100.64.0.1").ok, false, "carrier-grade NAT");
  assert.equal(checkAllowEntry("api.localhost").ok, false);
  assert.deepEqual(checkAllowEntry("Example.COM."), { ok: true, entry: "example.com" });
});

itest("settings page: sections, saved with a toast, errors shown and nothing saved", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const page = await browse("/automation/settings", { who: t.owner });
  assert.equal(page.status, 200);
  const html = await page.text();
  for (
    const label of ["Limits", "Network access", "Failure handling", "Notifications", "Retention"]
  ) {
    assert.ok(html.includes(label), label);
  }
  assert.ok(html.includes("Member member"), "members are offered by name");
  assert.ok(!html.includes("automation.settings."), "no raw keys");
  const form = {
    concurrency: "3",
    defaultTimeoutSeconds: "30",
    memoryMb: "128",
    logCapKb: "256",
    failureThreshold: "4",
    backlogThreshold: "50",
    minIntervalSeconds: "10",
    logRetentionDays: "14",
    historyRetentionDays: "90",
    allowlist: "api.example.com\n*.example.org",
    recipients: member.id,
    notifyEmail: "true",
  };
  const ok = await browse("/automation/settings", { who: t.owner, form });
  assert.equal(ok.status, 200);
  assert.match(await ok.text(), /Settings saved/);
  const s = await json(await t.owner.call("GET", `${API}/settings`), 200);
  assert.equal(s.concurrency, 3);
  assert.deepEqual(s.allowlist, ["api.example.com", "*.example.org"]);
  assert.deepEqual(s.recipients, [member.id]);
  const bad = await browse("/automation/settings", {
    who: t.owner,
    form: { ...form, concurrency: "9", allowlist: "10.0.0.1" },
  });
  assert.equal(bad.status, 400);
  assert.match(await bad.text(), /private address/);
  assert.equal((await json(await t.owner.call("GET", `${API}/settings`), 200)).concurrency, 3);
  const tr = await browse("/automation/settings", {
    who: t.owner,
    headers: { "Accept-Language": "tr" },
  });
  assert.match(await tr.text(), /Ağ erişimi/);
  const denied = await browse("/automation/settings", { who: member, form });
  assert.equal(denied.status, 403);
});
