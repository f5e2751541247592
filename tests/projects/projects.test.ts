import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import { addMember, json, MISSING, newProject, newTask } from "./fixtures.ts";

itest("projects: create, list, get, edit with status moves, archive is read-only", async () => {
  const t = await newTenant();
  const p = await newProject(t.owner, { description: "Moon", dueDate: "2030-01-31" });
  assert.equal(p.status, "planlamada");
  assert.equal(p.myRole, "manager");
  assert.equal(p.dueDate, "2030-01-31");
  const list = await json(await t.owner.call("GET", "/api/projects/projects"), 200);
  assert.deepEqual(list.items.map((x: { id: string }) => x.id), [p.id]);
  assert.equal(list.nextCursor, null);

  const base = `/api/projects/projects/${p.id}`;
  const edited = await json(
    await t.owner.call("PATCH", base, { status: "aktif", name: "Ares" }),
    200,
  );
  assert.equal(edited.name, "Ares");
  assert.equal(edited.status, "aktif");
  // planlamada → tamamlandi is not a move; aktif → tamamlandi is.
  const p2 = await newProject(t.owner);
  await problem(
    await t.owner.call("PATCH", `/api/projects/projects/${p2.id}`, { status: "tamamlandi" }),
    422,
  );
  await problem(await t.owner.call("PATCH", base, { startDate: "2031-01-01" }), 422);
  await problem(await t.owner.call("PATCH", base, { name: "" }), 400);
  await problem(await t.owner.call("PATCH", base, { status: "done" }), 400);

  const archived = await json(await t.owner.call("POST", `${base}/archive`), 200);
  assert.equal(archived.archived, true);
  const hidden = await json(await t.owner.call("GET", "/api/projects/projects"), 200);
  assert.ok(!hidden.items.some((x: { id: string }) => x.id === p.id));
  const all = await json(await t.owner.call("GET", "/api/projects/projects?archived=all"), 200);
  assert.ok(all.items.some((x: { id: string }) => x.id === p.id));
  await problem(await t.owner.call("PATCH", base, { name: "Nope" }), 422);
  await problem(
    await t.owner.call("POST", "/api/projects/tasks", { projectId: p.id, title: "x" }),
    422,
  );
  assert.equal((await json(await t.owner.call("GET", base), 200)).name, "Ares");
  await json(await t.owner.call("POST", `${base}/unarchive`), 200);
  await newTask(t.owner, p.id);
});

itest("projects: paging and status filter", async () => {
  const t = await newTenant();
  for (const name of ["a", "b", "c"]) await newProject(t.owner, { name });
  const page1 = await json(await t.owner.call("GET", "/api/projects/projects?limit=2"), 200);
  assert.deepEqual(page1.items.map((x: { name: string }) => x.name), ["c", "b"]);
  const page2 = await json(
    await t.owner.call("GET", `/api/projects/projects?limit=2&cursor=${page1.nextCursor}`),
    200,
  );
  assert.deepEqual(page2.items.map((x: { name: string }) => x.name), ["a"]);
  await problem(await t.owner.call("GET", "/api/projects/projects?cursor=zzz"), 400);
  await problem(await t.owner.call("GET", "/api/projects/projects?status=nope"), 400);
  const active = await json(await t.owner.call("GET", "/api/projects/projects?status=aktif"), 200);
  assert.equal(active.items.length, 0);
});

itest("projects: validation, permissions, membership and other tenants", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const viewer = await a.member(["viewer"]);
  const outsider = await a.member(["member"]);
  await problem(await a.owner.call("POST", "/api/projects/projects", { name: "" }), 400);
  await problem(
    await a.owner.call("POST", "/api/projects/projects", { name: "x", dueDate: "31.01" }),
    400,
  );
  await problem(await viewer.call("POST", "/api/projects/projects", { name: "x" }), 403);
  const p = await newProject(a.owner, { name: "Secret" });
  const base = `/api/projects/projects/${p.id}`;
  // Not a member: the project does not exist for them.
  await problem(await outsider.call("GET", base), 404);
  await problem(await outsider.call("PATCH", base, { name: "Mine" }), 404);
  const theirs = await json(await outsider.call("GET", "/api/projects/projects"), 200);
  assert.equal(theirs.items.length, 0);
  // Another tenant's id is a 404 and the row stays.
  await problem(await b.owner.call("GET", base), 404);
  await problem(await b.owner.call("PATCH", base, { name: "Stolen" }), 404);
  await problem(await b.owner.call("POST", `${base}/archive`), 404);
  await problem(await a.owner.call("GET", `/api/projects/projects/${MISSING}`), 404);
  await problem(await a.owner.call("GET", "/api/projects/projects/not-a-uuid"), 400);
  const still = await json(await a.owner.call("GET", base), 200);
  assert.equal(still.name, "Secret");
  assert.equal(still.archived, false);

  // A project viewer reads but may not write.
  await addMember(a.owner, p.id, viewer.id, "viewer");
  assert.equal((await json(await viewer.call("GET", base), 200)).myRole, "viewer");
  await problem(await viewer.call("PATCH", base, { name: "V" }), 403);
  // A project member (tenant member role) may work tasks but not edit the project.
  await addMember(a.owner, p.id, outsider.id, "member");
  await problem(await outsider.call("PATCH", base, { name: "M" }), 403);
  await problem(await outsider.call("POST", `${base}/archive`), 403);
  await newTask(outsider, p.id);
});

itest("projects: members add, change, remove; last manager stays", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const m = await a.member(["member"]);
  const stranger = await b.member(["member"]);
  const p = await newProject(a.owner);
  const base = `/api/projects/projects/${p.id}/members`;
  const added = await addMember(a.owner, p.id, m.id, "member");
  assert.equal(added.role, "member");
  await problem(await a.owner.call("POST", base, { userId: m.id, role: "member" }), 409);
  await problem(await a.owner.call("POST", base, { userId: m.id, role: "boss" }), 400);
  await problem(await a.owner.call("POST", base, { userId: stranger.id, role: "member" }), 422);
  await problem(await m.call("POST", base, { userId: a.owner.id, role: "viewer" }), 403);
  await problem(await b.owner.call("GET", base), 404);
  await problem(await b.owner.call("DELETE", `${base}/${m.id}`), 404);

  const list = await json(await m.call("GET", base), 200);
  assert.deepEqual(list.items.map((x: { role: string }) => x.role).sort(), ["manager", "member"]);
  const changed = await json(
    await a.owner.call("PATCH", `${base}/${m.id}`, { role: "manager" }),
    200,
  );
  assert.equal(changed.role, "manager");
  await json(await a.owner.call("PATCH", `${base}/${a.owner.id}`, { role: "viewer" }), 200);
  // m is now the only manager.
  await problem(await m.call("PATCH", `${base}/${m.id}`, { role: "member" }), 422);
  await problem(await m.call("DELETE", `${base}/${m.id}`), 422);
  await problem(await m.call("DELETE", `${base}/${MISSING}`), 404);
  const res = await m.call("DELETE", `${base}/${a.owner.id}`);
  assert.equal(res.status, 204);
  const after = await json(await m.call("GET", base), 200);
  assert.deepEqual(after.items.map((x: { userId: string }) => x.userId), [m.id]);
});
