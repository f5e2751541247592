import assert from "node:assert/strict";
import { newTenant, testApp } from "../helpers.ts";
import { browse, dtest, mkdir, uploadOne } from "./helpers.ts";

dtest("pages: dashboard, files, folders, trash, activity, notifications render", async () => {
  const t = await newTenant();
  const dir = await mkdir(t.owner, "Sözleşmeler");
  const f = await uploadOne(t.owner, "teklif.pdf", "%PDF-1.4", dir.id);
  for (
    const path of [
      "/documents",
      "/documents/files",
      `/documents/files?folder=${dir.id}&file=${f.id}`,
      "/documents/folders",
      "/documents/trash",
      "/documents/activity",
      "/documents/notifications",
      `/documents/folders/${dir.id}/permissions`,
      "/documents/files?q=TEKLIF",
    ]
  ) {
    const res = await browse(t.owner.token, path);
    const html = await res.text();
    assert.equal(res.status, 200, `${path}: ${html.slice(0, 300)}`);
    assert.doesNotMatch(html, /style="/, `${path}: no inline styles`);
    assert.doesNotMatch(html, /<script>(?!<\/script>)/, `${path}: no inline script`);
  }
  const files =
    await (await browse(t.owner.token, `/documents/files?folder=${dir.id}&file=${f.id}`)).text();
  assert.match(files, /teklif\.pdf/);
  assert.match(files, /id="docs-panel"/);
  assert.match(files, /Sözleşmeler/);
  assert.match(files, /\/api\/documents\/files\/[0-9a-f-]+\/preview/);
  const search = await (await browse(t.owner.token, "/documents/files?q=TEKLIF")).text();
  assert.match(search, /teklif\.pdf/);
  const empty = await (await browse(t.owner.token, "/documents/trash")).text();
  assert.match(empty, /The trash is empty/);
  const viewer = await t.member(["viewer"]);
  assert.equal((await browse(viewer.token, "/documents/trash")).status, 403);
  assert.equal((await browse(t.owner.token, "/documents/files?folder=nope")).status, 404);
  const other = await newTenant();
  assert.equal((await browse(other.owner.token, `/documents/files?folder=${dir.id}`)).status, 404);
});

dtest("pages: forms create, rename, move, delete, restore and share (htmx and plain)", async () => {
  const t = await newTenant();
  const created = await browse(t.owner.token, "/documents/folders/new", {
    form: { name: "Faturalar", back: "/documents/files" },
  });
  assert.equal(created.status, 303);
  assert.equal(created.headers.get("location"), "/documents/files");
  const dup = await browse(t.owner.token, "/documents/folders/new", {
    form: { name: "faturalar", back: "/documents/files" },
    htmx: true,
  });
  assert.equal(dup.status, 409);
  assert.match(await dup.text(), /class="alert error"/);
  const tree = (await (await t.owner.call("GET", "/api/documents/folders")).json()).items;
  const f = await uploadOne(t.owner, "a.txt", "a");
  const back = `/documents/files?file=${f.id}`;
  assert.equal(
    (await browse(t.owner.token, `/documents/files/${f.id}/rename`, {
      form: { name: "b.txt", back },
    })).status,
    303,
  );
  assert.equal(
    (await browse(t.owner.token, `/documents/files/${f.id}/move`, {
      form: { folderId: tree[0].id, back },
    })).status,
    303,
  );
  const meta = await (await t.owner.call("GET", `/api/documents/files/${f.id}`)).json();
  assert.deepEqual([meta.name, meta.folderId], ["b.txt", tree[0].id]);
  const shared = await browse(t.owner.token, `/documents/files/${f.id}/share`, {
    form: { kind: "public", expiresAt: "2999-01-01", back },
  });
  assert.equal(shared.status, 200);
  const html = await shared.text();
  const link = /value="(http:\/\/localhost\/s\/[A-Za-z0-9_-]{43})"/.exec(html)?.[1];
  assert.ok(link, "the page shows the new link");
  const pub = await browse("", new URL(link!).pathname);
  assert.match(await pub.text(), /b\.txt/);
  // Off-site "back" values are ignored.
  const evil = await browse(t.owner.token, `/documents/files/${f.id}/delete`, {
    form: { back: "https://evil.example/" },
  });
  assert.equal(evil.headers.get("location"), "/documents/files");
  assert.equal(
    (await browse(t.owner.token, `/documents/trash/${f.id}/restore`, {
      form: { back: "/documents/trash" },
    })).status,
    303,
  );
  assert.equal((await t.owner.call("GET", `/api/documents/files/${f.id}`)).status, 200);
  const bulk = await browse(t.owner.token, "/documents/bulk", {
    form: { ids: [f.id], action: "download", back: "/documents/files" },
  });
  assert.equal(bulk.headers.get("content-type"), "application/zip");
  const zip = new Uint8Array(await bulk.arrayBuffer());
  assert.deepEqual([...zip.slice(0, 2)], [0x50, 0x4b]);
});

dtest("pages: the public page asks for a password and forgets nothing it should not", async () => {
  const t = await newTenant();
  const f = await uploadOne(t.owner, "gizli.txt", "secret");
  const share = await (await t.owner.call("POST", "/api/documents/sharing", {
    targetType: "file",
    targetId: f.id,
    kind: "public",
    password: "açık-susam",
  })).json();
  // The password form is a page (200), never a 401; a wrong password shows it again (422).
  const ask = await browse("", `/s/${share.token}`);
  assert.equal(ask.status, 200);
  const askHtml = await ask.text();
  assert.match(askHtml, /type="password"/);
  assert.doesNotMatch(askHtml, /gizli/);
  const wrong = await browse("", `/s/${share.token}`, { form: { password: "nope" } });
  assert.equal(wrong.status, 422);
  const wrongHtml = await wrong.text();
  assert.match(wrongHtml, /Wrong password/);
  assert.match(wrongHtml, /type="password"/);
  assert.doesNotMatch(wrongHtml, /gizli/);
  // The API keeps its 401 for a missing or wrong password.
  const { app: api } = await testApp();
  assert.equal((await api.request(`/api/documents/public-share/${share.token}`)).status, 401);
  const ok = await browse("", `/s/${share.token}`, { form: { password: "açık-susam" } });
  assert.equal(ok.status, 200);
  assert.match(await ok.text(), /gizli\.txt/);
  const cookie = ok.headers.get("set-cookie")!.split(";")[0];
  const { app } = await testApp();
  const dl = await app.request(`/api/documents/public-share/${share.token}?download=1`, {
    headers: { Cookie: cookie },
  });
  assert.equal(await dl.text(), "secret");
  assert.equal((await browse("", `/s/${"y".repeat(43)}`)).status, 404);
});
