import assert from "node:assert/strict";

/**
 * Rules every page keeps, checked on the source: no inline style attributes (our CSP drops
 * them, so they would silently not apply), and no emoji or dingbat glyphs standing in for
 * icons (they render as boxes on a stock Linux; the kit's Icon draws lucide SVGs).
 */
const ROOT = new URL("../../", import.meta.url);
const DIRS = ["modules/", "platform/", "ui/"];
const INLINE_STYLE = /\sstyle=(\{|")/;
const GLYPHS = /[\u{2600}-\u{27BF}\u{1F300}-\u{1FAFF}\u{2B50}\u{2B06}\u{2B07}]/u;

async function* tsx(dir: URL): AsyncGenerator<URL> {
  for await (const e of Deno.readDir(dir)) {
    const url = new URL(e.name + (e.isDirectory ? "/" : ""), dir);
    if (e.isDirectory) yield* tsx(url);
    else if (e.name.endsWith(".tsx")) yield url;
  }
}

Deno.test("pages use no inline styles and no emoji glyphs as icons", async () => {
  const found: string[] = [];
  for (const d of DIRS) {
    for await (const file of tsx(new URL(d, ROOT))) {
      const lines = (await Deno.readTextFile(file)).split("\n");
      lines.forEach((line, i) => {
        const where = `${file.pathname.slice(ROOT.pathname.length)}:${i + 1}`;
        if (INLINE_STYLE.test(line)) found.push(`${where} inline style`);
        if (GLYPHS.test(line)) found.push(`${where} glyph ${line.match(GLYPHS)![0]}`);
      });
    }
  }
  assert.deepEqual(found, []);
});
