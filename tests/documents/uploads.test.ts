/**
 * Resumable uploads (tus 1.0.0, issue 38 part 6): the protocol's answers, the finished file
 * recorded as any upload (versions, quota), the expiry sweep, and the real client
 * (tus-js-client) sending 1 GiB through an aborted request and a killed server.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";
import { type Caller, itest, newTenant, problem, testApp } from "../helpers.ts";
import { dtest, mkdir, settledObjects, tenantObjects, uploadOne } from "./helpers.ts";
import { uploadJobs } from "../../modules/documents/uploads/uploads.service.ts";
import { cleanOrphans } from "../../modules/documents/storage/maintenance.service.ts";

const TUS = { "Tus-Resumable": "1.0.0" };
const STREAM = { "Content-Type": "application/offset+octet-stream" };

const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
const metadata = (m: Record<string, string>) =>
  Object.entries(m).map(([k, v]) => `${k} ${b64(v)}`).join(",");
const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest("hex");

/** A raw request as `who` (bytes as they are). */
async function tus(
  who: { token: string },
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Uint8Array,
) {
  const { app } = await testApp();
  return await app.request(path, {
    method,
    headers: { Authorization: `Bearer ${who.token}`, ...headers },
    body: body as BodyInit | undefined,
  });
}

/** POST: starts an upload; returns the response. */
function create(
  who: { token: string },
  o: { name: string; length: number; folderId?: string; headers?: Record<string, string> },
  body?: Uint8Array,
) {
  return tus(who, "POST", "/api/documents/uploads", {
    ...TUS,
    "Upload-Length": String(o.length),
    "Upload-Metadata": metadata({
      filename: o.name,
      ...(o.folderId ? { folderId: o.folderId } : {}),
      filetype: "text/plain",
    }),
    ...(body ? STREAM : {}),
    ...o.headers,
  }, body);
}

async function started(who: { token: string }, name: string, length: number, folderId?: string) {
  const res = await create(who, { name, length, folderId });
  assert.equal(res.status, 201, await res.clone().text());
  return res.headers.get("location")!;
}

const patch = (who: { token: string }, at: string, offset: number, bytes: Uint8Array) =>
  tus(who, "PATCH", at, { ...TUS, ...STREAM, "Upload-Offset": String(offset) }, bytes);

const text = (s: string) => new TextEncoder().encode(s);

async function scoped<T>(tenantId: string, fn: (tx: Sql) => Promise<T>) {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId }, fn);
}

dtest("uploads: OPTIONS, create, HEAD, PATCH twice, 409 on a wrong offset, the file", async (s) => {
  const t = await newTenant();
  const folder = await mkdir(t.owner, "Inbox");
  const options = await tus(t.owner, "OPTIONS", "/api/documents/uploads");
  assert.equal(options.status, 204);
  assert.equal(options.headers.get("tus-version"), "1.0.0");
  assert.match(options.headers.get("tus-extension")!, /creation,creation-with-upload,termination/);
  assert.ok(Number(options.headers.get("tus-max-size")) > 0);

  const content = text("Şubat raporu: " + "x".repeat(5000));
  const res = await create(t.owner, {
    name: "Rapor.txt",
    length: content.length,
    folderId: folder.id,
  });
  assert.equal(res.status, 201);
  assert.equal(res.headers.get("tus-resumable"), "1.0.0");
  assert.equal(res.headers.get("upload-offset"), "0");
  const at = res.headers.get("location")!;
  assert.match(at, /^\/api\/documents\/uploads\/[0-9a-f-]{36}$/);
  assert.ok(Date.parse(res.headers.get("upload-expires")!) > Date.now() + 3600_000);

  const head = await tus(t.owner, "HEAD", at, TUS);
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("upload-offset"), "0");
  assert.equal(head.headers.get("upload-length"), String(content.length));
  assert.equal(head.headers.get("cache-control"), "no-store");
  assert.equal(head.headers.get("tus-resumable"), "1.0.0");

  const first = await patch(t.owner, at, 0, content.subarray(0, 3000));
  assert.equal(first.status, 204, await first.clone().text());
  assert.equal(first.headers.get("upload-offset"), "3000");
  assert.equal(first.headers.get("upload-file-id"), null);
  // Resending the first piece (a client that did not see the answer) is refused, nothing kept.
  const again = await patch(t.owner, at, 0, content.subarray(0, 3000));
  await problem(again, 409);
  assert.equal(again.headers.get("upload-offset"), "3000");
  assert.equal((await tenantObjects(s, t.id)).length, 1, "one stored part");
  const state = await (await tus(t.owner, "GET", at, TUS)).json();
  assert.equal(state.offset, 3000);
  assert.equal(state.finished, false);

  const last = await patch(t.owner, at, 3000, content.subarray(3000));
  assert.equal(last.status, 204, await last.clone().text());
  assert.equal(last.headers.get("upload-offset"), String(content.length));
  const fileId = last.headers.get("upload-file-id")!;
  assert.match(fileId, /^[0-9a-f-]{36}$/);

  const file = await (await t.owner.call("GET", `/api/documents/files/${fileId}`)).json();
  assert.equal(file.name, "Rapor.txt");
  assert.equal(file.folderId, folder.id);
  assert.equal(file.size, content.length);
  assert.equal(file.sha256, sha256(content));
  assert.equal(file.contentType, "text/plain");
  const dl = await t.owner.call("GET", `/api/documents/files/${fileId}/download`);
  assert.equal(sha256(new Uint8Array(await dl.arrayBuffer())), sha256(content));
  // The parts are gone: only the file's object is left.
  assert.equal((await settledObjects(s, t.id, 1)).length, 1);
  const done = await (await tus(t.owner, "GET", at, TUS)).json();
  assert.equal(done.finished, true);
  assert.equal(done.fileId, fileId);
  // Audited and announced as any upload.
  const audit = await (await t.owner.call("GET", "/api/documents/audit?action=uploaded")).json();
  assert.equal(audit.items.length, 1);
});

dtest("uploads: a finished upload of an existing name is a new version", async () => {
  const t = await newTenant();
  const old = await uploadOne(t.owner, "plan.txt", "version one");
  const bytes = text("version two, sent resumably");
  const at = await started(t.owner, "plan.txt", bytes.length);
  const res = await patch(t.owner, at, 0, bytes);
  assert.equal(res.status, 204, await res.clone().text());
  assert.equal(res.headers.get("upload-file-id"), old.id);
  const file = await (await t.owner.call("GET", `/api/documents/files/${old.id}`)).json();
  assert.equal(file.version, 2);
  assert.equal(file.sha256, sha256(bytes));
  const versions = await (await t.owner.call("GET", `/api/documents/files/${old.id}/versions`))
    .json();
  assert.equal(versions.items.length, 2);
});

itest("uploads: creation-with-upload, checksum, 412, 415, 400s, empty file", async () => {
  const t = await newTenant();
  // The first bytes in the POST itself.
  const bytes = text("hello tus");
  const res = await create(t.owner, { name: "hello.txt", length: bytes.length + 3 }, bytes);
  assert.equal(res.status, 201, await res.clone().text());
  assert.equal(res.headers.get("upload-offset"), String(bytes.length));
  const at = res.headers.get("location")!;
  // Checksums: a wrong one keeps nothing (460), the right one is accepted.
  const tail = text("!!!");
  const wrong = await tus(t.owner, "PATCH", at, {
    ...TUS,
    ...STREAM,
    "Upload-Offset": String(bytes.length),
    "Upload-Checksum": `sha256 ${btoa("x".repeat(32))}`,
  }, tail);
  assert.equal(wrong.status, 460);
  assert.equal((await (await tus(t.owner, "GET", at, TUS)).json()).offset, bytes.length);
  const digest = btoa(String.fromCharCode(...createHash("sha256").update(tail).digest()));
  const right = await tus(t.owner, "PATCH", at, {
    ...TUS,
    ...STREAM,
    "Upload-Offset": String(bytes.length),
    "Upload-Checksum": `sha256 ${digest}`,
  }, tail);
  assert.equal(right.status, 204, await right.clone().text());
  assert.ok(right.headers.get("upload-file-id"));
  await problem(
    await tus(t.owner, "PATCH", at, { ...TUS, ...STREAM, "Upload-Checksum": "md5 abc" }, tail),
    400,
  );

  // No Tus-Resumable (or another version): 412 with the versions the server speaks.
  const noVersion = await tus(t.owner, "POST", "/api/documents/uploads", {
    "Upload-Length": "3",
    "Upload-Metadata": metadata({ filename: "a.txt" }),
  });
  await problem(noVersion, 412);
  assert.equal(noVersion.headers.get("tus-version"), "1.0.0");
  assert.equal((await tus(t.owner, "HEAD", at, { "Tus-Resumable": "0.2.2" })).status, 412);

  const open = await started(t.owner, "open.txt", 10);
  await problem(
    await tus(t.owner, "PATCH", open, {
      ...TUS,
      "Content-Type": "text/plain",
      "Upload-Offset": "0",
    }, text("a")),
    415,
  );
  await problem(await tus(t.owner, "PATCH", open, { ...TUS, ...STREAM }, text("a")), 400);
  // More bytes than the upload's length: 413, nothing kept.
  await problem(await patch(t.owner, open, 0, text("x".repeat(11))), 413);
  assert.equal((await (await tus(t.owner, "GET", open, TUS)).json()).offset, 0);

  // Creation: missing length, bad metadata, a bad name, a folder id that is no id.
  await problem(
    await tus(t.owner, "POST", "/api/documents/uploads", {
      ...TUS,
      "Upload-Metadata": metadata({ filename: "a.txt" }),
    }),
    400,
  );
  await problem(
    await tus(t.owner, "POST", "/api/documents/uploads", {
      ...TUS,
      "Upload-Length": "3",
      "Upload-Metadata": "filename !!!notbase64",
    }),
    400,
  );
  await problem(await create(t.owner, { name: "a/b\u0000", length: 3 }), 400);
  await problem(await create(t.owner, { name: "a.txt", length: 3, folderId: "nope" }), 400);
  await problem(
    await create(t.owner, { name: "a.txt", length: 3, folderId: crypto.randomUUID() }),
    404,
  );
  // A folder already has the name: 409 at once, not after the bytes.
  await mkdir(t.owner, "Taken");
  await problem(await create(t.owner, { name: "Taken", length: 3 }), 409);

  // An empty file is finished on creation's first HEAD.
  const empty = await started(t.owner, "empty.txt", 0);
  const head = await tus(t.owner, "HEAD", empty, TUS);
  assert.equal(head.status, 200);
  const emptyFile = head.headers.get("upload-file-id")!;
  const f = await (await t.owner.call("GET", `/api/documents/files/${emptyFile}`)).json();
  assert.equal(f.size, 0);
});

itest("uploads: too large 413, quota 422, viewer 403, others' uploads 404, DELETE", async () => {
  const t = await newTenant();
  await t.owner.call("PUT", "/api/documents/settings", { maxFileBytes: 1000, quotaBytes: 1500 });
  const big = await create(t.owner, { name: "big.bin", length: 1001 });
  await problem(big, 413);
  assert.equal(big.headers.get("tus-max-size"), "1000");
  await uploadOne(t.owner, "filler.bin", "x".repeat(900));
  const quota = await problem(await create(t.owner, { name: "more.bin", length: 700 }), 422);
  assert.match(quota.detail, /quota/);

  const viewer = await t.member(["viewer"]);
  await problem(await create(viewer, { name: "v.txt", length: 3 }), 403);

  const at = await started(t.owner, "mine.txt", 10);
  assert.equal((await patch(t.owner, at, 0, text("01234"))).status, 204);
  // Another member of the tenant (allowed to upload) and another tenant's owner: 404.
  const member = await t.member(["member"]);
  const other = await newTenant();
  for (const who of [member, other.owner] as Caller[]) {
    assert.equal((await tus(who, "HEAD", at, TUS)).status, 404);
    await problem(await patch(who, at, 5, text("56789")), 404);
    await problem(await tus(who, "DELETE", at, TUS), 404);
  }
  assert.equal((await (await tus(t.owner, "GET", at, TUS)).json()).offset, 5);

  // Termination: the row and its stored part go.
  const { platform: _ } = await testApp();
  const del = await tus(t.owner, "DELETE", at, TUS);
  assert.equal(del.status, 204);
  assert.equal(del.headers.get("tus-resumable"), "1.0.0");
  assert.equal((await tus(t.owner, "HEAD", at, TUS)).status, 404);
  const rows = await scoped(t.id, (tx) => tx`select id from doc_uploads`);
  assert.equal(rows.length, 0);
});

itest("uploads: open uploads count against the quota (no bypass by many at once)", async () => {
  const t = await newTenant();
  await t.owner.call("PUT", "/api/documents/settings", { maxFileBytes: 1000, quotaBytes: 1000 });
  const first = await started(t.owner, "a.bin", 600);
  // Each alone would fit; together they would store 1200 bytes in a quota of 1000.
  const quota = await problem(await create(t.owner, { name: "b.bin", length: 600 }), 422);
  assert.match(quota.detail, /quota/);
  await started(t.owner, "c.bin", 400);
  // A cancelled upload gives its bytes back.
  assert.equal((await tus(t.owner, "DELETE", first, TUS)).status, 204);
  await started(t.owner, "b.bin", 600);
  // Two creations at once cannot both count without the other.
  const u = await newTenant();
  await u.owner.call("PUT", "/api/documents/settings", { maxFileBytes: 1000, quotaBytes: 1000 });
  const both = await Promise.all(
    ["x.bin", "y.bin"].map((name) => create(u.owner, { name, length: 600 })),
  );
  assert.deepEqual(both.map((r) => r.status).sort(), [201, 422]);
  await Promise.all(both.map((r) => r.body?.cancel()));
});

dtest("uploads: two PATCHes at one offset never interleave", async (s) => {
  const t = await newTenant();
  const a = text("A".repeat(200_000));
  const b = text("B".repeat(200_000));
  const at = await started(t.owner, "race.bin", 200_000);
  const [ra, rb] = await Promise.all([patch(t.owner, at, 0, a), patch(t.owner, at, 0, b)]);
  const statuses = [ra.status, rb.status].sort();
  assert.deepEqual(statuses, [204, 409]);
  const winner = ra.status === 204 ? a : b;
  const fileId = (ra.status === 204 ? ra : rb).headers.get("upload-file-id")!;
  await (ra.status === 204 ? rb : ra).body?.cancel();
  const f = await (await t.owner.call("GET", `/api/documents/files/${fileId}`)).json();
  assert.equal(f.sha256, sha256(winner));
  // The loser's bytes were deleted, the winner's part joined into the file and removed.
  assert.equal((await settledObjects(s, t.id, 1)).length, 1);
});

dtest("uploads: the expiry job removes expired uploads and their parts", async (s) => {
  const t = await newTenant();
  const stale = await started(t.owner, "stale.bin", 100);
  assert.equal((await patch(t.owner, stale, 0, text("x".repeat(40)))).status, 204);
  assert.equal((await patch(t.owner, stale, 40, text("y".repeat(40)))).status, 204);
  const live = await started(t.owner, "live.bin", 100);
  assert.equal((await patch(t.owner, live, 0, text("z".repeat(10)))).status, 204);
  assert.equal((await tenantObjects(s, t.id)).length, 3);
  // Parts in progress are known objects: the orphan cleanup leaves them alone.
  const removed = await cleanOrphans(
    { scoped: (fn) => scoped(t.id, fn) },
    { tenantId: t.id, before: new Date(Date.now() + 60_000) },
  );
  assert.equal(removed, 0);
  const staleId = stale.split("/").pop()!;
  await scoped(
    t.id,
    (tx) =>
      tx`update doc_uploads set expires_at = now() - interval '1 minute' where id = ${staleId}`,
  );
  // Expired: answered as gone before the sweep.
  await problem(await patch(t.owner, stale, 80, text("z")), 410);

  const job = uploadJobs.find((j) => j.name === "documents.upload-expiry")!;
  assert.ok(job.schedule?.perTenant);
  const lines: string[] = [];
  await job.handler({
    tenantId: t.id,
    scoped: (fn: (tx: Sql) => Promise<unknown>) => scoped(t.id, fn),
    log: (l: string) => lines.push(l),
  } as never);
  assert.deepEqual(lines, ["removed 1 expired uploads (2 stored parts)"]);
  assert.equal((await tenantObjects(s, t.id)).length, 1, "the live upload's part stays");
  assert.equal((await tus(t.owner, "HEAD", stale, TUS)).status, 404);
  assert.equal((await (await tus(t.owner, "GET", live, TUS)).json()).offset, 10);
});

// ---------------------------------------------------------------------------------------------
// The real client: tus-js-client (its Node API) against the app as a separate process.

const MiB = 1024 * 1024;

/** A deterministic file of `bytes` (a seeded xorshift block, each 8 MiB numbered); its SHA-256. */
async function makeFile(path: string, bytes: number): Promise<string> {
  const BLOCK = 8 * MiB;
  const block = new Uint8Array(BLOCK);
  const view = new DataView(block.buffer);
  let x = 0x9e3779b9;
  for (let i = 0; i < BLOCK; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    view.setUint32(i, x >>> 0);
  }
  const hash = createHash("sha256");
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  try {
    for (let at = 0; at < bytes; at += BLOCK) {
      view.setUint32(0, at / BLOCK);
      const piece = block.subarray(0, Math.min(BLOCK, bytes - at));
      hash.update(piece);
      for (let w = 0; w < piece.length;) w += await file.write(piece.subarray(w));
    }
  } finally {
    file.close();
  }
  return hash.digest("hex");
}

/** The app (`deno run main.ts`) on a fixed port, so the client finds it again after a restart. */
function startServer(env: Record<string, string>) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: new URL("../../", import.meta.url),
    env: { NO_COLOR: "1", LOG_LEVEL: "info", HOST: "127.0.0.1", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let out = "";
  const decoder = new TextDecoder();
  const ready = new Promise<void>((resolve, reject) => {
    const read = async (s: ReadableStream<Uint8Array>) => {
      for await (const b of s) {
        out += decoder.decode(b, { stream: true });
        if (out.includes(`"msg":"listening"`)) resolve();
      }
    };
    Promise.all([read(child.stdout), read(child.stderr)]).then(
      () => reject(new Error(`app exited:\n${out.slice(-4000)}`)),
    );
  });
  ready.catch(() => {}); // awaited where it matters; a kill -9 ends the reads too
  return { child, ready, output: () => out };
}

const DEBUG = !!Deno.env.get("TUS_DEBUG");
const t0 = performance.now();
const debug = (...a: unknown[]) =>
  DEBUG && console.log(((performance.now() - t0) / 1000).toFixed(1), ...a);

const freePort = () => {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
};

itest(
  "uploads: 1 GiB through tus-js-client, interrupted by an abort and by kill -9 of the app, " +
    "completes with the right SHA-256",
  async () => {
    const tus = await import("tus-js-client");
    const { createReadStream } = await import("node:fs");
    const SIZE = Number(Deno.env.get("TUS_TEST_BYTES") ?? 1024 * MiB);
    const t = await newTenant();
    const made = await t.owner.call("POST", "/api/auth/tokens", {
      name: "tus test",
      scopes: ["documents.file.read", "documents.file.write", "documents.folder.read"],
      expiresInDays: 7,
    });
    assert.equal(made.status, 201, await made.clone().text());
    const token = (await made.json()).token as string;

    if (!Deno.env.get("DATABASE_URL")) {
      console.warn("skipped: the real-client test shares a database with the app (DATABASE_URL)");
      return;
    }
    const dir = await Deno.makeTempDir({ prefix: "tus-real-" });
    const path = `${dir}/big.bin`;
    const port = freePort();
    const env = {
      DATABASE_URL: Deno.env.get("DATABASE_URL")!,
      DATA_DIR: `${dir}/data`,
      PORT: String(port),
      ADMIN_PASSWORD: "bootstrap-password",
    };
    // The app starts (several seconds) while the file is written.
    let server = startServer(env);
    const began = performance.now();
    const expected = await makeFile(path, SIZE);
    debug("generated");
    await server.ready;
    debug("started");
    const generated = performance.now();
    const base = `http://127.0.0.1:${port}`;
    const heads: number[] = [];
    let fileId = "";
    let aborted = false;
    let killedAt = -1;
    let restarted: Promise<void> | null = null;
    try {
      const upload: InstanceType<typeof tus.Upload> = new tus.Upload(createReadStream(path), {
        endpoint: `${base}/api/documents/uploads`,
        chunkSize: 32 * MiB,
        // Long enough to span a restart of the app (its start takes 10–20 s here).
        retryDelays: [200, 500, ...Array(45).fill(1000)],
        headers: { Authorization: `Bearer ${token}` },
        metadata: { filename: "big.bin", filetype: "application/octet-stream" },
        onAfterResponse(req, res) {
          debug(req.getMethod(), res.getStatus(), res.getHeader("Upload-Offset"));
          if (req.getMethod() === "HEAD") heads.push(Number(res.getHeader("Upload-Offset")));
          fileId ||= res.getHeader("Upload-File-Id") ?? "";
        },
        onProgress(sent) {
          if (!aborted && sent > 300 * MiB * (SIZE / (1024 * MiB))) {
            // 1. The client drops its request mid-way, then resumes.
            aborted = true;
            debug("abort at", sent);
            // (Started again a moment later: the aborted request's own error, arriving after a
            // start at once, would begin a second chain of requests; the server refuses its
            // overlapping PATCHes with 409, but they waste time.)
            setTimeout(() => upload.abort().then(() => setTimeout(() => upload.start(), 1000)), 0);
          } else if (aborted && killedAt < 0 && sent > 700 * MiB * (SIZE / (1024 * MiB))) {
            // 2. The app dies (kill -9) mid-request and comes back; the client's retries find it.
            killedAt = sent;
            debug("kill at", sent);
            const dying = server;
            dying.child.kill("SIGKILL");
            restarted = dying.child.status.then(async () => {
              server = startServer(env);
              await server.ready;
              debug("restarted");
            });
          }
        },
      });
      await new Promise<void>((resolve, reject) => {
        upload.options.onSuccess = () => resolve();
        upload.options.onError = (e) => reject(e);
        upload.start();
      });
      await restarted;
      const uploaded = performance.now();
      assert.ok(aborted && killedAt > 0, "interrupted twice");
      // Each resume asked where the upload stood and went on from there (not from 0).
      assert.ok(heads.filter((o) => o > 0).length >= 2, `resumed twice: ${heads}`);
      assert.match(fileId, /^[0-9a-f-]{36}$/);

      const auth = { Authorization: `Bearer ${token}` };
      const meta = await (await fetch(`${base}/api/documents/files/${fileId}`, { headers: auth }))
        .json();
      assert.equal(meta.size, SIZE);
      assert.equal(meta.sha256, expected);
      // The stored bytes themselves, read back.
      const dl = await fetch(`${base}/api/documents/files/${fileId}/download`, { headers: auth });
      const hash = createHash("sha256");
      for await (const chunk of dl.body!) hash.update(chunk);
      assert.equal(hash.digest("hex"), expected);
      const done = performance.now();
      console.log(
        `tus real client: ${SIZE / MiB} MiB generated in ${
          ((generated - began) / 1000).toFixed(1)
        } s, ` +
          `app started; uploaded (2 interruptions, one restart) in ` +
          `${((uploaded - generated) / 1000).toFixed(1)} s, ` +
          `verified in ${((done - uploaded) / 1000).toFixed(1)} s; HEAD offsets ${
            heads.join(", ")
          }`,
      );
      // No parts left behind: the upload row is finished and holds none.
      const rows = await scoped(
        t.id,
        (tx) => tx<{ parts: number }[]>`select cardinality(part_keys) as parts from doc_uploads`,
      );
      assert.deepEqual(rows.map((r) => r.parts), [0]);
      // …and the app's storage holds the file alone (the parts of every PATCH were deleted).
      const objects = await Array.fromAsync(Deno.readDir(`${dir}/data/files/objects/${t.id}`));
      assert.equal(objects.length, 1, objects.map((o) => o.name).join(", "));
    } finally {
      await restarted;
      server.child.kill("SIGTERM");
      await server.child.status;
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
);
