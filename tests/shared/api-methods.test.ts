/**
 * A wrong method on an existing API path answers 405 problem+json with `Allow` (RFC 9110), for
 * every path of /openapi.json; a path nothing declares stays 404. Driven by the document, so new
 * modules are covered the day they land.
 */
import assert from "node:assert/strict";
import { itest, newTenant } from "../helpers.ts";
import { operations } from "./api-sweep.fixtures.ts";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const ID = "0195f3a2-7c1e-7000-8000-000000000001";

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, ID);
const pattern = (path: string) =>
  new RegExp(
    `^${path.split(/\{[^}]+\}/).map((p) => p.replace(/[.*+?^$()|[\]\\]/g, "\\$&")).join("[^/]+")}$`,
  );

itest("every API path: an undeclared method → 405 with Allow; unknown paths → 404", async () => {
  const t = await newTenant();
  const { ops } = await operations();
  const declared = new Map<string, Set<string>>();
  for (const op of ops) {
    if (!declared.has(op.path)) declared.set(op.path, new Set());
    declared.get(op.path)!.add(op.method);
  }
  let checked = 0;
  for (const [path, methods] of declared) {
    const url = concrete(path);
    // Methods some template matching this concrete address declares (they route, not 405).
    const routed = new Set<string>();
    for (const [other, m] of declared) {
      if (pattern(other).test(url)) m.forEach((x) => routed.add(x));
    }
    const wrong = METHODS.find((m) => !routed.has(m));
    if (!wrong) continue;
    const res = await t.owner.call(
      wrong,
      url,
      wrong === "GET" || wrong === "DELETE" ? undefined : {},
    );
    const body = await res.text();
    assert.equal(res.status, 405, `${wrong} ${path}: ${body.slice(0, 200)}`);
    assert.equal(res.headers.get("content-type"), "application/problem+json", path);
    const allow = (res.headers.get("allow") ?? "").split(/,\s*/);
    for (const m of methods) assert.ok(allow.includes(m), `${path}: Allow ${allow} lacks ${m}`);
    assert.ok(!allow.includes(wrong), `${path}: Allow names ${wrong}`);
    if (methods.has("GET")) assert.ok(allow.includes("HEAD"), path);
    assert.equal(JSON.parse(body).type, "/problems/method-not-allowed");
    checked++;
  }
  assert.ok(checked > 150, `only ${checked} paths checked`);

  const missing = await t.owner.call("GET", "/api/support/no-such-thing");
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get("allow"), null);
  await missing.body?.cancel();
});
