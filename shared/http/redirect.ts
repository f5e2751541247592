/**
 * The one check for user-supplied redirect targets and links (`next`, `back`, a Referer,
 * notification links): only a path of this site survives, normalised the way a browser would
 * read it, so `/.//evil.test` or `/%2e//evil.test` cannot turn into `//evil.test`.
 */

/** A placeholder origin: resolving against it shows whether a value leaves the site. */
const ORIGIN = "http://app.invalid";
/** Control characters and backslashes: browsers strip them or read them as "/". */
// deno-lint-ignore no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/** The value resolved against the placeholder origin when it stays a plain path there. */
function resolve(raw: string): URL | null {
  if (!raw.startsWith("/") || UNSAFE.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  // A path starting with "//" is read as another host once it is sent back as Location.
  return url.origin === ORIGIN && !url.pathname.startsWith("//") ? url : null;
}

/**
 * The normalised same-origin path (+ query + hash) of `raw`, or null when it points anywhere
 * else. The path is decoded once and checked again, so `%2f`, `%5c` and `%2e` spellings of a
 * way out are refused too.
 */
export function sameOriginPathOrNull(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const url = resolve(raw);
  if (!url) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (!resolve(decoded)) return null;
  return url.pathname + url.search + url.hash;
}

/** Where to send the user: `raw` when it is a path of this site (normalised), else `fallback`. */
export function sameOriginPath(raw: unknown, fallback = "/"): string {
  return sameOriginPathOrNull(raw) ?? fallback;
}
