/**
 * WebDAV's pure parts (RFC 4918): a small namespace-aware XML reader and writer for request and
 * response bodies, the `If`, `Depth`, `Overwrite`, `Timeout` and `Destination` headers.
 */

export const DAV = "DAV:";

export interface XmlElement {
  ns: string;
  name: string;
  children: XmlElement[];
  text: string;
  /** Namespace declarations in scope where the element starts (prefix → uri). */
  scope: Map<string, string>;
  /** The element's source text, for dead property values. */
  raw: string;
}

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      try {
        return String.fromCodePoint(code);
      } catch {
        throw new XmlError("bad character reference");
      }
    }
    if (!(e in ENTITIES)) throw new XmlError(`unknown entity ${m}`);
    return ENTITIES[e];
  });
}

const NAME =
  /^[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7-\uFFFF]*(?::[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7-\uFFFF]*)?/;

/** Parses a document into its root element; throws XmlError when it is not well-formed. */
export function parseXml(src: string): XmlElement {
  let i = 0;
  const stack: { el: XmlElement; prefixed: string; start: number }[] = [];
  let root: XmlElement | null = null;
  const skipMisc = () => {
    for (;;) {
      const ws = /^\s*/.exec(src.slice(i))![0].length;
      i += ws;
      if (src.startsWith("<?", i)) {
        const end = src.indexOf("?>", i);
        if (end < 0) throw new XmlError("unterminated declaration");
        i = end + 2;
      } else if (src.startsWith("<!--", i)) {
        const end = src.indexOf("-->", i);
        if (end < 0) throw new XmlError("unterminated comment");
        i = end + 3;
      } else if (src.startsWith("<!DOCTYPE", i)) {
        throw new XmlError("DTDs are not accepted");
      } else return;
    }
  };
  skipMisc();
  while (i < src.length) {
    if (stack.length === 0 && root) {
      skipMisc();
      if (i < src.length) throw new XmlError("content after the root element");
      break;
    }
    if (src[i] !== "<") {
      const next = src.indexOf("<", i);
      const text = src.slice(i, next < 0 ? src.length : next);
      if (!stack.length) {
        if (text.trim()) throw new XmlError("text outside the root element");
      } else stack[stack.length - 1].el.text += decode(text);
      if (next < 0) break;
      i = next;
      continue;
    }
    if (src.startsWith("<!--", i)) {
      const end = src.indexOf("-->", i);
      if (end < 0) throw new XmlError("unterminated comment");
      i = end + 3;
      continue;
    }
    if (src.startsWith("<![CDATA[", i)) {
      const end = src.indexOf("]]>", i);
      if (end < 0 || !stack.length) throw new XmlError("bad CDATA");
      stack[stack.length - 1].el.text += src.slice(i + 9, end);
      i = end + 3;
      continue;
    }
    if (src.startsWith("<?", i)) {
      const end = src.indexOf("?>", i);
      if (end < 0) throw new XmlError("unterminated instruction");
      i = end + 2;
      continue;
    }
    if (src.startsWith("</", i)) {
      const m = NAME.exec(src.slice(i + 2));
      const top = stack.pop();
      if (!m || !top || m[0] !== top.prefixed) throw new XmlError("mismatched end tag");
      i += 2 + m[0].length;
      const close = /^\s*>/.exec(src.slice(i));
      if (!close) throw new XmlError("bad end tag");
      i += close[0].length;
      top.el.raw = src.slice(top.start, i);
      continue;
    }
    const m = NAME.exec(src.slice(i + 1));
    if (!m) throw new XmlError("bad start tag");
    const start = i;
    i += 1 + m[0].length;
    const attrs: [string, string][] = [];
    let selfClosing = false;
    for (;;) {
      const ws = /^\s*/.exec(src.slice(i))![0].length;
      i += ws;
      if (src.startsWith("/>", i)) {
        selfClosing = true;
        i += 2;
        break;
      }
      if (src[i] === ">") {
        i += 1;
        break;
      }
      if (!ws) throw new XmlError("bad attribute");
      const a = /^([^\s=/>]+)\s*=\s*("[^"<]*"|'[^'<]*')/.exec(src.slice(i));
      if (!a || !NAME.test(a[1])) throw new XmlError("bad attribute");
      if (attrs.some(([n]) => n === a[1])) throw new XmlError("duplicate attribute");
      attrs.push([a[1], decode(a[2].slice(1, -1))]);
      i += a[0].length;
    }
    const parent = stack[stack.length - 1]?.el;
    const scope = new Map(parent?.scope ?? [["xml", "http://www.w3.org/XML/1998/namespace"]]);
    for (const [n, v] of attrs) {
      if (n === "xmlns") scope.set("", v);
      else if (n.startsWith("xmlns:")) {
        if (v === "") throw new XmlError("a prefix cannot be bound to no namespace");
        scope.set(n.slice(6), v);
      }
    }
    for (const [n] of attrs) {
      const p = n.includes(":") ? n.split(":")[0] : null;
      if (p && p !== "xmlns" && !scope.has(p)) throw new XmlError(`unbound prefix ${p}`);
    }
    const [prefix, local] = m[0].includes(":") ? m[0].split(":") : ["", m[0]];
    if (prefix && !scope.has(prefix)) throw new XmlError(`unbound prefix ${prefix}`);
    const el: XmlElement = {
      ns: scope.get(prefix) ?? "",
      name: local,
      children: [],
      text: "",
      scope,
      raw: "",
    };
    if (parent) parent.children.push(el);
    else if (root) throw new XmlError("two root elements");
    else root = el;
    if (selfClosing) el.raw = src.slice(start, i);
    else stack.push({ el, prefixed: m[0], start });
  }
  if (stack.length || !root) throw new XmlError("unexpected end of document");
  return root;
}

export const child = (el: XmlElement, name: string, ns = DAV) =>
  el.children.find((c) => c.ns === ns && c.name === name);

export function escapeXml(s: string): string {
  return s.replace(
    /[<>&"']/g,
    (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]!,
  );
}

/**
 * A dead property's element as it will be sent back: the source element with every namespace
 * it had in scope declared on it, so it stays well-formed wherever it is written.
 */
export function standalone(el: XmlElement): string {
  const open = /^<[^\s/>]+/.exec(el.raw)![0];
  const declared = new Set([...el.raw.slice(open.length).matchAll(/^\s+xmlns(?::([^=\s]+))?\s*=/g)]
    .map((m) => m[1] ?? ""));
  const decls = [...el.scope].filter(([p]) => p !== "xml" && !declared.has(p))
    .map(([p, uri]) => ` ${p ? `xmlns:${p}` : "xmlns"}="${escapeXml(uri)}"`).join("");
  return open + decls + el.raw.slice(open.length);
}

/** A property element with no value, e.g. in a propstat of 404 properties. */
export function emptyProp(ns: string, name: string): string {
  if (ns === DAV) return `<D:${name}/>`;
  return ns ? `<X:${name} xmlns:X="${escapeXml(ns)}"/>` : `<${name} xmlns=""/>`;
}

/** `Depth`: "0", "1", "infinity" (absent: `fallback`); null when it is something else. */
export function parseDepth(h: string | undefined, fallback: Depth): Depth | null {
  if (h === undefined) return fallback;
  const v = h.trim().toLowerCase();
  return v === "0" || v === "1" || v === "infinity" ? v : null;
}
export type Depth = "0" | "1" | "infinity";

/** `Overwrite`: T (default) or F; null when it is something else. */
export function parseOverwrite(h: string | undefined): boolean | null {
  if (h === undefined) return true;
  const v = h.trim().toUpperCase();
  return v === "T" ? true : v === "F" ? false : null;
}

export const DEFAULT_LOCK_SECONDS = 3600;
export const MAX_LOCK_SECONDS = 7 * 24 * 3600;

/** `Timeout: Second-600, Infinite`: the first one we accept, capped. */
export function parseTimeout(h: string | undefined): number {
  for (const part of (h ?? "").split(",")) {
    const v = part.trim();
    if (/^infinite$/i.test(v)) return MAX_LOCK_SECONDS;
    const m = /^Second-(\d+)$/i.exec(v);
    if (m) return Math.max(1, Math.min(Number(m[1]), MAX_LOCK_SECONDS));
  }
  return DEFAULT_LOCK_SECONDS;
}

export interface IfCondition {
  not: boolean;
  token?: string;
  etag?: string;
}
export interface IfList {
  /** The tagged resource (an absolute URL or path); undefined: the request's resource. */
  resource?: string;
  conditions: IfCondition[];
}

/** Parses an `If` header (RFC 4918 §10.4); null when malformed (→ 400). */
export function parseIf(h: string): IfList[] | null {
  const lists: IfList[] = [];
  let i = 0;
  let tag: string | undefined;
  let sawTag: boolean | undefined;
  const ws = () => {
    while (i < h.length && /\s/.test(h[i])) i++;
  };
  ws();
  while (i < h.length) {
    if (h[i] === "<") {
      const end = h.indexOf(">", i);
      if (end < 0) return null;
      if (sawTag === false) return null;
      sawTag = true;
      tag = h.slice(i + 1, end);
      i = end + 1;
      ws();
      if (h[i] !== "(") return null;
      continue;
    }
    if (h[i] !== "(") return null;
    if (sawTag === undefined) sawTag = false;
    i++;
    const conditions: IfCondition[] = [];
    for (;;) {
      ws();
      if (h[i] === ")") {
        i++;
        break;
      }
      let not = false;
      if (/^not\b/i.test(h.slice(i))) {
        not = true;
        i += 3;
        ws();
      }
      if (h[i] === "<") {
        const end = h.indexOf(">", i);
        if (end < 0) return null;
        conditions.push({ not, token: h.slice(i + 1, end) });
        i = end + 1;
      } else if (h[i] === "[") {
        const end = h.indexOf("]", i);
        if (end < 0) return null;
        conditions.push({ not, etag: h.slice(i + 1, end).replace(/^W\//, "") });
        i = end + 1;
      } else return null;
    }
    if (!conditions.length) return null;
    lists.push({ resource: tag, conditions });
    ws();
  }
  return lists.length ? lists : null;
}

/** Every lock token named in an If header (the tokens the client submits). */
export const submittedTokens = (lists: IfList[] | null) =>
  (lists ?? []).flatMap((l) => l.conditions.flatMap((c) => (c.token && !c.not ? [c.token] : [])));

/** The state of a resource an If header is matched against. */
export interface ResourceState {
  etag: string | null;
  tokens: string[];
}

/**
 * Whether the If header holds: for each resource it names, one of its lists must match
 * (every condition, negated where it says Not). `stateOf` answers for a tagged URL.
 */
export function ifHolds(
  lists: IfList[],
  stateOf: (resource: string | undefined) => ResourceState,
): boolean {
  const byResource = new Map<string | undefined, IfList[]>();
  for (const l of lists) byResource.set(l.resource, [...(byResource.get(l.resource) ?? []), l]);
  for (const [resource, group] of byResource) {
    const state = stateOf(resource);
    const ok = group.some((l) =>
      l.conditions.every((c) => {
        const hit = c.token !== undefined
          ? state.tokens.includes(c.token)
          : state.etag !== null && c.etag === state.etag;
        return c.not ? !hit : hit;
      })
    );
    if (!ok) return false;
  }
  return true;
}

/** Splits a path under the workspace root into decoded names; null when a segment is bad. */
export function pathSegments(rest: string): string[] | null {
  const out: string[] = [];
  for (const raw of rest.split("/")) {
    if (raw === "") continue;
    let s: string;
    try {
      s = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (s === "." || s === "..") return null;
    out.push(s);
  }
  return out;
}

/** A path of names as an href (each segment percent-encoded). */
export const hrefOf = (base: string, names: string[], collection: boolean) =>
  base + names.map((n) => encodeURIComponent(n)).join("/") +
  (collection && names.length ? "/" : "");

/** The key locks are stored under: the names lower-cased (names are unique regardless of case). */
export const lockPath = (names: string[]) => "/" + names.map((n) => n.toLowerCase()).join("/");

/** Whether a lock at `lock` (depth infinity when `infinite`) covers `path`. */
export function lockCovers(lock: { path: string; infinite: boolean }, path: string): boolean {
  if (lock.path === path) return true;
  const prefix = lock.path === "/" ? "/" : lock.path + "/";
  return lock.infinite && path.startsWith(prefix);
}

/** HTTP-date for getlastmodified. */
export const httpDate = (iso: string) => new Date(iso).toUTCString();
