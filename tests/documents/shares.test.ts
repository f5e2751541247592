import assert from "node:assert/strict";
import { callApp, newTenant, problem } from "../helpers.ts";
import { dtest, mkdir, uploadOne } from "./helpers.ts";

const inDays = (d: number) => new Date(Date.now() + d * 86400_000).toISOString();

dtest("sharing: public link with expiry and password; revoke; access logged", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const f = await uploadOne(t.owner, "Özet.txt", "public bytes");
  const res = await t.owner.call("POST", "/api/documents/sharing", {
    targetType: "file",
    targetId: f.id,
    kind: "public",
    expiresAt: inDays(7),
  });
  assert.equal(res.status, 201);
  const share = await res.json();
  assert.match(share.token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(share.url, `/s/${share.token}`);
  const view = await callApp(`/api/documents/public-share/${share.token}`);
  assert.equal(view.status, 200);
  const body = await view.json();
  assert.deepEqual([body.kind, body.name, body.file.name], ["file", "Özet.txt", "Özet.txt"]);
  const dl = await callApp(`/api/documents/public-share/${share.token}?download=1`);
  assert.equal(await dl.text(), "public bytes");
  assert.match(dl.headers.get("content-disposition")!, /filename\*=UTF-8''%C3%96zet\.txt/);
  const history = await (await t.owner.call("GET", `/api/documents/files/${f.id}/history`)).json();
  const actions = history.items.map((a: { action: string }) => a.action);
  assert.ok(actions.includes("public-download") && actions.includes("public-view"), actions.join());
  const got = await (await t.owner.call("GET", `/api/documents/sharing/${share.id}`)).json();
  assert.equal(got.accessCount, 2);
  assert.equal(got.token, undefined);
  // Other tenants cannot see or revoke it.
  await problem(await other.owner.call("GET", `/api/documents/sharing/${share.id}`), 404);
  await problem(await other.owner.call("DELETE", `/api/documents/sharing/${share.id}`), 404);
  assert.equal((await t.owner.call("DELETE", `/api/documents/sharing/${share.id}`)).status, 204);
  await problem(await callApp(`/api/documents/public-share/${share.token}`), 404);
  await problem(await callApp(`/api/documents/public-share/${"x".repeat(43)}`), 404);
  await problem(await callApp(`/api/documents/public-share/short`), 404);

  const pw = await (await t.owner.call("POST", "/api/documents/sharing", {
    targetType: "file",
    targetId: f.id,
    kind: "public",
    password: "sesame-1",
  })).json();
  await problem(await callApp(`/api/documents/public-share/${pw.token}`), 401);
  await problem(
    await callApp(`/api/documents/public-share/${pw.token}`, {
      headers: { "X-Share-Password": "nope" },
    }),
    401,
  );
  const ok = await callApp(`/api/documents/public-share/${pw.token}?download=1`, {
    headers: { "X-Share-Password": "sesame-1" },
  });
  assert.equal(await ok.text(), "public bytes");
  // Several links per file, each listed with its state.
  const list =
    await (await t.owner.call("GET", `/api/documents/sharing?targetType=file&targetId=${f.id}`))
      .json();
  assert.deepEqual(list.items.map((s: { state: string }) => s.state).sort(), ["active", "revoked"]);
  // Expiry in the past is refused; a link that expired answers 404 like an unknown one.
  await problem(
    await t.owner.call("POST", "/api/documents/sharing", {
      targetType: "file",
      targetId: f.id,
      kind: "public",
      expiresAt: inDays(-1),
    }),
    422,
  );
  const soon = await (await t.owner.call("POST", "/api/documents/sharing", {
    targetType: "file",
    targetId: f.id,
    kind: "public",
    expiresAt: new Date(Date.now() + 1500).toISOString(),
  })).json();
  assert.equal((await callApp(`/api/documents/public-share/${soon.token}`)).status, 200);
  await new Promise((r) => setTimeout(r, 1600));
  await problem(await callApp(`/api/documents/public-share/${soon.token}`), 404);
  // A file in the trash is gone for its links too.
  const link = await (await t.owner.call("POST", "/api/documents/sharing", {
    targetType: "file",
    targetId: f.id,
    kind: "public",
  })).json();
  await t.owner.call("DELETE", `/api/documents/files/${f.id}`);
  await problem(await callApp(`/api/documents/public-share/${link.token}`), 404);
});

dtest("sharing: public folder link lists and serves only its subtree", async () => {
  const t = await newTenant();
  const dir = await mkdir(t.owner, "Shared");
  const sub = await mkdir(t.owner, "Sub", dir.id);
  const inside = await uploadOne(t.owner, "in.txt", "in", sub.id);
  const outside = await uploadOne(t.owner, "out.txt", "out");
  const link = await (await t.owner.call("POST", "/api/documents/sharing", {
    targetType: "folder",
    targetId: dir.id,
    kind: "public",
  })).json();
  const root = await (await callApp(`/api/documents/public-share/${link.token}`)).json();
  assert.deepEqual(root.folders.map((f: { name: string }) => f.name), ["Sub"]);
  const subView =
    await (await callApp(`/api/documents/public-share/${link.token}?folderId=${sub.id}`)).json();
  assert.deepEqual(subView.files.map((f: { name: string }) => f.name), ["in.txt"]);
  const dl = await callApp(
    `/api/documents/public-share/${link.token}?download=1&fileId=${inside.id}`,
  );
  assert.equal(await dl.text(), "in");
  await problem(
    await callApp(`/api/documents/public-share/${link.token}?download=1&fileId=${outside.id}`),
    404,
  );
  await problem(
    await callApp(`/api/documents/public-share/${link.token}?folderId=${crypto.randomUUID()}`),
    404,
  );
});

dtest("sharing: to a user and to a group notifies them and grants access", async () => {
  const t = await newTenant();
  const alice = await t.member(["member"]);
  const bob = await t.member(["agent"]);
  const viewer = await t.member(["viewer"]);
  const secret = await mkdir(t.owner, "Secret");
  await t.owner.call("PUT", `/api/documents/folders/${secret.id}/permissions`, {
    inherit: false,
    entries: [],
  });
  const f = await uploadOne(t.owner, "plan.txt", "p", secret.id);
  await problem(await alice.call("GET", `/api/documents/files/${f.id}`), 404);
  await problem(
    await viewer.call("POST", "/api/documents/sharing", {
      targetType: "file",
      targetId: f.id,
      kind: "user",
      principalId: alice.id,
    }),
    403,
  );
  await problem(
    await t.owner.call("POST", "/api/documents/sharing", {
      targetType: "file",
      targetId: f.id,
      kind: "user",
    }),
    400,
  );
  await problem(
    await t.owner.call("POST", "/api/documents/sharing", {
      targetType: "file",
      targetId: f.id,
      kind: "user",
      principalId: crypto.randomUUID(),
    }),
    422,
  );
  const s = await t.owner.call("POST", "/api/documents/sharing", {
    targetType: "file",
    targetId: f.id,
    kind: "user",
    principalId: alice.id,
  });
  assert.equal(s.status, 201);
  assert.equal((await alice.call("GET", `/api/documents/files/${f.id}`)).status, 200);
  const inbox = await (await alice.call("GET", "/api/notifications")).json();
  assert.match(inbox.items[0].title, /shared “plan\.txt” with you/);
  // Alice may view but not edit (a view share).
  await problem(await alice.call("PATCH", `/api/documents/files/${f.id}`, { name: "x.txt" }), 403);
  // A group share: every member with the role is told and gets access.
  await t.owner.call("POST", "/api/documents/sharing", {
    targetType: "folder",
    targetId: secret.id,
    kind: "group",
    principalId: "agent",
    level: "edit",
  });
  assert.equal((await bob.call("GET", `/api/documents/files/${f.id}`)).status, 200);
  assert.equal(
    (await bob.call("PATCH", `/api/documents/files/${f.id}`, { name: "plan2.txt" })).status,
    200,
  );
  const bobInbox = await (await bob.call("GET", "/api/notifications")).json();
  assert.equal(bobInbox.items.length, 1);
});
