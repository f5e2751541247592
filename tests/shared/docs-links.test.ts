/**
 * The documentation (README.md, every page under docs/, bench/README.md) holds together: every
 * relative link names a file that exists, every `#anchor` names a heading of the page it points to
 * (GitHub's heading ids), the README links every docs page, and the README stays about one screen
 * (at most 200 lines). Links inside fenced code blocks and code spans are text, not links.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);
const README_MAX_LINES = 200;

/** Repository-relative paths of the documentation pages. */
async function docPages(): Promise<string[]> {
  const pages = ["README.md", "bench/README.md"];
  const walk = async (dir: string): Promise<void> => {
    for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
      const path = `${dir}${entry.name}`;
      if (entry.isDirectory) await walk(`${path}/`);
      else if (entry.isFile && entry.name.endsWith(".md")) pages.push(path);
    }
  };
  await walk("docs/");
  return pages.sort();
}

/** The text with fenced code blocks blanked (line breaks kept, so line numbers still hold). */
function withoutFences(text: string): string {
  let fence: string | null = null;
  return text.split("\n").map((line) => {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === null) {
      if (open) {
        fence = open[1];
        return "";
      }
      return line;
    }
    if (open && open[1][0] === fence[0] && open[1].length >= fence.length) fence = null;
    return "";
  }).join("\n");
}

/** Code spans blanked with spaces of the same length (offsets and line breaks kept). */
function withoutCodeSpans(text: string): string {
  return text.replace(/(`+)[\s\S]*?\1/g, (span) => span.replace(/[^\n]/g, " "));
}

/** GitHub's id for a heading: lower case, punctuation but `-` and `_` dropped, spaces → `-`. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

/** The ids of a page's headings, a repeated one numbered as GitHub does (`x`, `x-1`, `x-2`). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const ids = new Set<string>();
  for (const line of withoutFences(markdown).split("\n")) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  return ids;
}

interface Link {
  line: number;
  target: string;
}

/** Every inline link or image `[text](target)` and reference definition `[label]: target`. */
function links(markdown: string): Link[] {
  const text = withoutCodeSpans(withoutFences(markdown));
  const lineAt = (index: number) => text.slice(0, index).split("\n").length;
  const found: Link[] = [];
  for (const m of text.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
    found.push({ line: lineAt(m.index), target: m[1] });
  }
  for (const m of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm)) {
    found.push({ line: lineAt(m.index), target: m[1] });
  }
  return found;
}

function isExternal(target: string): boolean {
  return /^(https?:|mailto:)/i.test(target);
}

async function exists(url: URL): Promise<boolean> {
  try {
    await Deno.stat(url);
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return false;
    throw err;
  }
}

/** What is wrong with the links of one page, one line per broken link. */
async function brokenLinks(page: string, headingsOf: (url: URL) => Promise<Set<string>>) {
  const pageUrl = new URL(page, ROOT);
  const problems: string[] = [];
  for (const { line, target } of links(await Deno.readTextFile(pageUrl))) {
    const where = `${page}:${line}: (${target})`;
    if (isExternal(target)) continue;
    if (target === "") {
      problems.push(`${where} an empty link`);
      continue;
    }
    if (target.startsWith("/") || /^[a-z][a-z0-9+.-]*:/i.test(target)) {
      problems.push(`${where} not a relative link`);
      continue;
    }
    const hash = target.indexOf("#");
    const path = hash === -1 ? target : target.slice(0, hash);
    const anchor = hash === -1 ? null : target.slice(hash + 1);
    const targetUrl = path === "" ? pageUrl : new URL(path, pageUrl);
    if (!(await exists(targetUrl))) {
      problems.push(`${where} no such file`);
      continue;
    }
    if (anchor === null) continue;
    if (!targetUrl.pathname.endsWith(".md")) {
      problems.push(`${where} an anchor into a file that is not markdown`);
    } else if (!(await headingsOf(targetUrl)).has(decodeURIComponent(anchor))) {
      problems.push(`${where} no heading with that id in ${targetUrl.pathname.split("/").pop()}`);
    }
  }
  return problems;
}

Deno.test("docs: GitHub heading ids", () => {
  assert.equal(slug("Add a module in 7 steps"), "add-a-module-in-7-steps");
  assert.equal(
    slug("3. N web instances + M workers behind a load balancer (PostgreSQL + S3)"),
    "3-n-web-instances--m-workers-behind-a-load-balancer-postgresql--s3",
  );
  assert.equal(slug("Embedded mode and PostgreSQL mode"), "embedded-mode-and-postgresql-mode");
  assert.equal(
    slug("`bench:api` — the hot_path, Özet: Çalışma"),
    "benchapi--the-hot_path-özet-çalışma",
  );
  assert.deepEqual(
    [...anchors("# A\n\n```\n# not a heading\n```\n\n## A\n### B ###\n")],
    ["a", "a-1", "b"],
  );
  assert.deepEqual(
    links('[a](x.md) `[b](y.md)`\n```\n[c](z.md)\n```\n![d](img.png "t")\n[e]: ref.md\n'),
    [{ line: 1, target: "x.md" }, { line: 5, target: "img.png" }, { line: 6, target: "ref.md" }],
  );
});

Deno.test("docs: every relative link and anchor in README.md, docs/ and bench/README.md resolves", async () => {
  const pages = await docPages();
  assert.ok(pages.length > 3, `found the pages: ${pages.join(", ")}`);
  const cache = new Map<string, Set<string>>();
  const headingsOf = async (url: URL) => {
    let ids = cache.get(url.href);
    if (!ids) cache.set(url.href, ids = anchors(await Deno.readTextFile(url)));
    return ids;
  };
  const problems: string[] = [];
  for (const page of pages) problems.push(...await brokenLinks(page, headingsOf));
  assert.deepEqual(problems, [], `broken links:\n${problems.join("\n")}`);
});

Deno.test("docs: the README is at most 200 lines and links every docs page", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", ROOT));
  const lines = readme.trimEnd().split("\n").length;
  assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines, at most ${README_MAX_LINES}`);
  const linked = new Set(
    links(readme).filter(({ target }) => !isExternal(target)).map(({ target }) =>
      new URL(target.split("#")[0], new URL("README.md", ROOT)).href
    ),
  );
  const pages = (await docPages()).filter((page) => page.startsWith("docs/"));
  const missing = pages.filter((page) => !linked.has(new URL(page, ROOT).href));
  assert.deepEqual(missing, [], `docs pages the README does not link: ${missing.join(", ")}`);
});
