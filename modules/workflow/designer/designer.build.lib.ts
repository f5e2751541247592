/**
 * Builds the designer's and the diagram viewer's browser bundles from the installed npm
 * packages (bpmn-js, its properties panel, the Camunda behaviours) with `deno bundle`, and their
 * style sheets by joining the packages' CSS with ours. The output lives under ./data (git-ignored)
 * and is rebuilt only when deno.lock or one of our client files changes, so a clean clone builds
 * once (about a second) and every later start or test file reuses it.
 */
import { log } from "../../../shared/log.ts";

const root = new URL("../../../", import.meta.url);
const here = (path: string) => new URL(path, import.meta.url);
const pkg = (path: string) => new URL(`node_modules/${path}`, root);

/** Where the built files go (served by ui/assets.ts through designer/designer.assets.lib.ts). */
export const OUT_DIR = new URL("data/assets/workflow/", root);
/** Bumped when the build itself changes shape, so old outputs are not reused. */
const BUILD_VERSION = "1";

/** The bundles: output name → entry file. */
const BUNDLES: Record<string, URL> = {
  "designer.js": here("./client/designer.entry.js"),
  "viewer.js": here("./client/viewer.entry.js"),
};

const BASE_CSS = [
  pkg("bpmn-js/dist/assets/diagram-js.css"),
  pkg("bpmn-js/dist/assets/bpmn-js.css"),
  pkg("bpmn-js/dist/assets/bpmn-font/css/bpmn.css"),
];

/** The style sheets: output name → the files joined into it (ours last, so they win). */
const STYLES: Record<string, URL[]> = {
  "designer.css": [
    ...BASE_CSS,
    pkg("@bpmn-io/properties-panel/dist/assets/properties-panel.css"),
    here("./client/diagram.css"),
    here("./client/designer.css"),
  ],
  "viewer.css": [...BASE_CSS, here("./client/diagram.css")],
};

/** The BPMN icon font, served beside the style sheets. */
export const FONTS: Record<string, URL> = {
  "bpmn.woff2": pkg("bpmn-js/dist/assets/bpmn-font/font/bpmn.woff2"),
  "bpmn.woff": pkg("bpmn-js/dist/assets/bpmn-font/font/bpmn.woff"),
};

/** Every output file name (bundles and style sheets). */
export const OUTPUTS = [...Object.keys(BUNDLES), ...Object.keys(STYLES)];

const STAMP = "build.stamp";

/** Files whose change calls for a rebuild: the lock file and everything in client/. */
async function inputs(): Promise<URL[]> {
  const files = [new URL("deno.lock", root), here("./designer.build.lib.ts")];
  for await (const e of Deno.readDir(here("./client/"))) {
    if (e.isFile) files.push(here(`./client/${e.name}`));
  }
  return files.sort((a, b) => a.href.localeCompare(b.href));
}

async function fingerprint(): Promise<string> {
  const parts = [BUILD_VERSION];
  for (const f of await inputs()) parts.push(f.pathname, await Deno.readTextFile(f));
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("\0")));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function readStamp(): Promise<string | null> {
  try {
    return (await Deno.readTextFile(new URL(STAMP, OUT_DIR))).trim();
  } catch {
    return null;
  }
}

async function exists(url: URL) {
  try {
    await Deno.stat(url);
    return true;
  } catch {
    return false;
  }
}

/** Writes through a temporary name, so a concurrent reader never sees half a file. */
async function writeAtomic(name: string, data: string | Uint8Array) {
  const tmp = new URL(`${name}.${crypto.randomUUID()}.tmp`, OUT_DIR);
  if (typeof data === "string") await Deno.writeTextFile(tmp, data);
  else await Deno.writeFile(tmp, data);
  await Deno.rename(tmp, new URL(name, OUT_DIR));
}

async function denoBundle(entry: URL, out: URL, minify: boolean) {
  const args = ["bundle", "--quiet", "--platform", "browser", "--format", "esm"];
  const done = await new Deno.Command(Deno.execPath(), {
    args: [...args, ...(minify ? ["--minify"] : []), "-o", out.pathname, entry.pathname],
    cwd: root.pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!done.success) {
    throw new Error(`deno bundle ${entry.pathname}: ${new TextDecoder().decode(done.stderr)}`);
  }
}

/**
 * diagram-js's UI (popup menus) renders with preact 10, but builds its markup with htm/preact,
 * whose undeclared `preact` import resolves to the app's preact 11: vnodes of one copy render
 * as nothing in the other. The entry files hand preact 10's `h` over (globalThis.__wfPreactH)
 * and htm is bound to it at call time. A package update that changes this shape fails loudly.
 */
const HTM_PREACT = /(\/\/ [^\n]*htm\/preact\/index\.module\.js\nvar \w+ = )(\w+)\.bind\(\w+\);/;
export function withOnePreact(js: string, required: boolean): string {
  if (!HTM_PREACT.test(js)) {
    if (required) throw new Error("htm/preact binding not found: check the preact workaround");
    return js;
  }
  return js.replace(
    HTM_PREACT,
    (_all, head: string, htm: string) =>
      `${head}function() { return ${htm}.apply(globalThis.__wfPreactH, arguments); };`,
  );
}

/** Bundles (readable), patches, then minifies the patched bundle. */
async function bundle(name: string, entry: URL) {
  const stem = new URL(`${name}.${crypto.randomUUID()}`, OUT_DIR).pathname;
  const [plain, patched, min] = [".plain.js", ".patched.js", ".min.js"].map((x) =>
    new URL(`file://${stem}${x}`)
  );
  try {
    await denoBundle(entry, plain, false);
    const js = withOnePreact(await Deno.readTextFile(plain), name === "designer.js");
    await Deno.writeTextFile(patched, withoutInlineStyles(js));
    await denoBundle(patched, min, true);
    await Deno.rename(min, new URL(name, OUT_DIR));
  } finally {
    for (const f of [plain, patched, min]) await Deno.remove(f).catch(() => {});
  }
}

/**
 * Markup with style attributes is refused by our CSP (style-src 'self'). Two containers of
 * bpmn-js-properties-panel lose theirs (client/designer.css carries the same rules); the SVG
 * icons of diagram-js's align/distribute menu get presentation attributes instead.
 */
const INLINE_STYLES = [' style="height: 100%"', ' style="flex: none; height: auto"'];
const SVG_PROPS = new Set([
  "fill",
  "stroke",
  "stroke-width",
  "stroke-linejoin",
  "stroke-linecap",
  "opacity",
]);
export const withoutInlineStyles = (js: string) =>
  INLINE_STYLES.reduce((out, attr) => out.replaceAll(attr, ""), js)
    .replace(/ style="((?:[a-z-]+:[^;"]+;?)+)"/g, (all, body: string) => {
      const pairs = body.split(";").filter(Boolean).map((d) => d.split(":"));
      if (!pairs.every(([k]) => SVG_PROPS.has(k))) return all;
      return pairs.map(([k, v]) => ` ${k}="${v}"`).join("");
    });

/** The package's icon font rule points at ../font/; ours are served beside the style sheet. */
const fontUrls = (css: string) =>
  css.replace(/@font-face\s*{[^}]*}/, () =>
    `@font-face {
  font-family: 'bpmn';
  src: url('bpmn.woff2') format('woff2'), url('bpmn.woff') format('woff');
  font-weight: normal;
  font-style: normal;
}`);

async function styles(name: string, files: URL[]) {
  const parts: string[] = [];
  for (const f of files) {
    const css = (await Deno.readTextFile(f)).replace(/^@charset[^;]*;/, "");
    parts.push(`/* ${f.pathname.split("/node_modules/").pop()} */\n${fontUrls(css)}`);
  }
  await writeAtomic(name, `@charset "utf-8";\n${parts.join("\n")}`);
}

/**
 * Builds the bundles when they are missing or stale; returns whether it built. Failures are
 * logged, not thrown: the rest of the app works without the designer.
 */
export async function ensureWorkflowAssets(opts: { force?: boolean } = {}): Promise<boolean> {
  try {
    const key = await fingerprint();
    const fresh = !opts.force && (await readStamp()) === key &&
      (await Promise.all(OUTPUTS.map((o) => exists(new URL(o, OUT_DIR))))).every(Boolean);
    if (fresh) return false;
    const started = performance.now();
    await Deno.mkdir(OUT_DIR, { recursive: true });
    // The first bundle alone: on a cold Deno cache each `deno bundle` fetches esbuild, and two
    // at once race on copying its binary (the second fails). The rest then run together.
    const [[firstName, firstEntry], ...rest] = Object.entries(BUNDLES);
    await bundle(firstName, firstEntry);
    await Promise.all(rest.map(([name, entry]) => bundle(name, entry)));
    for (const [name, files] of Object.entries(STYLES)) await styles(name, files);
    await writeAtomic(STAMP, key);
    log.info("workflow assets built", { ms: Math.round(performance.now() - started) });
    return true;
  } catch (err) {
    log.error("workflow assets could not be built", { error: String(err) });
    return false;
  }
}
