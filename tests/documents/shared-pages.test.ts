import assert from "node:assert/strict";
import { itest, newTenant } from "../helpers.ts";
import { browse, mkdir, uploadOne } from "./helpers.ts";

const XSS = `<img src=x onerror=alert(1)>`;

itest(
  "documents pages: share a folder from the files page; 'Shared with me' lists it",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const member = await t.member(["member"]);
    const dir = await mkdir(t.owner, `Ortak ${XSS}`);
    const inner = await uploadOne(t.owner, "içerik.txt", "x", dir.id);
    const file = await uploadOne(t.owner, "rapor.txt", "r");

    // The folder view offers the share dialog (no file open).
    const view = await (await browse(t.owner.token, `/documents/files?folder=${dir.id}`)).text();
    assert.match(view, new RegExp(`action="/documents/folders/${dir.id}/share"`));
    assert.doesNotMatch(view, /<img src=x/, "names are escaped");

    const shared = await browse(t.owner.token, `/documents/folders/${dir.id}/share`, {
      form: { kind: "user", userId: member.id, back: `/documents/files?folder=${dir.id}` },
      htmx: true,
    });
    assert.equal(shared.status, 200);
    assert.match(await shared.text(), /id="docs-panel"/);
    const pub = await browse(t.owner.token, `/documents/folders/${dir.id}/share`, {
      form: { kind: "public", expiresAt: "2999-01-01" },
    });
    const pubHtml = await pub.text();
    const link = /value="(http[^"]*\/s\/[^"]+)"/.exec(pubHtml)?.[1];
    assert.ok(link, "the new public link is shown");
    const publicPage = await browse("", new URL(link).pathname);
    assert.equal(publicPage.status, 200);
    assert.match(await publicPage.text(), /içerik\.txt/);
    const ok = await t.owner.call("POST", "/api/documents/sharing", {
      targetType: "file",
      targetId: file.id,
      kind: "group",
      principalId: "member",
    });
    assert.equal(ok.status, 201);

    // The member sees both in "Shared with me", with the folder and file links working.
    for (const htmx of [false, true]) {
      const res = await browse(member.token, "/documents/files?view=shared", { htmx });
      const html = await res.text();
      assert.equal(res.status, 200);
      assert.match(html, /rapor\.txt/);
      assert.match(html, /Ortak &lt;img/);
      assert.doesNotMatch(html, /<img src=x/);
      assert.match(html, new RegExp(`href="/documents/files\\?folder=${dir.id}"`));
    }
    const opened = await browse(member.token, `/documents/files?folder=${dir.id}`);
    assert.equal(opened.status, 200);
    assert.match(await opened.text(), /içerik\.txt/);
    assert.ok(inner.id);
    // The owner's own shares are not "shared with me"; another tenant sees nothing.
    const own = await (await browse(t.owner.token, "/documents/files?view=shared")).text();
    assert.doesNotMatch(own, /rapor\.txt/);
    const theirs = await (await browse(other.owner.token, "/documents/files?view=shared")).text();
    assert.doesNotMatch(theirs, /rapor\.txt|Ortak/);
    assert.match(theirs, /Nothing is shared with you yet/);
  },
);

itest(
  "documents pages: folder share refuses other tenants' users, viewers, unknown folders",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const dir = await mkdir(t.owner, "Gizli");
    const stranger = await other.member(["member"]);
    const back = `/documents/files?folder=${dir.id}`;
    const bad = await browse(t.owner.token, `/documents/folders/${dir.id}/share`, {
      form: { kind: "user", userId: stranger.id, back },
    });
    assert.ok([404, 422].includes(bad.status), `status ${bad.status}`);
    const malformed = await browse(t.owner.token, `/documents/folders/${dir.id}/share`, {
      form: { kind: "user", userId: "not-a-uuid", back },
    });
    assert.equal(malformed.status, 400);
    for (const password of ["abc", "p".repeat(201)]) {
      const res = await browse(t.owner.token, `/documents/folders/${dir.id}/share`, {
        form: { kind: "public", password, back },
      });
      assert.equal(res.status, 400);
    }
    const theirDir = await mkdir(other.owner, "Onların");
    const cross = await browse(t.owner.token, `/documents/folders/${theirDir.id}/share`, {
      form: { kind: "public" },
    });
    assert.equal(cross.status, 404);
    const viewer = await t.member(["viewer"]);
    const denied = await browse(viewer.token, `/documents/folders/${dir.id}/share`, {
      form: { kind: "public" },
    });
    assert.equal(denied.status, 403);
    const list = await (await t.owner.call(
      "GET",
      `/api/documents/sharing?targetType=folder&targetId=${dir.id}`,
    )).json();
    assert.deepEqual(list.items, [], "no share was created");
  },
);
