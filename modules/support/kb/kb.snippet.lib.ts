/**
 * Search snippets: a short window of an article's plain text around the first match, HTML
 * escaped, with every match wrapped in <mark>. Matching uses the same Turkish folding as the
 * search (`odeme` marks "Ödeme"), and a query word with a typo marks the word it is closest to
 * (one or two edits), so what the database found by trigram similarity is shown too.
 */
import { fold } from "../../../shared/text/fold.ts";
import { foldedWithMap, snippetAround, snippetSource } from "../../../shared/text/snippet.ts";

/** Markdown reduced to its words: no syntax, no images, links as their text. */
export function plainFromMarkdown(md: string): string {
  return md
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, "")
    .replace(/[*_~`|]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Damerau–Levenshtein distance (adjacent swaps count once), capped for speed. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/** Edits a query word of this length may be away from a text word and still mark it. */
const allowedEdits = (n: number) => (n >= 8 ? 2 : n >= 4 ? 1 : 0);

/**
 * Bounds on the work of one snippet (the public search runs it for every hit, on the request's
 * thread): only the first query words are marked (and only the beginning of a long text is read,
 * shared/text/snippet.ts).
 */
const MAX_QUERY_WORDS = 8;

/** Folded ranges [start, end) of `folded` that match a query word (exactly or nearly). */
export function matchRanges(folded: string, query: string): [number, number][] {
  const words = [...new Set(fold(query).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2))]
    .slice(0, MAX_QUERY_WORDS);
  const ranges: [number, number][] = [];
  for (const w of words) {
    let found = false;
    for (let at = folded.indexOf(w); at >= 0; at = folded.indexOf(w, at + w.length)) {
      ranges.push([at, at + w.length]);
      found = true;
    }
    const edits = allowedEdits(w.length);
    if (found || !edits) continue;
    for (const m of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
      const word = m[0];
      // A typo of a word's beginning ("odmee" in "odemeler") marks that beginning's word.
      if (word.length < w.length - edits) continue;
      const head = word.slice(0, w.length);
      if (
        editDistance(w, word, edits) <= edits ||
        (word.length > w.length && editDistance(w, head, edits) <= edits)
      ) {
        ranges.push([m.index!, m.index! + word.length]);
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}

/**
 * About `width` characters of `text` around its first match, escaped, matches (exact or near)
 * in <mark>; the beginning of the text when nothing matches.
 */
export function highlightSnippet(text: string, query: string, width = 180): string {
  const plain = snippetSource(text);
  const { folded, origin } = foldedWithMap(plain);
  const ranges = matchRanges(folded, query).map(([s, e]) =>
    [origin[s], origin[e - 1] + 1] as [number, number]
  );
  return snippetAround(plain, ranges, width);
}
