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
  "echarts",
  "nodemailer",
  "hash-wasm",
  "email-reply-parser",
  "mysql2",
  "@simplewebauthn/server",
  "busboy",
  "bpmnlint",
];
/**
 * App files that are themselves imported on first use, each the one user of a library above (the
 * S3 storage of the S3 client, the BPMN linter of bpmnlint): what they import is loaded with them,
 * and importing one statically would load it at start.
 */
const LOADED_FILES = /(^|\/)(storage\.s3|definitions\.lint)\.lib\.ts$/;

/**
 * Static imports, re-exports and side-effect imports that load code (not `import type`, not a
 * dynamic `import(…)`), each statement's specifier.
 */
const STATIC_IMPORT =
  /(?:^|[;\n])\s*(?:import|export)\s+(?!type\s)(?:[^"'`;()]*?\bfrom\s*)?["']([^"']+)["']/g;

/** The specifiers a source file loads when it is loaded (comments removed first). */
function staticImports(source: string): string[] {
  const src = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...src.matchAll(STATIC_IMPORT)].map((m) => m[1]);
}

/** The package a specifier names (`npm:pdf-lib@1/x` → `pdf-lib`), or null for a path. */
function packageOf(spec: string): string | null {
  if (spec.startsWith(".") || spec.startsWith("/")) return null;
  return spec.match(/^(?:npm:\/?)?((?:@[^/@]+\/)?[^/@]+)/)?.[1] ?? null;
}

async function appFiles(dir: string, out: string[] = []): Promise<string[]> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) await appFiles(path, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

Deno.test("lazy: the import check sees every form of static import", () => {
  const found = staticImports(`
    import { a } from "pdf-lib";
    import b, { c } from 'mailparser';
    import {
      d,
    } from "npm:@aws-sdk/client-s3@3";
    import "@resvg/resvg-wasm";
    export { e } from "@zxcvbn-ts/core";
    export * from "./storage.s3.lib.ts";
    import type { F } from "@pdf-lib/fontkit";
    export type { G } from "@zxcvbn-ts/language-en";
    const h = await import("@zxcvbn-ts/language-common");
    // import { i } from "pdf-lib";
    /* import "mailparser"; */
  `);
  assert.deepEqual(found, [
    "pdf-lib",
    "mailparser",
    "npm:@aws-sdk/client-s3@3",
    "@resvg/resvg-wasm",
    "@zxcvbn-ts/core",
    "./storage.s3.lib.ts",
  ]);
  assert.equal(packageOf("npm:@aws-sdk/client-s3@3"), "@aws-sdk/client-s3");
  assert.equal(packageOf("pdf-lib/cjs/api"), "pdf-lib");
});

Deno.test("lazy: the app imports the libraries few requests need only on first use", async () => {
  const files = [
    "main.ts",
    "worker.ts",
    ...await appFiles("app"),
    ...await appFiles("modules"),
    ...await appFiles("platform"),
    ...await appFiles("shared"),
    ...await appFiles("ui"),
  ];
  const eager: string[] = [];
  for (const file of files) {
    if (LOADED_FILES.test(file)) continue;
    for (const spec of staticImports(await Deno.readTextFile(file))) {
      const pkg = packageOf(spec);
      if ((pkg && LOADED_ON_USE.includes(pkg)) || LOADED_FILES.test(spec)) {
        eager.push(`${file}: ${spec}`);
      }
    }
  }
  assert.deepEqual(eager, []);
  assert.ok(files.length > 500, `only ${files.length} files read`);
});
