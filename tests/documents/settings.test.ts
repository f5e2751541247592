import assert from "node:assert/strict";
import { itest, newTenant } from "../helpers.ts";
import { browse } from "./helpers.ts";

const MiB = 1024 * 1024;
const form = {
  quotaMiB: "2048",
  maxFileMiB: "100",
  versionLimit: "7",
  retentionDays: "14",
  notifyOnAccess: "true",
};

itest("documents settings page: admins see and change the limits; others get 403", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const page = await browse(t.owner.token, "/documents/settings");
  const html = await page.text();
  assert.equal(page.status, 200);
  assert.match(html, /name="quotaMiB"/);
  assert.match(html, /href="\/documents\/settings"/, "menu entry");
  assert.doesNotMatch(html, /style="/);

  const saved = await browse(t.owner.token, "/documents/settings", { form });
  assert.equal(saved.status, 303);
  const s = await (await t.owner.call("GET", "/api/documents/settings")).json();
  assert.deepEqual(s, {
    quotaBytes: 2048 * MiB,
    maxFileBytes: 100 * MiB,
    versionLimit: 7,
    retentionDays: 14,
    notifyOnAccess: true,
  });
  // Unchecking the box turns the notification off; htmx gets the panel back.
  const { notifyOnAccess: _, ...off } = form;
  const partial = await browse(t.owner.token, "/documents/settings", { form: off, htmx: true });
  assert.ok([200, 303].includes(partial.status));
  const after = await (await t.owner.call("GET", "/api/documents/settings")).json();
  assert.equal(after.notifyOnAccess, false);
  const audit = await (await t.owner.call("GET", "/api/documents/audit?action=updated")).json();
  assert.ok(audit.items.some((a: { entityType: string }) => a.entityType === "settings"));
  // Another tenant's settings did not move.
  const theirs = await (await other.owner.call("GET", "/api/documents/settings")).json();
  assert.notEqual(theirs.versionLimit, 7);

  const member = await t.member(["member"]);
  assert.equal((await browse(member.token, "/documents/settings")).status, 403);
  assert.equal((await browse(member.token, "/documents/settings", { form })).status, 403);
  const memberHome = await (await browse(member.token, "/documents")).text();
  assert.doesNotMatch(memberHome, /href="\/documents\/settings"/);
});

itest("documents settings page: bad numbers answer 400 and change nothing", async () => {
  const t = await newTenant();
  const before = await (await t.owner.call("GET", "/api/documents/settings")).json();
  for (
    const bad of [
      { ...form, versionLimit: "0" },
      { ...form, retentionDays: "abc" },
      { ...form, maxFileMiB: "-5" },
      { ...form, quotaMiB: "1e400" },
    ]
  ) {
    const res = await browse(t.owner.token, "/documents/settings", { form: bad });
    assert.equal(res.status, 400, JSON.stringify(bad));
    assert.match(await res.text(), /class="alert error"/);
  }
  const after = await (await t.owner.call("GET", "/api/documents/settings")).json();
  assert.deepEqual(after, before);
});
