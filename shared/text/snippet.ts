/**
 * Search snippets over any plain text: a short window around the first match, HTML-escaped
 * first, then every match wrapped in <mark>. Matching uses the search folding (fold.ts), so
 * `odeme` marks "Ödeme" and `istanbul` marks "İSTANBUL".
 */
import { fold } from "./fold.ts";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** At most this many query words are marked, and only this much text is read. */
const MAX_QUERY_WORDS = 8;
const MAX_SOURCE_CHARS = 8000;

/** The query's words as the search folds them (letters and digits, two or more). */
export function queryWords(query: string): string[] {
  return [...new Set(fold(query).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2))]
    .slice(0, MAX_QUERY_WORDS);
}

/** Each character's folded form, so folded positions map back to the original text. */
export function foldedWithMap(text: string): { folded: string; origin: number[] } {
  let folded = "";
  const origin: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const f = /\s/.test(text[i]) ? " " : fold(text[i]);
    for (let k = 0; k < f.length; k++) origin.push(i);
    folded += f;
  }
  return { folded, origin };
}

/** Ranges [start, end) of `text` where a query word (folded) occurs, merged and in order. */
export function matchRanges(text: string, query: string): [number, number][] {
  const { folded, origin } = foldedWithMap(text);
  const ranges: [number, number][] = [];
  for (const w of queryWords(query)) {
    for (let at = folded.indexOf(w); at >= 0; at = folded.indexOf(w, at + w.length)) {
      ranges.push([origin[at], origin[at + w.length - 1] + 1]);
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
 * About `width` characters of `text` around its first match, escaped, matches in <mark>; the
 * beginning of the text when nothing matches. Ellipses show where the text was cut.
 */
export function highlightSnippet(text: string, query: string, width = 200): string {
  const plain = snippetSource(text);
  return snippetAround(plain, matchRanges(plain, query), width);
}

/** The text a snippet is cut from: its beginning, whitespace collapsed. */
export const snippetSource = (text: string) =>
  text.slice(0, MAX_SOURCE_CHARS).replace(/\s+/g, " ").trim();

/**
 * About `width` characters of `plain` around the first of `ranges` (sorted, merged ranges of
 * `plain` to mark), escaped, those ranges in <mark>; for callers with their own matching.
 */
export function snippetAround(plain: string, ranges: [number, number][], width = 200): string {
  let start = ranges.length ? Math.max(0, ranges[0][0] - Math.floor(width / 3)) : 0;
  if (start > 0) {
    const space = plain.indexOf(" ", start);
    if (space > 0 && space < ranges[0][0]) start = space + 1;
  }
  let end = Math.min(plain.length, start + width);
  if (end < plain.length) {
    const space = plain.lastIndexOf(" ", end);
    if (space > start + width / 2) end = space;
  }
  let html = start > 0 ? "… " : "";
  let at = start;
  for (const [s, e] of ranges) {
    if (e <= start || s >= end) continue;
    const from = Math.max(s, at);
    const to = Math.min(e, end);
    html += escapeHtml(plain.slice(at, from)) + "<mark>" + escapeHtml(plain.slice(from, to)) +
      "</mark>";
    at = to;
  }
  return html + escapeHtml(plain.slice(at, end)) + (end < plain.length ? " …" : "");
}

/** The same window as plain text (where markup cannot be shown). */
export function plainSnippet(text: string, query: string, width = 160): string {
  return highlightSnippet(text, query, width).replace(/<\/?mark>/g, "")
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (m) => ({ "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" })[m]!,
    );
}
