import assert from "node:assert/strict";
import { newTenant, problem, testApp } from "../helpers.ts";
import { dtest, mkdir, tenantObjects, uploadOne } from "./helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { documentsJobs } from "../../modules/documents/storage/maintenance.service.ts";
import { cleanOrphans } from "../../modules/documents/storage/maintenance.service.ts";
import { newKey } from "../../modules/documents/storage/storage.lib.ts";

const settle = () => new Promise((r) => setTimeout(r, 50));

dtest("trash: life cycle — delete, list, restore, permanent delete, empty", async (storage) => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const viewer = await t.member(["viewer"]);
  const f = await uploadOne(t.owner, "a.txt", "a");
  const g = await uploadOne(t.owner, "b.txt", "b");
  const dir = await mkdir(t.owner, "D");
  await uploadOne(t.owner, "c.txt", "c", dir.id);
  await t.owner.call("DELETE", `/api/documents/files/${f.id}`);
  await t.owner.call("DELETE", `/api/documents/files/${g.id}`);
  await t.owner.call("DELETE", `/api/documents/folders/${dir.id}`);
  await problem(await viewer.call("GET", "/api/documents/trash"), 403);
  // Members see their own deletions and what they could edit.
  const page = await (await t.owner.call("GET", "/api/documents/trash?limit=2")).json();
  assert.equal(page.items.length, 2);
  const rest = await (await t.owner.call("GET", `/api/documents/trash?cursor=${page.nextCursor}`))
    .json();
  assert.equal(rest.items.length, 1);
  await problem(await t.owner.call("GET", "/api/documents/trash?cursor=nonsense"), 400);
  assert.equal((await t.owner.call("POST", `/api/documents/trash/${f.id}/restore`)).status, 200);
  await problem(await t.owner.call("POST", `/api/documents/trash/${f.id}/restore`), 404);
  await problem(await t.owner.call("POST", "/api/documents/trash/bad/restore"), 400);
  assert.equal((await t.owner.call("DELETE", `/api/documents/trash/${g.id}`)).status, 204);
  await problem(await t.owner.call("DELETE", `/api/documents/trash/${g.id}`), 404);
  await settle();
  assert.equal((await tenantObjects(storage, t.id)).length, 2);
  await problem(await member.call("DELETE", "/api/documents/trash/" + crypto.randomUUID()), 404);
  const emptied = await (await t.owner.call("DELETE", "/api/documents/trash")).json();
  assert.equal(emptied.purged, 1);
  await settle();
  assert.equal((await tenantObjects(storage, t.id)).length, 1);
  const audit = await (await t.owner.call("GET", "/api/documents/audit?action=purged")).json();
  assert.equal(audit.items.length, 2);
});

dtest(
  "trash: the retention job purges old items; the orphan job removes stray bytes",
  async (storage) => {
    const t = await newTenant();
    const { platform } = await testApp();
    const old = await uploadOne(t.owner, "old.txt", "o");
    const young = await uploadOne(t.owner, "young.txt", "y");
    await t.owner.call("DELETE", `/api/documents/files/${old.id}`);
    await t.owner.call("DELETE", `/api/documents/files/${young.id}`);
    const scoped = <T>(fn: (tx: import("../../shared/db/database.ts").Sql) => Promise<T>) =>
      withScope(platform.db.sql, { tenantId: t.id }, fn);
    await scoped((tx) =>
      tx`update doc_files set deleted_at = now() - interval '40 days' where id = ${old.id}`
    );
    const job = documentsJobs.find((j) => j.name === "documents.trash-retention")!;
    const lines: string[] = [];
    await job.handler({
      tenantId: t.id,
      scoped,
      log: (l: string) => lines.push(l),
    } as never);
    assert.deepEqual(lines, ["purged 1 trash items"]);
    const trash = (await (await t.owner.call("GET", "/api/documents/trash")).json()).items;
    assert.deepEqual(trash.map((i: { name: string }) => i.name), ["young.txt"]);
    await settle();
    // A stray object (as after a crash between storing and recording) goes; known ones stay.
    const stray = newKey(t.id);
    await storage.put(stray, new Blob(["stray"]).stream());
    assert.equal(
      await cleanOrphans({ scoped }, { tenantId: t.id, before: new Date(Date.now() + 60_000) }),
      1,
    );
    const left = await tenantObjects(storage, t.id);
    assert.equal(left.length, 1);
    assert.ok(!left.includes(stray));
  },
);
