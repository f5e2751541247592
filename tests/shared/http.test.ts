import assert from "node:assert/strict";
import { callApp, itest, newTenant, problem, testApp } from "../helpers.ts";

itest("http: malformed JSON, wrong types and unknown paths are problem+json 4xx", async () => {
  const t = await newTenant();
  const post = (body: string, type = "application/json") =>
    t.owner.call("POST", "/api/admin/roles", body, { "Content-Type": type });
  await problem(await post("{"), 400);
  await problem(await post('{"key": 5, "name": [], "permissions": "x"}'), 400);
  await problem(await post("null"), 400);
  await problem(await post("key=x", "application/x-www-form-urlencoded"), 415);
  await problem(await t.owner.call("GET", "/api/nope"), 404);
  // A declared path with a method it does not answer: 405 with Allow, not 404.
  const wrong = await t.owner.call("DELETE", "/api/admin/roles");
  assert.match(wrong.headers.get("allow") ?? "", /GET/);
  await problem(wrong, 405);
  await problem(await callApp("/api/nope"), 401);
  await problem(await t.owner.call("GET", "/api/admin/users?q=%00"), 400);
  await problem(await post(JSON.stringify({ key: "nul", name: "a\u0000b", permissions: [] })), 400);
});

itest("http: an oversize body is a 413 problem and nothing is written", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  const big = JSON.stringify({
    key: "huge",
    name: "x".repeat(platform.config.BODY_LIMIT_BYTES),
    permissions: [],
  });
  await problem(await t.owner.call("POST", "/api/admin/roles", big), 413);
  const roles = await (await t.owner.call("GET", "/api/admin/roles")).json();
  assert.ok(!roles.items.some((r: { key: string }) => r.key === "huge"));
});

itest("http: a failed request rolls back everything it wrote", async () => {
  const t = await newTenant();
  // Roles are valid (so the membership update runs) but the last owner rule fails after it.
  const res = await t.owner.call("PATCH", `/api/admin/users/${t.owner.id}`, {
    name: "Changed",
    roles: ["viewer"],
  });
  await problem(res, 422);
  const list = await (await t.owner.call("GET", "/api/admin/users")).json();
  const owner = list.items.find((u: { id: string }) => u.id === t.owner.id);
  assert.equal(owner.name, "Owner");
});

itest("http: responses carry a request id and a strict Content-Security-Policy", async () => {
  const res = await callApp("/login");
  assert.ok(res.headers.get("x-request-id"));
  const csp = res.headers.get("content-security-policy") ?? "";
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  await res.body?.cancel();
});

itest("http: health and readiness", async () => {
  const health = await callApp("/healthz");
  assert.deepEqual(await health.json(), { status: "ok" });
  const ready = await callApp("/readyz");
  assert.equal(ready.status, 200);
  assert.equal((await ready.json()).status, "ready");
});

itest("openapi: every API route is documented, with security schemes", async () => {
  const { app } = await testApp();
  const res = await callApp("/openapi.json");
  const doc = await res.json();
  assert.equal(doc.openapi, "3.1.0");
  assert.ok(doc.components.securitySchemes.bearerAuth);
  assert.ok(doc.components.securitySchemes.cookieAuth);
  const documented = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path}`);
  }
  const served = app.routes
    .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL")
    .map((r) => `${r.method} ${r.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}")}`);
  assert.ok(served.length >= 13);
  const missing = served.filter((r) => !documented.has(r));
  assert.deepEqual(missing, [], "routes missing from /openapi.json");
  const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>)
    .flatMap((ops) => Object.values(ops).map((op) => op.operationId).filter(Boolean));
  assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), [], "operationIds are unique");
  const unnamed = Object.entries(
    doc.paths as Record<string, Record<string, { operationId?: string }>>,
  )
    .flatMap(([path, ops]) =>
      Object.entries(ops).filter(([, op]) => !op.operationId).map(([m]) => `${m} ${path}`)
    );
  assert.deepEqual(unnamed, [], "every operation has an operationId");
  for (
    const path of ["/api/auth/login", "/api/auth/me", "/api/auth/password", "/api/admin/users"]
  ) {
    for (const op of Object.values(doc.paths[path] as Record<string, { operationId?: string }>)) {
      assert.ok(op.operationId, `${path} has an operationId`);
    }
  }
  assert.deepEqual(doc.paths["/api/auth/login"].post.security, []);
  assert.ok(doc.paths["/api/admin/users"].get.responses["403"]);
  // Creating an account with a password is for operators; the route says where others go.
  const createUser = doc.paths["/api/admin/users"].post;
  assert.match(createUser.description, /platform operators only/);
  assert.match(createUser.description, /POST \/api\/admin\/invitations/);
  assert.ok(createUser.responses["403"]);
  assert.ok(doc.paths["/api/admin/invitations"].post, "the route it names exists");
});

itest("docs: the API reference page loads only the app's own assets", async () => {
  const res = await callApp("/docs");
  const html = await res.text();
  assert.equal(res.status, 200);
  assert.match(html, /<a class="docs-back" href="\/">/, "a way back to the app");
  assert.match(html, /<main id="swagger-ui"/, "the main landmark");
  const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])
    .filter((url) => url !== "/");
  assert.ok(urls.length >= 2);
  for (const url of urls) {
    assert.ok(url.startsWith("/"), `external asset ${url}`);
    const asset = await callApp(url);
    assert.equal(asset.status, 200, url);
    await asset.body?.cancel();
  }
  const init = await (await callApp("/assets/docs.js")).text();
  assert.match(init, /\/openapi\.json/);
});

itest("assets: served with a type and an ETag; unknown names are 404", async () => {
  const res = await callApp("/assets/htmx.min.js");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /javascript/);
  const etag = res.headers.get("etag")!;
  await res.body?.cancel();
  const again = await callApp("/assets/htmx.min.js", { headers: { "If-None-Match": etag } });
  assert.equal(again.status, 304);
  for (const name of ["deno.json", "..%2fdeno.json", "..%2F..%2Fetc%2Fpasswd"]) {
    const missing = await callApp(`/assets/${name}`);
    assert.equal(missing.status, 404, name);
    await missing.body?.cancel();
  }
  const jwks = await (await callApp("/.well-known/jwks.json")).json();
  assert.equal(jwks.keys.length, 1);
});
