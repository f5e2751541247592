import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import { addMember, json, newProject, newTask } from "./fixtures.ts";

function upload(name: string, text: string) {
  const form = new FormData();
  form.append("file", new File([text], name, { type: "text/plain" }));
  return form;
}

itest("attachments: upload, list, download, delete with membership rules", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const viewer = await a.member(["member"]);
  const outsider = await a.member(["member"]);
  const p = await newProject(a.owner);
  await addMember(a.owner, p.id, viewer.id, "viewer");
  const task = await newTask(a.owner, p.id);
  const url = `/api/projects/tasks/${task.id}/attachments`;
  const post = (who: typeof viewer, body: BodyInit) =>
    fetchApp(who.token, url, { method: "POST", body });

  const stored = await json(await post(a.owner, upload("notes.txt", "hello")), 201);
  assert.equal(stored.items[0].name, "notes.txt");
  assert.equal(stored.items[0].size, 5);
  const list = await json(await viewer.call("GET", url), 200);
  assert.deepEqual(list.items.map((f: { name: string }) => f.name), ["notes.txt"]);
  const fileId = list.items[0].id;
  const dl = await viewer.call("GET", `${url}/${fileId}`);
  assert.equal(dl.status, 200);
  assert.equal(await dl.text(), "hello");
  assert.match(dl.headers.get("content-disposition")!, /attachment/);

  await problem(await post(viewer, upload("v.txt", "v")), 403);
  await problem(await post(outsider, upload("o.txt", "o")), 404);
  await problem(await post(b.owner, upload("b.txt", "b")), 404);
  await problem(await fetchApp(a.owner.token, url, { method: "POST", body: "plain" }), 400);
  await problem(
    await fetchApp(a.owner.token, `/api/projects/tasks/nope/attachments`, {
      method: "POST",
      body: upload("x.txt", "x"),
    }),
    400,
  );
  await problem(await outsider.call("GET", url), 404);
  await problem(await outsider.call("GET", `${url}/${fileId}`), 404);
  await problem(await b.owner.call("GET", `${url}/${fileId}`), 404);
  await problem(await viewer.call("DELETE", `${url}/${fileId}`), 403);
  await problem(await b.owner.call("DELETE", `${url}/${fileId}`), 404);
  assert.equal((await json(await a.owner.call("GET", url), 200)).items.length, 1);
  assert.equal((await a.owner.call("DELETE", `${url}/${fileId}`)).status, 204);
  await problem(await a.owner.call("DELETE", `${url}/${fileId}`), 404);
  assert.equal((await json(await a.owner.call("GET", url), 200)).items.length, 0);
  const feed = await json(
    await a.owner.call("GET", `/api/projects/projects/${p.id}/activity`),
    200,
  );
  assert.ok(feed.items.some((x: { action: string }) => x.action === "attached"));
});

async function fetchApp(token: string, path: string, init: RequestInit) {
  const { testApp } = await import("../helpers.ts");
  const { app } = await testApp();
  return await app.request(path, {
    ...init,
    headers: { Authorization: `Bearer ${token}` },
  });
}
