import assert from "node:assert/strict";
import { itest, newTenant, testApp } from "../helpers.ts";
import { mkdir, uploadOne, useBackend } from "./helpers.ts";

itest(
  "documents shares of a parent folder do not open a subfolder that breaks inheritance",
  async () => {
    await useBackend("local");
    const { app } = await testApp();
    const t = await newTenant();
    const member = await t.member(["member"]);
    // An open folder the member may edit, with a subfolder closed to everyone but the owner.
    const open = await mkdir(t.owner, "Projeler");
    const closed = await mkdir(t.owner, "Gizli", open.id);
    const put = await t.owner.call("PUT", `/api/documents/folders/${closed.id}/permissions`, {
      inherit: false,
      entries: [{ principalType: "user", principalId: t.owner.id, level: "manage" }],
    });
    assert.equal(put.status, 200);
    const secret = await uploadOne(t.owner, "plan.txt", "secret", closed.id);
    assert.equal((await member.call("GET", `/api/documents/files/${secret.id}`)).status, 404);

    // The member shares the open parent with their own role, and publicly.
    const group = await member.call("POST", "/api/documents/sharing", {
      targetType: "folder",
      targetId: open.id,
      kind: "group",
      principalId: "member",
    });
    assert.equal(group.status, 201);
    assert.equal((await member.call("GET", `/api/documents/files/${secret.id}`)).status, 404);
    assert.equal(
      (await member.call("GET", `/api/documents/files?folderId=${closed.id}`)).status,
      404,
    );
    const pub = await member.call("POST", "/api/documents/sharing", {
      targetType: "folder",
      targetId: open.id,
      kind: "public",
    });
    const { token } = await pub.json();
    const listing = await (await app.request(`/api/documents/public-share/${token}`)).json();
    assert.deepEqual(listing.folders, [], "the closed subfolder is not listed");
    const inside = await app.request(
      `/api/documents/public-share/${token}?folderId=${closed.id}`,
    );
    assert.equal(inside.status, 404);
    await inside.body?.cancel();
    const file = await app.request(
      `/api/documents/public-share/${token}?fileId=${secret.id}&download=1`,
    );
    assert.equal(file.status, 404);
    await file.body?.cancel();
    // The owner still sees everything.
    assert.equal((await t.owner.call("GET", `/api/documents/files/${secret.id}`)).status, 200);
  },
);
