import assert from "node:assert/strict";
import { newTenant, problem, testApp } from "../helpers.ts";
import { newKey } from "../../modules/documents/storage/storage.lib.ts";
import { dtest, interruptedBody, mkdir, tenantObjects, upload, uploadOne } from "./helpers.ts";

dtest("files: upload, list, metadata, download with Turkish name, range, ETag", async () => {
  const t = await newTenant();
  const res = await upload(t.owner, [["Şubat raporu İ.txt", "0123456789"], ["b.txt", "bee"]]);
  assert.equal(res.status, 201);
  const { items } = await res.json();
  assert.deepEqual(items.map((f: { name: string }) => f.name), ["Şubat raporu İ.txt", "b.txt"]);
  assert.equal(items[0].size, 10);
  assert.equal(items[0].contentType, "text/plain");
  assert.equal(items[0].version, 1);

  const list = await (await t.owner.call("GET", "/api/documents/files?limit=1")).json();
  assert.equal(list.items.length, 1);
  assert.equal(list.items[0].name, "b.txt");
  const next =
    await (await t.owner.call("GET", `/api/documents/files?limit=1&cursor=${list.nextCursor}`))
      .json();
  assert.equal(next.items[0].name, "Şubat raporu İ.txt");
  assert.equal(next.nextCursor, null);

  const meta = await (await t.owner.call("GET", `/api/documents/files/${items[0].id}`)).json();
  assert.deepEqual(meta.path, []);
  assert.equal(meta.storageKey, undefined);

  const dl = await t.owner.call("GET", `/api/documents/files/${items[0].id}/download`);
  assert.equal(dl.status, 200);
  assert.equal(dl.headers.get("content-length"), "10");
  assert.equal(dl.headers.get("x-content-type-options"), "nosniff");
  assert.equal(
    dl.headers.get("content-disposition"),
    `attachment; filename="Subat raporu I.txt"; filename*=UTF-8''%C5%9Eubat%20raporu%20%C4%B0.txt`,
  );
  assert.equal(await dl.text(), "0123456789");
  const etag = dl.headers.get("etag")!;
  const again = await t.owner.call(
    "GET",
    `/api/documents/files/${items[0].id}/download`,
    undefined,
    {
      "If-None-Match": etag,
    },
  );
  assert.equal(again.status, 304);
  await again.body?.cancel();
  for (
    const [range, want, body] of [["bytes=2-4", "bytes 2-4/10", "234"], [
      "bytes=-3",
      "bytes 7-9/10",
      "789",
    ], ["bytes=8-", "bytes 8-9/10", "89"]]
  ) {
    const part = await t.owner.call(
      "GET",
      `/api/documents/files/${items[0].id}/download`,
      undefined,
      { Range: range },
    );
    assert.equal(part.status, 206);
    assert.equal(part.headers.get("content-range"), want);
    assert.equal(await part.text(), body);
  }
  const bad = await t.owner.call("GET", `/api/documents/files/${items[0].id}/download`, undefined, {
    Range: "bytes=50-60",
  });
  assert.equal(bad.status, 416);
  assert.equal(bad.headers.get("content-range"), "bytes */10");
  // Like every other error, problem+json — not the file's type, not an attachment.
  assert.equal(bad.headers.get("content-type"), "application/problem+json");
  assert.equal(bad.headers.get("content-disposition"), null);
  const why = await bad.json();
  assert.equal(why.status, 416);
  assert.equal(why.type, "/problems/range-not-satisfiable");
});

dtest("files: 400, 403, 404 and another tenant's ids", async (storage) => {
  const t = await newTenant();
  const other = await newTenant();
  const f = await uploadOne(t.owner, "secret.txt", "top secret");
  const viewer = await t.member(["viewer"]);
  await problem(await upload(viewer, [["x.txt", "x"]]), 403);
  await problem(await viewer.call("DELETE", `/api/documents/files/${f.id}`), 403);
  await problem(await viewer.call("PATCH", `/api/documents/files/${f.id}`, { name: "y" }), 403);
  assert.equal((await viewer.call("GET", `/api/documents/files/${f.id}/download`)).status, 200);
  await problem(await t.owner.call("GET", "/api/documents/files/not-a-uuid"), 400);
  await problem(await t.owner.call("GET", "/api/documents/files/not-a-uuid/download"), 400);
  await problem(await t.owner.call("PATCH", `/api/documents/files/${f.id}`, {}), 400);
  await problem(await t.owner.call("GET", "/api/documents/files?cursor=zzz"), 400);
  for (
    const [method, path, body] of [
      ["GET", `/api/documents/files/${f.id}`],
      ["GET", `/api/documents/files/${f.id}/download`],
      ["GET", `/api/documents/files/${f.id}/preview`],
      ["GET", `/api/documents/files/${f.id}/versions`],
      ["PATCH", `/api/documents/files/${f.id}`, { name: "stolen.txt" }],
      ["DELETE", `/api/documents/files/${f.id}`],
      ["POST", `/api/documents/trash/${f.id}/restore`],
    ] as [string, string, unknown?][]
  ) {
    await problem(await other.owner.call(method, path, body), 404);
  }
  await problem(await upload(other.owner, [["x.txt", "x"]], crypto.randomUUID()), 404);
  const still = await (await t.owner.call("GET", `/api/documents/files/${f.id}`)).json();
  assert.equal(still.name, "secret.txt");
  assert.equal(still.deletedAt, null);
  assert.equal((await tenantObjects(storage, other.id)).length, 0);
});

dtest("files: names — path traversal refused, duplicates are 409 everywhere", async () => {
  const t = await newTenant();
  // A browser may send a path; only its last segment is the name.
  const f = await uploadOne(t.owner, "../../etc/passwd", "x");
  assert.equal(f.name, "passwd");
  await problem(await upload(t.owner, [["..", "x"]]), 400);
  await problem(await t.owner.call("PATCH", `/api/documents/files/${f.id}`, { name: "../x" }), 400);
  await problem(await t.owner.call("PATCH", `/api/documents/files/${f.id}`, { name: "a\\b" }), 400);
  await problem(await t.owner.call("POST", "/api/documents/folders", { name: "a/b" }), 400);
  // A right-to-left override would disguise "fatura\u202Etxt.exe" as "faturaexe.txt".
  await problem(await upload(t.owner, [["fatura\u202Etxt.exe", "x"]]), 400);
  await problem(
    await t.owner.call("PATCH", `/api/documents/files/${f.id}`, { name: "a\u2066b" }),
    400,
  );
  assert.equal(
    (await (await t.owner.call("GET", `/api/documents/files/${f.id}`)).json()).name,
    "passwd",
  );
  await uploadOne(t.owner, "report.pdf", "%PDF");
  await problem(await upload(t.owner, [["REPORT.pdf", "again"]]), 409);
  await problem(
    await t.owner.call("PATCH", `/api/documents/files/${f.id}`, { name: "Report.PDF" }),
    409,
  );
  await mkdir(t.owner, "Plans");
  await problem(await t.owner.call("POST", "/api/documents/folders", { name: "plans" }), 409);
  await problem(await upload(t.owner, [["plans", "x"]]), 409);
});

dtest("files: rename, move, delete to trash, versions", async () => {
  const t = await newTenant();
  const dir = await mkdir(t.owner, "Arşiv");
  const f = await uploadOne(t.owner, "a.txt", "v1");
  const renamed =
    await (await t.owner.call("PATCH", `/api/documents/files/${f.id}`, { name: "b.txt" })).json();
  assert.equal(renamed.name, "b.txt");
  const moved = await t.owner.call("PATCH", `/api/documents/files/${f.id}`, { folderId: dir.id });
  assert.equal((await moved.json()).folderId, dir.id);
  const meta = await (await t.owner.call("GET", `/api/documents/files/${f.id}`)).json();
  assert.deepEqual(meta.path, [{ id: dir.id, name: "Arşiv" }]);

  const { app } = await testApp();
  const fd = new FormData();
  fd.append("file", new File(["version two"], "ignored.txt"));
  const v2 = await app.request(`/api/documents/files/${f.id}/versions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${t.owner.token}` },
    body: fd,
  });
  assert.equal(v2.status, 201);
  assert.equal((await v2.json()).version, 2);
  const versions =
    (await (await t.owner.call("GET", `/api/documents/files/${f.id}/versions`)).json()).items;
  assert.deepEqual(versions.map((v: { version: number }) => v.version), [2, 1]);
  const old = await t.owner.call(
    "GET",
    `/api/documents/files/${f.id}/download?versionId=${versions[1].id}`,
  );
  assert.equal(await old.text(), "v1");
  const restored = await t.owner.call(
    "POST",
    `/api/documents/files/${f.id}/versions/${versions[1].id}/restore`,
  );
  assert.equal((await restored.json()).version, 3);
  assert.equal(
    await (await t.owner.call("GET", `/api/documents/files/${f.id}/download`)).text(),
    "v1",
  );
  await problem(
    await t.owner.call(
      "POST",
      `/api/documents/files/${f.id}/versions/${crypto.randomUUID()}/restore`,
    ),
    404,
  );

  assert.equal((await t.owner.call("DELETE", `/api/documents/files/${f.id}`)).status, 204);
  await problem(await t.owner.call("GET", `/api/documents/files/${f.id}`), 404);
  const list = await (await t.owner.call("GET", `/api/documents/files?folderId=${dir.id}`)).json();
  assert.deepEqual(list.items, []);
});

dtest("files: version limit keeps the newest versions and deletes older bytes", async (storage) => {
  const t = await newTenant();
  await t.owner.call("PUT", "/api/documents/settings", { versionLimit: 2 });
  const f = await uploadOne(t.owner, "v.txt", "1");
  const { app } = await testApp();
  for (const body of ["2", "3", "4"]) {
    const fd = new FormData();
    fd.append("file", new File([body], "v.txt"));
    const res = await app.request(`/api/documents/files/${f.id}/versions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${t.owner.token}` },
      body: fd,
    });
    assert.equal(res.status, 201);
  }
  const versions =
    (await (await t.owner.call("GET", `/api/documents/files/${f.id}/versions`)).json()).items;
  assert.deepEqual(versions.map((v: { version: number }) => v.version), [4, 3]);
  // Dropped versions' bytes go after commit.
  await new Promise((r) => setTimeout(r, 50));
  assert.equal((await tenantObjects(storage, t.id)).length, 2);
});

dtest("files: preview is inline for safe types only, in a sandbox", async () => {
  const t = await newTenant();
  const png = await uploadOne(t.owner, "p.png", new Uint8Array([137, 80, 78, 71]));
  const html = await uploadOne(t.owner, "x.html", "<script>alert(1)</script>");
  const svg = await uploadOne(t.owner, "x.svg", "<svg onload=alert(1)/>");
  const txt = await uploadOne(t.owner, "t.md", "# hi");
  const p = await t.owner.call("GET", `/api/documents/files/${png.id}/preview`);
  assert.equal(p.status, 200);
  assert.equal(p.headers.get("content-type"), "image/png");
  assert.match(p.headers.get("content-disposition")!, /^inline;/);
  assert.match(p.headers.get("content-security-policy")!, /^sandbox; default-src 'none'/);
  await p.body?.cancel();
  const text = await t.owner.call("GET", `/api/documents/files/${txt.id}/preview`);
  assert.equal(text.headers.get("content-type"), "text/plain; charset=utf-8");
  assert.equal(await text.text(), "# hi");
  for (const f of [html, svg]) {
    await problem(await t.owner.call("GET", `/api/documents/files/${f.id}/preview`), 415);
    const dl = await t.owner.call("GET", `/api/documents/files/${f.id}/download`);
    assert.match(dl.headers.get("content-disposition")!, /^attachment;/);
    assert.match(dl.headers.get("content-security-policy")!, /^sandbox;/);
    await dl.body?.cancel();
  }
});

dtest("files: an interrupted document upload leaves no row and no object", async (storage) => {
  const t = await newTenant();
  const { app } = await testApp();
  const boundary = "----x" + crypto.randomUUID();
  const res = await app.request("/api/documents/files/upload", {
    method: "POST",
    headers: {
      Authorization: `Bearer ${t.owner.token}`,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
    },
    body: interruptedBody(boundary, "big.bin", 9 * 1024 * 1024),
    // @ts-ignore: Deno needs duplex for a streamed request body
    duplex: "half",
  });
  assert.ok(res.status >= 400 && res.status < 500);
  await res.body?.cancel();
  const list = await (await t.owner.call("GET", "/api/documents/files")).json();
  assert.deepEqual(list.items, []);
  assert.deepEqual(await tenantObjects(storage, t.id), []);
});

dtest("files: size limit 413 and quota 422 on upload", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  await problem(await member.call("PUT", "/api/documents/settings", { maxFileBytes: 5 }), 403);
  await problem(await t.owner.call("PUT", "/api/documents/settings", { maxFileBytes: 0 }), 400);
  await t.owner.call("PUT", "/api/documents/settings", { maxFileBytes: 5 });
  await problem(await upload(t.owner, [["big.txt", "123456"]]), 413);
  await t.owner.call("PUT", "/api/documents/settings", { maxFileBytes: 1000, quotaBytes: 8 });
  await uploadOne(t.owner, "a.txt", "12345");
  await problem(await upload(t.owner, [["b.txt", "12345"]]), 422);
  const s = await (await t.owner.call("GET", "/api/documents/settings")).json();
  assert.equal(s.quotaBytes, 8);
});

/** `bytes` bytes of a fixed pattern in chunks of an odd size (so parts split chunks). */
function patterned(bytes: number, failAfter?: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(c) {
      if (failAfter !== undefined && sent >= failAfter) return c.error(new Error("client gone"));
      if (sent >= bytes) return c.close();
      const n = Math.min(300_007, bytes - sent);
      c.enqueue(new Uint8Array(n).map((_, i) => (sent + i) * 7 & 0xff));
      sent += n;
    },
  });
}

dtest(
  "files: storage round trip around the 5 MiB part size, and a failing body stores nothing",
  async (storage) => {
    const t = await newTenant();
    const MiB = 1024 * 1024;
    for (const bytes of [0, 1, 5 * MiB - 1, 5 * MiB, 5 * MiB + 1, 10 * MiB, 12 * MiB + 3]) {
      const key = newKey(t.id);
      await storage.put(key, patterned(bytes));
      const got = new Uint8Array(await new Response(await storage.get(key)).arrayBuffer());
      const want = new Uint8Array(await new Response(patterned(bytes)).arrayBuffer());
      assert.equal(got.byteLength, bytes);
      assert.ok(got.every((b, i) => b === want[i]), `bytes differ at ${bytes}`);
      await storage.delete(key);
    }
    for (const failAfter of [3 * MiB, 11 * MiB]) {
      await assert.rejects(storage.put(newKey(t.id), patterned(20 * MiB, failAfter)));
    }
    assert.deepEqual(await tenantObjects(storage, t.id), []);
  },
);
