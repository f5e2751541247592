import assert from "node:assert/strict";
import { type Context, Hono } from "hono";
import type { AppEnv, Session } from "../../shared/http/env.ts";
import { Problem, problemResponse } from "../../shared/http/problem.ts";
import { withScope } from "../../shared/db/scope.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { newTenant, problem, testApp } from "../helpers.ts";
import { attachments } from "../../modules/documents/attachments/attachments.service.ts";
import { saveSettings } from "../../modules/documents/settings/settings.service.ts";
import { dtest, form, interruptedBody, settledObjects, tenantObjects } from "./helpers.ts";

/** A bare app whose routes call the attachment service the way another module would. */
async function serviceApp() {
  const { platform } = await testApp();
  const tenant = await newTenant();
  const scope = { tenantId: tenant.id, userId: tenant.owner.id };
  const app = new Hono<AppEnv>();
  app.onError((err, c) => {
    if (err instanceof Problem) return problemResponse(c, err);
    throw err;
  });
  app.use("*", async (c, next) => {
    c.set("platform", platform);
    c.set("session", { tenantId: tenant.id, userId: tenant.owner.id } as Session);
    c.set("scope", (fn) => withScope(platform.db.sql, scope, fn));
    await next();
  });
  const owner = (c: { req: { param(k: string): string } }) => ({
    module: "projects",
    entityType: "task",
    entityId: c.req.param("task"),
  });
  const via = (c: Context<AppEnv>) => ({
    owner: owner(c),
    upload: { request: c.req.raw, scope: c.var.scope, config: c.var.platform.config },
  });
  app.post(
    "/t/:task",
    async (c) => c.json(await attachments.storeFromRequest(actorOf(c), via(c)), 201),
  );
  app.get("/t/:task", async (c) => c.json(await attachments.list(actorOf(c), via(c))));
  app.get(
    "/t/:task/:id",
    (c) => attachments.download(actorOf(c), { ...via(c), id: c.req.param("id") }),
  );
  app.delete("/t/:task/:id", async (c) => {
    await attachments.remove(actorOf(c), { ...via(c), id: c.req.param("id") });
    return c.body(null, 204);
  });
  app.delete("/t/:task", async (c) => {
    await attachments.removeAll(actorOf(c), via(c));
    return c.body(null, 204);
  });
  const sql = <T>(fn: (tx: import("../../shared/db/database.ts").Sql) => Promise<T>) =>
    withScope(platform.db.sql, scope, fn);
  return { app, tenant, sql };
}

dtest("attachments: store, list, download with range, remove", async (storage) => {
  const { app, tenant, sql } = await serviceApp();
  const res = await app.request("/t/task-1", {
    method: "POST",
    body: form([["Çalışma planı.txt", "merhaba dünya"], ["b.bin", new Uint8Array([1, 2, 3])]]),
  });
  assert.equal(res.status, 201);
  const stored = await res.json();
  assert.equal(stored.length, 2);
  assert.equal(stored[0].name, "Çalışma planı.txt");
  assert.equal(stored[0].size, new TextEncoder().encode("merhaba dünya").byteLength);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode("merhaba dünya"));
  assert.equal(
    stored[0].sha256,
    [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join(""),
  );
  assert.equal(stored[0].createdBy, tenant.owner.id);

  const listed = await (await app.request("/t/task-1")).json();
  assert.deepEqual(
    listed.map((a: { id: string }) => a.id),
    stored.map((a: { id: string }) => a.id),
  );
  assert.deepEqual(await (await app.request("/t/task-2")).json(), []);

  const dl = await app.request(`/t/task-1/${stored[0].id}`);
  assert.equal(dl.status, 200);
  assert.equal(await dl.text(), "merhaba dünya");
  assert.equal(dl.headers.get("x-content-type-options"), "nosniff");
  assert.equal(dl.headers.get("etag"), `"${stored[0].sha256}"`);
  assert.match(
    dl.headers.get("content-disposition")!,
    /^attachment; filename="Calisma plani.txt"; filename\*=UTF-8''%C3%87al%C4%B1%C5%9Fma%20plan%C4%B1.txt$/,
  );
  const part = await app.request(`/t/task-1/${stored[0].id}`, { headers: { Range: "bytes=0-6" } });
  assert.equal(part.status, 206);
  assert.equal(part.headers.get("content-range"), `bytes 0-6/${stored[0].size}`);
  assert.equal(await part.text(), "merhaba");

  // Another owner's id is not found; so is a malformed id.
  await problem(await app.request(`/t/task-2/${stored[0].id}`), 404);
  await problem(await app.request(`/t/task-1/not-a-uuid`), 404);
  await problem(await app.request(`/t/task-2/${stored[0].id}`, { method: "DELETE" }), 404);

  assert.equal((await tenantObjects(storage, tenant.id)).length, 2);
  assert.equal((await app.request(`/t/task-1/${stored[0].id}`, { method: "DELETE" })).status, 204);
  await problem(await app.request(`/t/task-1/${stored[0].id}`), 404);
  assert.equal((await app.request("/t/task-1", { method: "DELETE" })).status, 204);
  assert.deepEqual(await (await app.request("/t/task-1")).json(), []);
  assert.deepEqual(await settledObjects(storage, tenant.id), []);
  const audit = await sql((tx) =>
    tx`select action from activity where entity_type = 'attachment' order by occurred_at, id`
  );
  assert.deepEqual(audit.map((r) => r.action), [
    "uploaded",
    "uploaded",
    "downloaded",
    "downloaded",
    "deleted",
    "deleted",
  ]);
});

dtest("attachments: bad input, size limit and quota leave nothing behind", async (storage) => {
  const { app, tenant, sql } = await serviceApp();
  await problem(await app.request("/t/x", { method: "POST", body: "{}" }), 400);
  await problem(await app.request("/t/x", { method: "POST", body: new FormData() }), 400);
  const noFile = new FormData();
  noFile.append("note", "hello");
  await problem(await app.request("/t/x", { method: "POST", body: noFile }), 400);

  await sql((tx) => saveSettings({ sql: tx }, { maxFileBytes: 1000 }));
  const big = new Uint8Array(300 * 1024).fill(7);
  const tooLarge = await app.request("/t/x", {
    method: "POST",
    body: form([["small.txt", "ok"], ["big.bin", big]]),
  });
  await problem(tooLarge, 413);

  await sql((tx) => saveSettings({ sql: tx }, { maxFileBytes: 10_000_000, quotaBytes: 10 }));
  await problem(
    await app.request("/t/x", { method: "POST", body: form([["q.txt", "more than ten"]]) }),
    422,
  );
  assert.deepEqual(await (await app.request("/t/x")).json(), []);
  assert.deepEqual(await tenantObjects(storage, tenant.id), []);
});

dtest("attachments: an interrupted upload leaves no row and no object", async (storage) => {
  const { app, tenant } = await serviceApp();
  const boundary = "----interrupted" + crypto.randomUUID();
  const res = await app.request("/t/x", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body: interruptedBody(boundary, "half.bin", 6 * 1024 * 1024),
    // @ts-ignore: Deno needs duplex for a streamed request body
    duplex: "half",
  });
  assert.ok(res.status >= 400 && res.status < 500, `status ${res.status}`);
  await res.body?.cancel();
  assert.deepEqual(await (await app.request("/t/x")).json(), []);
  assert.deepEqual(await tenantObjects(storage, tenant.id), []);
  if (storage.mode === "local") {
    const { platform } = await testApp();
    const tmp = await Array.fromAsync(Deno.readDir(`${platform.config.LOCAL_STORAGE_PATH}/tmp`))
      .catch(() => []);
    assert.deepEqual(tmp, []);
  }
});
