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

/** Each path template of /openapi.json and the methods it declares. */
async function declaredMethods() {
  const declared = new Map<string, Set<string>>();
  for (const op of (await operations()).ops) {
    if (!declared.has(op.path)) declared.set(op.path, new Set());
    declared.get(op.path)!.add(op.method);
  }
  return declared;
}

itest("every API path: an undeclared method → 405 with Allow; unknown paths → 404", async () => {
  const t = await newTenant();
  const declared = await declaredMethods();
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

/** `Allow` as the app writes it: the declared methods, HEAD with GET, sorted. */
const allowOf = (methods: Set<string>) =>
  [...methods, ...(methods.has("GET") ? ["HEAD"] : [])].sort().join(", ");

itest(
  "static paths beside a parameter route: other methods → 405 with that path's Allow",
  async () => {
    const t = await newTenant();
    const declared = await declaredMethods();
    // Every path whose concrete address another (parameter) template also matches, say
    // /files/upload beside /files/{id}: a method it does not declare is judged by it alone.
    const table = [...declared].flatMap(([path, methods]) => {
      const url = concrete(path);
      const beside = [...declared.keys()].filter((other) =>
        other !== path && pattern(other).test(url)
      );
      if (!beside.length) return [];
      return [...METHODS, "HEAD"].filter((m) =>
        !methods.has(m) && !(m === "HEAD" && methods.has("GET"))
      )
        .map((method) => ({ method, path, url, beside, allow: allowOf(methods) }));
    });
    assert.ok(new Set(table.map((r) => r.path)).size >= 10, `only ${table.length} rows`);

    const wrong: string[] = [];
    for (const row of table) {
      const body = ["GET", "HEAD", "DELETE"].includes(row.method) ? undefined : {};
      const res = await t.owner.call(row.method, row.url, body);
      const text = await res.text();
      const allow = res.headers.get("allow");
      const type = res.headers.get("content-type");
      if (res.status !== 405 || allow !== row.allow || type !== "application/problem+json") {
        wrong.push(
          `${row.method} ${row.path} (beside ${row.beside.join(", ")}) → ${res.status}, ` +
            `Allow: ${allow}; want 405, Allow: ${row.allow} ${text.slice(0, 80)}`,
        );
      }
    }
    assert.deepEqual(wrong, [], `${wrong.length} of ${table.length}:\n${wrong.join("\n")}`);
  },
);
