/**
 * What the architecture test reads: the tree's source files, their relative imports, and the
 * layer rules of DESIGN.md as one function (null = allowed, otherwise the reason).
 */
import { dirname, join, normalize, relative } from "node:path";

const ROOT = new URL("../", import.meta.url).pathname;
const SKIP = /^(node_modules|data|\.git)\//;

export async function sourceFiles(dir = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(join(ROOT, dir))) {
    const path = dir ? `${dir}/${e.name}` : e.name;
    if (SKIP.test(path + "/")) continue;
    if (e.isDirectory) out.push(...await sourceFiles(path));
    else if (/\.tsx?$/.test(e.name)) out.push(path);
  }
  return out.sort();
}

// Static imports, re-exports, side-effect imports and dynamic import() of a literal path.
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^"'`;]*?from\s*["']([^"']+)["']|(?:^|[\s;])import\s*\(?\s*["']([^"']+)["']/g;

/** The repository paths a file imports (relative imports only; packages are not layers). */
export async function importsOf(file: string): Promise<string[]> {
  const src = (await Deno.readTextFile(join(ROOT, file)))
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const found = new Set<string>();
  for (const m of src.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec?.startsWith(".")) {
      found.add(relative(ROOT, normalize(join(ROOT, dirname(file), spec))));
    }
  }
  return [...found];
}

const layer = (f: string) => f.split("/")[0];
const isPublic = (f: string) => /\/public\.tsx?$/.test(f);
/** "platform/identity/x.ts" → "platform/identity"; "modules/support/t/x.ts" → "modules/support". */
const unit = (f: string) => f.split("/").slice(0, 2).join("/");
const kind = (f: string) => f.match(/\.(view|pages|handlers|repo|service)\.tsx?$/)?.[1];

export function layerRules(from: string, to: string): string | null {
  const src = layer(from);
  const dst = layer(to);
  if (
    dst === "app" &&
    !["main.ts", "worker.ts", "app", "tests", "bench", "scripts", "clients"].includes(src)
  ) {
    return "only entry points (main.ts, worker.ts, scripts, tests, bench, clients) use the " +
      "composed app";
  }
  // clients/: programs written against the API document (the typed client's smoke run).
  if (["main.ts", "worker.ts", "tests", "bench", "scripts", "clients"].includes(src)) return null;
  if (src === "shared" && dst !== "shared") {
    return "shared/ is infrastructure and imports only shared/";
  }
  if (src === "ui" && !["ui", "shared"].includes(dst)) {
    return "ui/ takes data as props: ui and shared only";
  }
  if (src === "platform" || src === "modules") {
    if (!["shared", "ui", "platform", "modules"].includes(dst)) {
      return `${src}/ cannot import ${dst}/`;
    }
    if (src === "platform" && dst === "modules") return "platform features do not know modules";
    if ((dst === "platform" || dst === "modules") && unit(to) !== unit(from) && !isPublic(to)) {
      return `another unit's non-public file (import ${unit(to)}/public.ts)`;
    }
  }
  const k = kind(from);
  const kt = kind(to);
  if (k === "view" && (kt === "repo" || kt === "service" || kt === "handlers")) {
    return "a view takes data as props and never reaches a repo, service or handler";
  }
  if ((k === "pages" || k === "handlers") && kt === "repo") {
    return "pages and handlers go through a service";
  }
  if ((k === "pages" && kt === "handlers") || (k === "handlers" && kt === "pages")) {
    return "pages and handlers do not import each other";
  }
  return null;
}
