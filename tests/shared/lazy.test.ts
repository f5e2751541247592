import assert from "node:assert/strict";
import { lazy } from "../../shared/lazy.ts";

Deno.test("lazy: made once, on first use, for every caller", async () => {
  let made = 0;
  const value = lazy(async () => {
    made++;
    await new Promise((r) => setTimeout(r, 5));
    return { n: made };
  });
  assert.equal(made, 0);
  const [a, b] = await Promise.all([value(), value()]);
  assert.equal(made, 1);
  assert.equal(a, b);
  assert.equal(await value(), a);
});

Deno.test("lazy: a failed attempt is not kept, the next caller tries again", async () => {
  let attempts = 0;
  const value = lazy(() => {
    attempts++;
    return attempts === 1 ? Promise.reject(new Error("not yet")) : Promise.resolve("ok");
  });
  await assert.rejects(value(), /not yet/);
  assert.equal(await value(), "ok");
  assert.equal(attempts, 2);
});

/**
 * The libraries few requests need are imported on first use (shared/lazy.ts): a static import
 * anywhere in the app would load them into every instance's heap at start again.
 */
const LOADED_ON_USE = [
  "@zxcvbn-ts/core",
  "@zxcvbn-ts/language-common",
  "@zxcvbn-ts/language-en",
  "pdf-lib",
  "@pdf-lib/fontkit",
  "@resvg/resvg-wasm",
  "mailparser",
  "@aws-sdk/client-s3",
  "./storage.s3.lib.ts",
];

async function appFiles(dir: string, out: string[] = []): Promise<string[]> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) await appFiles(path, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

Deno.test("lazy: the app imports the libraries few requests need only on first use", async () => {
  const files = [
    ...await appFiles("app"),
    ...await appFiles("modules"),
    ...await appFiles("platform"),
    ...await appFiles("shared"),
    ...await appFiles("ui"),
  ];
  const eager: string[] = [];
  for (const file of files) {
    // storage.s3.lib.ts is the S3 client itself: what it imports is loaded with it.
    if (file.endsWith("/storage.s3.lib.ts")) continue;
    const text = await Deno.readTextFile(file);
    for (const [, spec] of text.matchAll(/^import\s+(?!type\b)[^;]*?\bfrom\s+"([^"]+)"/gms)) {
      if (LOADED_ON_USE.includes(spec)) eager.push(`${file}: ${spec}`);
    }
  }
  assert.deepEqual(eager, []);
  assert.ok(files.length > 500, `only ${files.length} files read`);
});
