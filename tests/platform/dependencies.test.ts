/**
 * Issue 18, first start: the server's import map and lock file (deno.json, deno.lock) hold only
 * what `deno task start` runs, so a fresh machine downloads no test tooling; the tests' config
 * (deno.test.json, deno.test.lock) adds the test-only packages. The two must stay in step: the
 * same version of every shared import, the same resolved packages with the same integrity, and
 * no server file importing a package only the tests' config knows.
 */
import assert from "node:assert/strict";
import { sourceFiles } from "../architecture.rules.ts";

const ROOT = new URL("../../", import.meta.url);

interface Config {
  imports: Record<string, string>;
  compilerOptions: unknown;
  unstable: unknown;
  tasks?: Record<string, string>;
  lock?: unknown;
  nodeModulesDir?: string;
}
interface Lock {
  specifiers: Record<string, string>;
  npm: Record<string, { integrity: string; dependencies?: string[] }>;
  workspace: { dependencies: string[] };
}

const readJson = async <T>(name: string): Promise<T> =>
  JSON.parse(await Deno.readTextFile(new URL(name, ROOT))) as T;

const server = await readJson<Config>("deno.json");
const tests = await readJson<Config>("deno.test.json");
const serverLock = await readJson<Lock>("deno.lock");
const testLock = await readJson<Lock>("deno.test.lock");

const testOnly = Object.keys(tests.imports).filter((k) => !(k in server.imports));
/** `name@version` → name (a scoped name keeps its leading @). */
const packageName = (key: string) => key.slice(0, key.indexOf("@", 1));
/**
 * A lock file's dependency entries as full `name@version` keys: it leaves the version out when
 * only one version of that package is in the file, so the two files may spell one edge
 * differently — and two versions must not pass as one.
 */
function fullDeps(lock: Lock, deps: string[] = []) {
  const only = new Map<string, string[]>();
  for (const key of Object.keys(lock.npm)) {
    const name = packageName(key);
    only.set(name, [...(only.get(name) ?? []), key]);
  }
  return deps.map((dep) => {
    if (dep.lastIndexOf("@") > 0) return dep;
    const keys = only.get(dep) ?? [];
    assert.equal(keys.length, 1, `${dep} is named without a version but has ${keys.length}`);
    return keys[0];
  }).sort();
}

Deno.test("dependencies: the tests' config is the server's plus test-only packages", () => {
  for (const [name, target] of Object.entries(server.imports)) {
    assert.equal(tests.imports[name], target, `deno.test.json must map ${name} as deno.json does`);
  }
  assert.deepEqual(tests.compilerOptions, server.compilerOptions);
  assert.deepEqual(tests.unstable, server.unstable);
  assert.equal(tests.lock, "./deno.test.lock");
  // The tests resolve packages from Deno's cache: they never rewrite the server's node_modules
  // (a server started while tests run would otherwise prune their packages, and the reverse).
  assert.equal(tests.nodeModulesDir, "none");
  assert.equal(server.nodeModulesDir, "auto");
  assert.ok(testOnly.includes("playwright-core") && testOnly.includes("s3rver"));
});

Deno.test("dependencies: deno.lock is the part of deno.test.lock the server uses", () => {
  for (const [spec, resolved] of Object.entries(serverLock.specifiers)) {
    assert.equal(testLock.specifiers[spec], resolved, `${spec} resolves differently`);
  }
  for (const [key, entry] of Object.entries(serverLock.npm)) {
    const other = testLock.npm[key];
    assert.ok(other, `${key} is in deno.lock but not in deno.test.lock`);
    assert.equal(entry.integrity, other.integrity, `${key} has another integrity`);
    assert.deepEqual(
      fullDeps(serverLock, entry.dependencies),
      fullDeps(testLock, other.dependencies),
      `${key} depends on other packages or versions`,
    );
  }
  const names = new Set(Object.keys(serverLock.npm).map(packageName));
  for (const name of testOnly) {
    assert.ok(!names.has(name), `deno.lock holds the test-only package ${name}`);
  }
  const declared = Object.values(server.imports).filter((t) => !t.endsWith("/")).sort();
  assert.deepEqual([...serverLock.workspace.dependencies].sort(), declared);
});

Deno.test("dependencies: no server file imports a test-only package", async () => {
  // Everything but the tests and the tools that run with the tests' config.
  const testSide = /^(tests|bench|clients)\/|^scripts\/(screenshots|typed-client|run-tests)\.ts$/;
  const files = (await sourceFiles()).filter((f) => !testSide.test(f));
  const offenders: string[] = [];
  for (const file of files) {
    const text = await Deno.readTextFile(new URL(file, ROOT));
    for (const name of testOnly) {
      if (new RegExp(`(from|import)\\s*\\(?\\s*"${name}(/[^"]*)?"`).test(text)) {
        offenders.push(`${file}: ${name}`);
      }
    }
  }
  assert.ok(files.length > 100, "the walk found the server's files");
  assert.deepEqual(offenders, []);
});
