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
  return [...new Set((await importDetails(file)).map((i) => i.path))];
}

/** Each relative import of a file, and whether it imports types only (`import type …`). */
export async function importDetails(file: string): Promise<{ path: string; typeOnly: boolean }[]> {
  const src = (await Deno.readTextFile(join(ROOT, file)))
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const found: { path: string; typeOnly: boolean }[] = [];
  for (const m of src.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec?.startsWith(".")) {
      found.push({
        path: relative(ROOT, normalize(join(ROOT, dirname(file), spec))),
        typeOnly: /^[\s;]*(import|export)\s+type\s/.test(m[0]),
      });
    }
  }
  return found;
}

const layer = (f: string) => f.split("/")[0];
const isPublic = (f: string) => /\/public\.tsx?$/.test(f);
/** "platform/identity/x.ts" → "platform/identity"; "modules/support/t/x.ts" → "modules/support". */
const unit = (f: string) => f.split("/").slice(0, 2).join("/");
const kind = (f: string) => f.match(/\.(view|pages|handlers|repo|service)\.tsx?$/)?.[1];
/** What a view may import besides ui/: data shapes, pure rules and helpers, texts, views. */
const VIEW_IMPORTS = ["schemas", "rules", "lib", "messages", "view", "public"];
const PURE_IMPORTS = ["schemas", "rules", "lib", "messages", "public"];

export function layerRules(from: string, to: string, typeOnly = false): string | null {
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
  if (src === "app") {
    const manifest = /^(modules|platform)\/[^/]+\/mod\.ts$/.test(to);
    if (!manifest && !["app", "shared", "ui"].includes(dst)) {
      return "app/ composes manifests: it imports only mod.ts files, shared/ and ui/";
    }
    return null;
  }
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
  const role = fileRole(from);
  const roleTo = /^(modules|platform)\//.test(to) ? fileRole(to) : null;
  if (role === "view" && !typeOnly && !["ui", "shared"].includes(dst)) {
    if (!VIEW_IMPORTS.includes(roleTo ?? "")) {
      return "a view imports only schemas, rules, lib, messages, views and ui/";
    }
  }
  if (role === "view" && !typeOnly && dst === "shared" && !/^shared\/(i18n|text)\//.test(to)) {
    return "a view imports from shared/ only texts (i18n, text) and types";
  }
  if ((role === "lib" || role === "rules") && !typeOnly && ["modules", "platform"].includes(dst)) {
    if (!PURE_IMPORTS.includes(roleTo ?? "")) {
      return `a ${role} file is pure: it imports only schemas, rules, lib and messages`;
    }
  }
  if (
    (role === "lib" || role === "rules") && !typeOnly &&
    /^shared\/(db|jobs)\/|^shared\/http\/(?!problem\.ts)/.test(to)
  ) {
    return `a ${role} file is pure: no database, HTTP or jobs from shared/`;
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

// ---------------------------------------------------------------------------------------------
// File roles (DESIGN.md "File roles"): every file under modules/ and platform/ is one of a closed
// set, named for its role, and each role may hold and import only what the role is for.

/** The roles a file under modules/ or platform/ can have; null = none (a violation). */
export function fileRole(path: string): string | null {
  const name = path.split("/").pop()!;
  const depth = path.split("/").length;
  if (depth === 3 && ["mod.ts", "public.ts", "events.ts"].includes(name)) {
    return name.replace(".ts", "");
  }
  if (/\.(js|css)$/.test(name)) return "asset";
  const m = name.match(/^[a-z0-9][a-z0-9.-]*\.([a-z]+)\.(tsx?)$/);
  if (!m) return null;
  const [, role, ext] = m;
  if (["pages", "view"].includes(role)) return ext === "tsx" ? role : null;
  if (
    ["schemas", "routes", "handlers", "service", "repo", "rules", "messages", "lib"].includes(role)
  ) {
    return ext === "ts" ? role : null;
  }
  // Request middleware of a platform feature (authentication, CSRF): one file each.
  if (role === "middleware" && path.startsWith("platform/")) return ext === "ts" ? role : null;
  return null;
}

/** Every file under modules/ and platform/ (any extension). */
export async function unitFiles(): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(join(ROOT, dir))) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else out.push(path);
    }
  };
  await walk("modules");
  await walk("platform");
  return out.sort();
}

const stripComments = (src: string) =>
  src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** A tagged template sent to the database (`sql\`…\``, `tx\`…\``) or a raw `unsafe(…)`. */
const SQL = /(?<![\w$.])(sql|tx|\w+Sql|\w+Tx)\s*`|\.unsafe\s*\(/;
/** Imports that make code impure: the HTTP framework and the database. */
const IMPURE_PACKAGE =
  /from\s+["'](hono|hono\/[^"']*|@hono\/[^"']*|postgres|@electric-sql\/[^"']*)["']/;

/**
 * What a file's content breaks of its role's rules (besides imports): SQL outside repos and
 * shared/db, public.ts that does more than re-export, impure lib and rules files.
 */
export function contentRules(file: string, source: string): string[] {
  const src = stripComments(source);
  const role = fileRole(file);
  const out: string[] = [];
  const inUnits = /^(modules|platform)\//.test(file);
  const sqlAllowed = role === "repo" || file.startsWith("shared/db/") || !/\.tsx?$/.test(file);
  if (
    (inUnits || file.startsWith("app/") || file.startsWith("ui/")) && !sqlAllowed && SQL.test(src)
  ) {
    out.push("SQL only in *.repo.ts (and shared/db)");
  }
  if (role === "public") {
    const statements = src.split(";").map((s) => s.trim()).filter(Boolean);
    const reExport = /^export\s+(type\s+)?(\*|\*\s+as\s+\w+|\{[^}]*\})\s+from\s+["'][^"']+["']$/;
    if (statements.some((s) => !reExport.test(s))) {
      out.push("public.ts only re-exports (export … from)");
    }
  }
  if ((role === "lib" || role === "rules") && IMPURE_PACKAGE.test(src)) {
    out.push(`a ${role} file is pure: no HTTP framework, no database driver`);
  }
  return out;
}

/** Units (modules/x, platform/x) that lack a required file. */
export function missingUnitFiles(files: string[]): string[] {
  const units = [...new Set(files.map((f) => f.split("/").slice(0, 2).join("/")))];
  const out: string[] = [];
  for (const u of units) {
    for (const need of ["mod.ts", "public.ts", "events.ts"]) {
      if (!files.includes(`${u}/${need}`)) out.push(`${u}/${need}`);
    }
  }
  return out;
}
