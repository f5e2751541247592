/**
 * The decision table editor's browser files, served from our origin under /assets/workflow/dmn/:
 * dmn-js's prebuilt modeler (a classic script that defines `DmnJS`), its style sheets and icon
 * font (kept in their folder layout so the font's relative URLs resolve), and our client.
 *
 * The modeler is served patched (written once under ./data, like the designer's bundles): our
 * CSP refuses style attributes in markup and <style> elements, so the few places dmn-js 17.10
 * writes them get classes (client/decisions.css carries the rules) and CodeMirror's style-mod
 * adopts a constructed style sheet instead; Inferno's "development build" console error goes.
 */
import { registerAsset } from "../../../ui/assets.ts";
import { log } from "../../../shared/log.ts";

const root = new URL("../../../", import.meta.url);
const pkg = (path: string) => new URL(`node_modules/dmn-js/dist/${path}`, root);
const OUT_DIR = new URL("data/assets/workflow-dmn/", root);

const CSS = [
  "diagram-js.css",
  "dmn-js-shared.css",
  "dmn-js-drd.css",
  "dmn-js-decision-table.css",
  "dmn-js-decision-table-controls.css",
  "dmn-js-literal-expression.css",
  "dmn-font/css/dmn.css",
];

/** [what dmn-js 17.10 writes, what we serve instead]. */
const PATCHES: [string | RegExp, string][] = [
  [' style="position: absolute; bottom: 15px; right: 15px; z-index: 100;"', ""],
  [' style="vertical-align:middle"', ""],
  [' style="margin: 15px 20px 15px 10px; align-self: center;"', ""],
  [` style="'+`, ` data-wf-style="'+`],
  [
    /<span style="\\n\s+visibility: hidden;[^"]*"><\/span>/,
    '<span class="wf-dmn-drag-image"></span>',
  ],
  ["!e.head&&e.adoptedStyleSheets&&", "e.adoptedStyleSheets&&"],
  [/-1===\((\w+)\.name\|\|\1\.toString\(\)\)\.indexOf\("testFn"\)&&/, "false&&"],
];

/** The patched modeler; a patch that no longer matches (another dmn-js) is logged. */
export function patchModeler(js: string): { js: string; missed: string[] } {
  const missed: string[] = [];
  for (const [from, to] of PATCHES) {
    const next = typeof from === "string" ? js.replaceAll(from, to) : js.replace(
      new RegExp(from.source, "g"),
      to,
    );
    if (next === js) missed.push(String(from));
    js = next;
  }
  return { js, missed };
}

async function writeModeler(): Promise<URL> {
  const out = new URL("dmn-modeler.js", OUT_DIR);
  const { js, missed } = patchModeler(
    await Deno.readTextFile(pkg("dmn-modeler.production.min.js")),
  );
  if (missed.length) log.warn("dmn-js patches did not apply", { missed });
  const current = await Deno.readTextFile(out).catch(() => null);
  if (current !== js) {
    try {
      await Deno.mkdir(OUT_DIR, { recursive: true });
      // Written beside and renamed, so a second process never serves half a file.
      const tmp = new URL(`dmn-modeler.${crypto.randomUUID()}.js`, OUT_DIR);
      await Deno.writeTextFile(tmp, js);
      await Deno.rename(tmp, out);
    } catch (err) {
      // No writable disk (the edge profile): the editor works, minus what our CSP then refuses.
      log.warn("patched dmn-js modeler not written; serving the package's", { error: String(err) });
      return pkg("dmn-modeler.production.min.js");
    }
  }
  return out;
}

/** Writes the patched modeler and registers the editor's files (called once, from mod.ts). */
export async function registerDecisionAssets(): Promise<void> {
  registerAsset("workflow/dmn/dmn-modeler.js", await writeModeler());
  for (const name of CSS) registerAsset(`workflow/dmn/${name}`, pkg(`assets/${name}`));
  for (const ext of ["woff2", "woff"]) {
    registerAsset(`workflow/dmn/dmn-font/font/dmn.${ext}`, pkg(`assets/dmn-font/font/dmn.${ext}`));
  }
  registerAsset(
    "workflow/dmn/decisions.js",
    new URL("./client/decisions.client.js", import.meta.url),
  );
  registerAsset("workflow/dmn/decisions.css", new URL("./client/decisions.css", import.meta.url));
}

/** Addresses the editor page links to (ours last, so our styles win). */
export const DMN_STYLES = [...CSS, "decisions.css"].map((n) => `/assets/workflow/dmn/${n}`);
export const DMN_SCRIPTS = ["dmn-modeler.js", "decisions.js"].map((n) =>
  `/assets/workflow/dmn/${n}`
);
