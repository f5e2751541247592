import assert from "node:assert/strict";
import { mkdir, uploadOne } from "./helpers.ts";
import {
  browse,
  callApp,
  itest,
  newTenant,
  PASSWORD,
  problem,
  testApp,
  type TestTenant,
} from "../helpers.ts";

/** An app password (API token) of `who` with the Documents scopes. */
async function appPassword(
  who: { call: TestTenant["owner"]["call"] },
  scopes = ["file", "folder"].flatMap((r) => [`documents.${r}.read`, `documents.${r}.write`]),
) {
  const res = await who.call("POST", "/api/auth/tokens", {
    name: "WebDAV",
    scopes,
    expiresInDays: 30,
  });
  const json = await res.json();
  assert.equal(res.status, 201, JSON.stringify(json));
  return json.token as string;
}

const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;

function dav(auth: string) {
  return (method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}) =>
    callApp(path, { method, body: body as string, headers: { Authorization: auth, ...headers } });
}

async function withServer(fn: (base: string) => Promise<void>) {
  const { app } = await testApp();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, app.fetch);
  try {
    await fn(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    await server.shutdown();
  }
}

async function present(bin: string) {
  try {
    await Deno.stat(bin);
    return true;
  } catch {
    if (Deno.env.get("REQUIRE_WEBDAV_CLIENTS") === "1") throw new Error(`${bin} is missing`);
    console.warn(`skipped: ${bin} is not installed`);
    return false;
  }
}

itest("webdav: litmus basic, copymove, props, locks and http all pass", async () => {
  if (!(await present("/usr/bin/litmus"))) return;
  const t = await newTenant();
  const token = await appPassword(t.owner);
  const call = dav(basic("owner", token));
  assert.equal((await call("MKCOL", `/dav/${t.slug}/litmus/`)).status, 201);
  await withServer(async (base) => {
    const cmd = new Deno.Command("/usr/bin/litmus", {
      args: [`${base}/dav/${t.slug}/litmus/`, "owner", token],
      env: { TESTS: Deno.env.get("LITMUS_TESTS") ?? "basic copymove props locks http" },
      // litmus writes debug.log and child.log where it runs.
      cwd: await Deno.makeTempDir({ prefix: "litmus-" }),
      stdout: "piped",
      stderr: "piped",
    });
    const out = await cmd.output();
    const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    if (Deno.env.get("SHOW_LITMUS")) console.log(text);
    assert.ok(!/FAIL/.test(text), text);
    assert.equal(out.code, 0, text);
  });
});

const xmlNames = (xml: string) =>
  [...xml.matchAll(/<D:href>([^<]+)<\/D:href>/g)].map((m) => decodeURIComponent(m[1]));

itest("webdav: Basic with an app password only; another workspace is 404", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const token = await appPassword(t.owner);
  const root = `/dav/${t.slug}/`;
  const none = await callApp(root, { method: "PROPFIND", headers: { Depth: "0" } });
  assert.equal(none.status, 401);
  assert.match(none.headers.get("www-authenticate") ?? "", /^Basic /);
  // The account's own password is never accepted, nor a made-up token.
  assert.equal((await dav(basic(t.owner.email, PASSWORD))("PROPFIND", root)).status, 401);
  assert.equal((await dav(basic("x", "plt_nope"))("PROPFIND", root)).status, 401);
  const call = dav(basic("anything", token));
  const quota = `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop>` +
    `<D:quota-available-bytes/><D:quota-used-bytes/></D:prop></D:propfind>`;
  const ok = await call("PROPFIND", root, quota, { Depth: "0" });
  assert.equal(ok.status, 207);
  assert.match(await ok.text(), /<D:quota-available-bytes>\d+</);
  assert.equal(
    (await call("PROPFIND", `/dav/${other.slug}/`, undefined, { Depth: "0" })).status,
    404,
  );
  assert.equal((await call("PUT", `/dav/${other.slug}/x.txt`, "x")).status, 404);
  const inf = await call("PROPFIND", root, undefined, { Depth: "infinity" });
  assert.equal(inf.status, 403);
  assert.match(await inf.text(), /propfind-finite-depth/);
  const opts = await call("OPTIONS", root);
  assert.equal(opts.headers.get("dav"), "1, 2");
});

itest("webdav: listing follows folder permissions; PUT versions; DELETE to the trash", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const owner = dav(basic("o", await appPassword(t.owner)));
  const mine = dav(basic("m", await appPassword(member)));
  const root = `/dav/${t.slug}/`;
  assert.equal((await owner("MKCOL", root + "open/")).status, 201);
  assert.equal((await owner("MKCOL", root + "secret/")).status, 201);
  assert.equal((await owner("PUT", root + "secret/pay.txt", "salaries")).status, 201);
  const folders = await (await t.owner.call("GET", "/api/documents/folders")).json();
  const secret = folders.items.find((f: { name: string }) => f.name === "secret");
  const locked = await t.owner.call("PUT", `/api/documents/folders/${secret.id}/permissions`, {
    inherit: false,
    entries: [],
  });
  assert.equal(locked.status, 200, await locked.text());
  const listing = xmlNames(await (await mine("PROPFIND", root, undefined, { Depth: "1" })).text());
  assert.ok(listing.includes(`${root}open/`), listing.join());
  assert.ok(!listing.some((h) => h.includes("secret")), listing.join());
  assert.equal((await mine("GET", root + "secret/pay.txt")).status, 404);
  assert.equal((await mine("PUT", root + "secret/new.txt", "x")).status, 409);

  assert.equal((await mine("PUT", root + "open/a.txt", "one")).status, 201);
  assert.equal((await mine("PUT", root + "open/a.txt", "two!")).status, 204);
  const got = await mine("GET", root + "open/a.txt");
  assert.equal(await got.text(), "two!");
  const file = JSON.parse(
    await (await t.owner.call(
      "GET",
      `/api/documents/files?folderId=${
        folders.items.find((f: { name: string }) => f.name === "open").id
      }`,
    )).text(),
  ).items[0];
  const versions = await (await t.owner.call("GET", `/api/documents/files/${file.id}/versions`))
    .json();
  assert.equal(versions.items.length, 2);
  const ranged = await mine("GET", root + "open/a.txt", undefined, { Range: "bytes=1-2" });
  assert.equal(ranged.status, 206);
  assert.equal(await ranged.text(), "wo");
  assert.equal((await mine("DELETE", root + "open/a.txt")).status, 204);
  assert.equal((await mine("GET", root + "open/a.txt")).status, 404);
  const trash = await (await t.owner.call("GET", "/api/documents/trash")).json();
  assert.ok(JSON.stringify(trash).includes("a.txt"));
});

itest("webdav: a lock binds the API; an administrator breaks it, audited", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const other = await t.member(["member"]);
  const mine = dav(basic("m", await appPassword(member)));
  const root = `/dav/${t.slug}/`;
  assert.equal((await mine("PUT", root + "plan.txt", "draft")).status, 201);
  const lock = await mine(
    "LOCK",
    root + "plan.txt",
    `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>` +
      `<D:locktype><D:write/></D:locktype><D:owner>m</D:owner></D:lockinfo>`,
    { Timeout: "Second-600" },
  );
  assert.equal(lock.status, 200);
  const token = lock.headers.get("lock-token")!;
  assert.match(token, /^<opaquelocktoken:/);
  // Without the token even the holder is refused over WebDAV; with it, the write goes through.
  assert.equal((await mine("PUT", root + "plan.txt", "v2")).status, 423);
  assert.equal((await mine("PUT", root + "plan.txt", "v2", { If: `(${token})` })).status, 204);

  const files = await (await t.owner.call("GET", "/api/documents/files")).json();
  const id = files.items.find((f: { name: string }) => f.name === "plan.txt").id;
  await problem(await other.call("PATCH", `/api/documents/files/${id}`, { name: "x.txt" }), 423);
  await problem(await other.call("DELETE", `/api/documents/files/${id}`), 423);
  // The file's page names the holder; only administrators get the button to break the lock.
  const seen = await (await browse(`/documents/files?file=${id}`, { who: other })).text();
  assert.match(seen, /Locked for editing by Member member/);
  assert.ok(!seen.includes(`/documents/files/${id}/unlock`));
  // The folder's list marks the locked file with the holder's name.
  const list = await (await browse(`/documents/files`, { who: other })).text();
  assert.match(list, /class="docs-lock-mark" title="Locked for editing by Member member"/);
  const adminView = await (await browse(`/documents/files?file=${id}`, { who: t.owner })).text();
  assert.ok(adminView.includes(`/documents/files/${id}/unlock`));
  const refused = await browse(`/documents/files/${id}/unlock`, { who: other, form: {} });
  assert.equal(refused.status, 403);
  // Only administrators break locks; another tenant's id is 404.
  await problem(await other.call("DELETE", `/api/documents/files/${id}/lock`), 403);
  const stranger = await newTenant();
  await problem(await stranger.owner.call("DELETE", `/api/documents/files/${id}/lock`), 404);
  const broke = await t.owner.call("DELETE", `/api/documents/files/${id}/lock`);
  assert.equal(broke.status, 200);
  assert.deepEqual(await broke.json(), { broken: 1 });
  await problem(await t.owner.call("DELETE", `/api/documents/files/${id}/lock`), 404);
  await problem(await t.owner.call("DELETE", `/api/documents/files/not-an-id/lock`), 400);
  const audit = await (await t.owner.call("GET", `/api/documents/audit?file=${id}`)).json();
  assert.ok(audit.items.some((a: { action: string }) => a.action === "lock-broken"));
  const history = await (await browse(`/documents/files?file=${id}`, { who: t.owner })).text();
  assert.match(history, /broke the lock on/);
  assert.ok(!history.includes("Locked for editing"));
  assert.equal(
    (await other.call("PATCH", `/api/documents/files/${id}`, { name: "x.txt" })).status,
    200,
  );
});

itest("webdav: a lock inside a folder binds the folder's delete and move", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const other = await t.member(["member"]);
  const mine = dav(basic("m", await appPassword(member)));
  const plans = await mkdir(t.owner, "Plans");
  const year = await mkdir(t.owner, "2027", plans.id);
  const file = await uploadOne(t.owner, "q1.txt", "draft", year.id);
  const lock = await mine(
    "LOCK",
    `/dav/${t.slug}/Plans/2027/q1.txt`,
    `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>` +
      `<D:locktype><D:write/></D:locktype><D:owner>m</D:owner></D:lockinfo>`,
    { Timeout: "Second-600" },
  );
  assert.equal(lock.status, 200);
  // Another member can neither trash, rename nor move the folder that holds the locked file.
  const path = `/api/documents/folders/${plans.id}`;
  const refused = await problem(await other.call("DELETE", path), 423);
  assert.match(refused.detail, /locked a file in this folder/);
  await problem(await other.call("PATCH", path, { name: "Old" }), 423);
  const elsewhere = await mkdir(t.owner, "Archive");
  await problem(await other.call("PATCH", path, { parentId: elsewhere.id }), 423);
  const trash = await (await t.owner.call("GET", "/api/documents/trash")).json();
  assert.ok(!JSON.stringify(trash).includes("Plans"));
  // Once an administrator breaks the lock, the folder moves and goes to the trash.
  const broke = await t.owner.call("DELETE", `/api/documents/files/${file.id}/lock`);
  assert.equal(broke.status, 200);
  assert.equal((await other.call("PATCH", path, { name: "Old" })).status, 200);
  assert.equal((await other.call("DELETE", path)).status, 204);
});

/** Every file under `dir`, relative path → bytes. */
async function tree(dir: string, sub = ""): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const e of Deno.readDir(`${dir}/${sub}`)) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory) { for (const [k, v] of await tree(dir, rel)) out.set(k, v); }
    else out.set(rel, await Deno.readTextFile(`${dir}/${rel}`));
  }
  return out;
}

itest("webdav: rclone syncs 200 files up and back, then changes both ways", async () => {
  if (!(await present("/usr/bin/rclone"))) return;
  const t = await newTenant();
  const member = await t.member(["member"]);
  const token = await appPassword(member);
  const owner = dav(basic("o", await appPassword(t.owner)));
  const root = `/dav/${t.slug}/`;
  // A folder inside the synced tree that the member cannot read.
  assert.equal((await owner("MKCOL", root + "sync/")).status, 201);
  assert.equal((await owner("MKCOL", root + "sync/hidden/")).status, 201);
  assert.equal((await owner("PUT", root + "sync/hidden/secret.txt", "no")).status, 201);
  const folders = await (await t.owner.call("GET", "/api/documents/folders")).json();
  const hidden = folders.items.find((f: { name: string }) => f.name === "hidden");
  await t.owner.call("PUT", `/api/documents/folders/${hidden.id}/permissions`, {
    inherit: false,
    entries: [],
  });
  const work = await Deno.makeTempDir({ prefix: "rclone-" });
  const up = `${work}/up`;
  const down = `${work}/down`;
  for (let d = 0; d < 10; d++) {
    await Deno.mkdir(`${up}/d${d}`, { recursive: true });
    for (let f = 0; f < 20; f++) {
      await Deno.writeTextFile(`${up}/d${d}/f${f}.txt`, `file ${d}/${f}\n`);
    }
  }
  await withServer(async (base) => {
    const obscured = await run(["obscure", token], {});
    const env = {
      RCLONE_CONFIG: `${work}/none.conf`,
      RCLONE_CONFIG_DAV_TYPE: "webdav",
      RCLONE_CONFIG_DAV_URL: `${base}${root}`,
      RCLONE_CONFIG_DAV_VENDOR: "other",
      RCLONE_CONFIG_DAV_USER: "member",
      RCLONE_CONFIG_DAV_PASS: obscured.trim(),
    };
    const rclone = (...args: string[]) => run([...args, "--retries", "1", "--transfers", "4"], env);
    await rclone("sync", up, "dav:sync");
    await rclone("sync", "dav:sync", down);
    assert.deepEqual(await tree(down), await tree(up));
    const listed = await rclone("lsf", "-R", "dav:");
    assert.ok(!listed.includes("secret"), listed);
    // Changes on both sides: local edits and a new file go up; a server-side edit comes down.
    await Deno.writeTextFile(`${up}/d0/f0.txt`, "changed locally, longer\n");
    await Deno.writeTextFile(`${up}/d9/new.txt`, "new\n");
    await Deno.remove(`${up}/d5/f5.txt`);
    await rclone("sync", up, "dav:sync");
    assert.equal(
      (await owner("PUT", root + "sync/d3/f3.txt", "edited on the server\n")).status,
      204,
    );
    await Deno.writeTextFile(`${up}/d3/f3.txt`, "edited on the server\n");
    await rclone("sync", "dav:sync", down);
    assert.deepEqual(await tree(down), await tree(up));
    assert.equal((await tree(down)).size, 200);
  });
  // The hidden file is still there for its owner.
  assert.equal(await (await owner("GET", root + "sync/hidden/secret.txt")).text(), "no");
});

async function run(args: string[], env: Record<string, string>) {
  const out = await new Deno.Command("/usr/bin/rclone", {
    args,
    env,
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  const text = new TextDecoder().decode(out.stdout);
  if (out.code !== 0) {
    throw new Error(`rclone ${args[0]} failed: ${text}${new TextDecoder().decode(out.stderr)}`);
  }
  return text;
}
