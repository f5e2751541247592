import assert from "node:assert/strict";
import { newTenant, problem } from "../helpers.ts";
import { dtest, mkdir, uploadOne } from "./helpers.ts";

dtest("audit: every operation is recorded; filters; per-user report; stats", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const member = await t.member(["member"]);
  const dir = await mkdir(t.owner, "Docs");
  const f = await uploadOne(member, "m.txt", "member bytes");
  await uploadOne(t.owner, "big.bin", new Uint8Array(5000));
  await member.call("GET", `/api/documents/files/${f.id}/download`);
  await member.call("PATCH", `/api/documents/files/${f.id}`, { folderId: dir.id });
  await member.call("PATCH", `/api/documents/files/${f.id}`, { name: "n.txt" });
  await member.call("DELETE", `/api/documents/files/${f.id}`);
  await member.call("POST", `/api/documents/trash/${f.id}/restore`);
  const all = await (await t.owner.call("GET", `/api/documents/audit?file=${f.id}`)).json();
  assert.deepEqual(all.items.map((a: { action: string }) => a.action).reverse(), [
    "uploaded",
    "downloaded",
    "moved",
    "renamed",
    "deleted",
    "restored",
  ]);
  const mine =
    await (await t.owner.call("GET", `/api/documents/audit?user=${member.id}&action=downloaded`))
      .json();
  assert.equal(mine.items.length, 1);
  const viewer = await t.member(["viewer"]);
  assert.equal((await viewer.call("GET", "/api/documents/audit")).status, 200);
  const nobody = await t.member([]);
  await problem(await nobody.call("GET", "/api/documents/audit"), 403);
  await problem(await nobody.call("GET", "/api/documents/stats"), 403);
  await problem(await nobody.call("GET", `/api/documents/activity?user=${member.id}`), 403);
  await problem(await t.owner.call("GET", "/api/documents/audit?user=bad"), 400);
  await problem(await t.owner.call("GET", "/api/documents/audit?from=nope"), 400);
  const report = await (await t.owner.call("GET", `/api/documents/activity?user=${member.id}`))
    .json();
  const counts = Object.fromEntries(
    report.counts.map((c: { action: string; count: number }) => [c.action, c.count]),
  );
  assert.equal(counts.uploaded, 1);
  assert.equal(counts.downloaded, 1);
  await problem(await t.owner.call("GET", "/api/documents/activity"), 400);
  const otherAudit = await (await other.owner.call("GET", `/api/documents/audit?file=${f.id}`))
    .json();
  assert.deepEqual(otherAudit.items, []);
  const stats = await (await t.owner.call("GET", "/api/documents/stats")).json();
  assert.equal(stats.files, 2);
  assert.equal(stats.folders, 1);
  assert.equal(stats.usedBytes, 5000 + 12);
  assert.equal(stats.largest[0].name, "big.bin");
  assert.ok(
    stats.perUser.some((u: { userId: string; bytes: number }) =>
      u.userId === member.id && u.bytes === 12
    ),
  );
  assert.ok(stats.byType.some((b: { type: string }) => b.type === "text"));
  assert.ok(stats.recentActivity.length > 0);
});

dtest("bulk: move, delete, restore, and download as a zip", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const dir = await mkdir(t.owner, "Target");
  const a = await uploadOne(t.owner, "a.txt", "aaa");
  const b = await uploadOne(t.owner, "b.txt", "bbb");
  const foreign = await uploadOne(other.owner, "c.txt", "ccc");
  const moved = await (await t.owner.call("POST", "/api/documents/files/bulk", {
    action: "move",
    ids: [a.id, b.id, foreign.id],
    folderId: dir.id,
  })).json();
  assert.deepEqual(moved.done, [a.id, b.id]);
  assert.deepEqual(moved.failed.map((f: { status: number }) => f.status), [404]);
  const zip = await t.owner.call("POST", "/api/documents/files/bulk", {
    action: "download",
    ids: [a.id, b.id],
  });
  assert.equal(zip.status, 200);
  assert.equal(zip.headers.get("content-type"), "application/zip");
  const bytes = new Uint8Array(await zip.arrayBuffer());
  assert.deepEqual([...bytes.slice(0, 4)], [0x50, 0x4b, 0x03, 0x04]);
  assert.ok(new TextDecoder().decode(bytes).includes("a.txt"));
  await problem(
    await t.owner.call("POST", "/api/documents/files/bulk", {
      action: "download",
      ids: [foreign.id],
    }),
    404,
  );
  const del = await (await t.owner.call("POST", "/api/documents/files/bulk", {
    action: "delete",
    ids: [a.id, b.id],
  })).json();
  assert.deepEqual(del.done, [a.id, b.id]);
  const res = await (await t.owner.call("POST", "/api/documents/files/bulk", {
    action: "restore",
    ids: [a.id, b.id],
  })).json();
  assert.deepEqual(res.done, [a.id, b.id]);
  await problem(
    await t.owner.call("POST", "/api/documents/files/bulk", { action: "explode", ids: [a.id] }),
    400,
  );
  await problem(
    await t.owner.call("POST", "/api/documents/files/bulk", { action: "move", ids: [] }),
    400,
  );
  const viewer = await t.member(["viewer"]);
  const denied = await (await viewer.call("POST", "/api/documents/files/bulk", {
    action: "delete",
    ids: [a.id],
  })).json();
  assert.deepEqual(denied.failed.map((f: { status: number }) => f.status), [403]);
  assert.equal(
    (await (await t.owner.call("GET", `/api/documents/files/${a.id}`)).json()).deletedAt,
    null,
  );
});
