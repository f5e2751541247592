import assert from "node:assert/strict";
import { itest, newTenant } from "../helpers.ts";
import { browse, mkdir, uploadOne, useBackend } from "./helpers.ts";

/** A folder only its owner may see, with one file in it; and one open file. */
async function setup() {
  await useBackend("local");
  const t = await newTenant();
  const member = await t.member(["member"]);
  const dir = await mkdir(t.owner, "Gizli-klasör");
  const put = await t.owner.call("PUT", `/api/documents/folders/${dir.id}/permissions`, {
    inherit: false,
    entries: [{ principalType: "user", principalId: t.owner.id, level: "manage" }],
  });
  assert.equal(put.status, 200);
  const secret = await uploadOne(t.owner, "maaş-bordrosu.txt", "x".repeat(5000), dir.id);
  const open = await uploadOne(t.owner, "duyuru.txt", "herkes");
  return { t, member, dir, secret, open };
}

itest("documents audit, stats and activity leave out what the caller may not see", async () => {
  const { t, member, secret } = await setup();
  const audit = await (await member.call("GET", "/api/documents/audit")).json();
  const text = JSON.stringify(audit.items);
  assert.match(text, /duyuru\.txt/, "open files stay in the log");
  assert.doesNotMatch(text, /maaş|Gizli/);
  const byFile = await (await member.call("GET", `/api/documents/audit?file=${secret.id}`)).json();
  assert.deepEqual(byFile.items, []);
  const ownerLog = await (await t.owner.call("GET", "/api/documents/audit")).json();
  assert.match(JSON.stringify(ownerLog.items), /maaş-bordrosu\.txt/);

  const stats = await (await member.call("GET", "/api/documents/stats")).json();
  assert.doesNotMatch(JSON.stringify([stats.largest, stats.recentActivity]), /maaş|Gizli/);
  assert.ok(stats.largest.some((f: { name: string }) => f.name === "duyuru.txt"));
  const ownerStats = await (await t.owner.call("GET", "/api/documents/stats")).json();
  assert.equal(ownerStats.largest[0].name, "maaş-bordrosu.txt");

  const report = await member.call("GET", `/api/documents/activity?user=${t.owner.id}`);
  assert.doesNotMatch(await report.text(), /maaş|Gizli/);

  for (const path of ["/documents/activity", "/documents"]) {
    const html = await (await browse(member.token, path)).text();
    assert.match(html, /duyuru\.txt/, path);
    assert.doesNotMatch(html, /maaş|Gizli/, path);
    const ownerHtml = await (await browse(t.owner.token, path)).text();
    assert.match(ownerHtml, /maaş-bordrosu\.txt/, path);
  }
  const partial = await browse(member.token, "/documents/activity?part=items", { htmx: true });
  assert.doesNotMatch(await partial.text(), /maaş|Gizli/);
});
