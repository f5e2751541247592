import assert from "node:assert/strict";
import { newTenant, problem } from "../helpers.ts";
import { dtest, mkdir, upload, uploadOne } from "./helpers.ts";

dtest("folders: tree, rename, move, not into itself, 404 across tenants", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const a = await mkdir(t.owner, "A");
  const b = await mkdir(t.owner, "B", a.id);
  const c = await mkdir(t.owner, "C", b.id);
  const tree = (await (await t.owner.call("GET", "/api/documents/folders")).json()).items;
  assert.deepEqual(tree.map((f: { name: string }) => f.name), ["A", "B", "C"]);
  assert.equal(tree[1].parentId, a.id);
  await problem(
    await t.owner.call("PATCH", `/api/documents/folders/${a.id}`, { parentId: c.id }),
    422,
  );
  await problem(
    await t.owner.call("PATCH", `/api/documents/folders/${a.id}`, { parentId: a.id }),
    422,
  );
  await problem(await t.owner.call("PATCH", `/api/documents/folders/${a.id}`, {}), 400);
  await problem(await t.owner.call("POST", "/api/documents/folders", { name: "" }), 400);
  await problem(
    await t.owner.call("POST", "/api/documents/folders", { name: "x", parentId: "nope" }),
    400,
  );
  const moved = await t.owner.call("PATCH", `/api/documents/folders/${c.id}`, {
    parentId: null,
    name: "C2",
  });
  assert.equal(moved.status, 200);
  assert.deepEqual(await moved.json().then((j) => [j.parentId, j.name]), [null, "C2"]);
  for (
    const [method, path, body] of [
      ["GET", `/api/documents/folders/${a.id}`],
      ["PATCH", `/api/documents/folders/${a.id}`, { name: "hacked" }],
      ["DELETE", `/api/documents/folders/${a.id}`],
      ["GET", `/api/documents/folders/${a.id}/permissions`],
      ["PUT", `/api/documents/folders/${a.id}/permissions`, { inherit: true, entries: [] }],
      ["POST", "/api/documents/folders", { name: "x", parentId: a.id }],
    ] as [string, string, unknown?][]
  ) {
    await problem(await other.owner.call(method, path, body), 404);
  }
  assert.equal(
    (await (await t.owner.call("GET", `/api/documents/folders/${a.id}`)).json()).name,
    "A",
  );
  const viewer = await t.member(["viewer"]);
  await problem(await viewer.call("POST", "/api/documents/folders", { name: "v" }), 403);
  await problem(await viewer.call("DELETE", `/api/documents/folders/${a.id}`), 403);
});

dtest("folders: permissions inherit down the tree unless broken; owners see all", async () => {
  const t = await newTenant();
  const alice = await t.member(["member"]);
  const bob = await t.member(["member"]);
  const hr = await mkdir(t.owner, "HR");
  const inner = await mkdir(t.owner, "Payroll", hr.id);
  const open = await mkdir(t.owner, "Open", inner.id);
  const f = await uploadOne(t.owner, "salaries.csv", "x", inner.id);
  // Before any entry everyone with the role sees everything.
  assert.equal((await bob.call("GET", `/api/documents/files/${f.id}`)).status, 200);
  const put = await t.owner.call("PUT", `/api/documents/folders/${hr.id}/permissions`, {
    inherit: true,
    entries: [{ principalType: "user", principalId: alice.id, level: "edit" }],
  });
  assert.equal(put.status, 200);
  // Inherited: Alice sees the file below, Bob does not (404, not 403: it is invisible).
  assert.equal((await alice.call("GET", `/api/documents/files/${f.id}`)).status, 200);
  await problem(await bob.call("GET", `/api/documents/files/${f.id}`), 404);
  await problem(await bob.call("GET", `/api/documents/files/${f.id}/download`), 404);
  await problem(await upload(bob, [["x.txt", "x"]], inner.id), 404);
  const bobTree = (await (await bob.call("GET", "/api/documents/folders")).json()).items;
  assert.deepEqual(bobTree, []);
  // Alice may edit but not manage permissions.
  await problem(
    await alice.call("PUT", `/api/documents/folders/${inner.id}/permissions`, { entries: [] }),
    403,
  );
  // A folder that breaks inheritance has only its own entries: the role "member" as a group.
  await t.owner.call("PUT", `/api/documents/folders/${open.id}/permissions`, {
    inherit: false,
    entries: [{ principalType: "role", principalId: "member", level: "view" }],
  });
  assert.equal((await bob.call("GET", `/api/documents/folders/${open.id}`)).status, 200);
  await problem(
    await bob.call("POST", "/api/documents/folders", { name: "x", parentId: open.id }),
    403,
  );
  const perms = await (await t.owner.call("GET", `/api/documents/folders/${open.id}/permissions`))
    .json();
  assert.equal(perms.inherit, false);
  assert.equal(perms.entries[0].principalId, "member");
  await problem(
    await t.owner.call("PUT", `/api/documents/folders/${open.id}/permissions`, {
      entries: [{ principalType: "role", principalId: "no-such-role", level: "view" }],
    }),
    422,
  );
  await problem(
    await t.owner.call("PUT", `/api/documents/folders/${open.id}/permissions`, {
      entries: [{ principalType: "team", principalId: "x", level: "view" }],
    }),
    400,
  );
  // The owner sees everything anyway.
  assert.equal((await t.owner.call("GET", `/api/documents/files/${f.id}`)).status, 200);
  // Search respects the same rules.
  const found = await (await bob.call("GET", "/api/documents/search?q=salar")).json();
  assert.deepEqual(found.items, []);
  const aliceFound = await (await alice.call("GET", "/api/documents/search?q=salar")).json();
  assert.equal(aliceFound.items.length, 1);
});

dtest("folders: delete to trash with contents; restore; restore to root when gone", async () => {
  const t = await newTenant();
  const a = await mkdir(t.owner, "A");
  const b = await mkdir(t.owner, "B", a.id);
  const f1 = await uploadOne(t.owner, "one.txt", "1", b.id);
  const f2 = await uploadOne(t.owner, "two.txt", "2", b.id);
  // two.txt goes to the trash alone first, then its folder's parent A with everything.
  assert.equal((await t.owner.call("DELETE", `/api/documents/files/${f2.id}`)).status, 204);
  assert.equal((await t.owner.call("DELETE", `/api/documents/folders/${a.id}`)).status, 204);
  await problem(await t.owner.call("GET", `/api/documents/files/${f1.id}`), 404);
  const trash = (await (await t.owner.call("GET", "/api/documents/trash")).json()).items;
  assert.deepEqual(trash.map((i: { name: string; kind: string }) => `${i.kind}:${i.name}`), [
    "folder:A",
    "file:two.txt",
  ]);
  assert.equal(trash[0].itemCount, 1);
  // Its folder B is in the trash (with A): two.txt comes back to the root, and says so.
  const r = await (await t.owner.call("POST", `/api/documents/trash/${f2.id}/restore`)).json();
  assert.deepEqual([r.folderId, r.movedToRoot], [null, true]);
  const back = await (await t.owner.call("POST", `/api/documents/trash/${a.id}/restore`)).json();
  assert.deepEqual([back.folderId, back.movedToRoot], [null, false]);
  assert.equal(
    (await (await t.owner.call("GET", `/api/documents/files/${f1.id}`)).json()).folderId,
    b.id,
  );
  await problem(await t.owner.call("POST", `/api/documents/trash/${a.id}/restore`), 404);
});
