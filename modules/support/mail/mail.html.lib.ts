// @ts-types="@types/sanitize-html"
import sanitizeHtml from "sanitize-html";

/**
 * A customer's HTML e-mail made safe to show inside the app: a strict allow-list of tags and
 * attributes (no script, style, forms, frames, event handlers or inline styles), links open
 * outside with no referrer, and no remote image is ever loaded (it would tell a tracker who
 * opened the ticket and when): an inline image (cid:) points at its stored attachment, any
 * other image becomes a plain link the reader may follow on purpose.
 */
export function cleanHtml(html: string, inlineUrl: (cid: string) => string | null): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "a",
      "abbr",
      "b",
      "blockquote",
      "br",
      "caption",
      "code",
      "dd",
      "del",
      "div",
      "dl",
      "dt",
      "em",
      "h1",
      "h2",
      "h3",
      "h4",
      "h5",
      "h6",
      "hr",
      "i",
      "img",
      "ins",
      "li",
      "ol",
      "p",
      "pre",
      "q",
      "s",
      "small",
      "span",
      "strong",
      "sub",
      "sup",
      "table",
      "tbody",
      "td",
      "tfoot",
      "th",
      "thead",
      "tr",
      "u",
      "ul",
    ],
    allowedAttributes: {
      a: ["href", "title", "rel", "target"],
      img: ["src", "alt", "title", "width", "height"],
      td: ["colspan", "rowspan"],
      th: ["colspan", "rowspan", "scope"],
      ol: ["start"],
    },
    // Contents of these go too (not just the tags): a style sheet's text is not message text.
    nonTextTags: ["style", "script", "textarea", "option", "noscript", "title", "head"],
    // Deeper tags are dropped (their text stays): 20,000 nested quotes would lay out forever.
    nestingLimit: 60,
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    transformTags: {
      a: (_tag, attribs) => ({
        tagName: "a",
        attribs: {
          ...(attribs.href ? { href: attribs.href } : {}),
          ...(attribs.title ? { title: attribs.title } : {}),
          rel: "noopener noreferrer nofollow",
          target: "_blank",
        },
      }),
      img: (_tag, attribs): sanitizeHtml.Tag => {
        const src = (attribs.src ?? "").trim();
        const cid = /^cid:(.+)$/i.exec(src)?.[1];
        const local = cid ? inlineUrl(cid.replace(/^<|>$/g, "")) : null;
        if (local) {
          return {
            tagName: "img",
            attribs: { src: local, alt: attribs.alt ?? "", ...size(attribs) },
          };
        }
        // A remote (or data:) image is never fetched: a link to it, named by its alt text.
        const label = `[${(attribs.alt ?? "").trim() || "image"}]`;
        return /^https?:\/\//i.test(src)
          ? {
            tagName: "a",
            attribs: { href: src, rel: "noopener noreferrer nofollow", target: "_blank" },
            text: label,
          }
          : { tagName: "span", attribs: {}, text: label };
      },
    },
  });
}

function size(attribs: sanitizeHtml.Attributes) {
  const out: sanitizeHtml.Attributes = {};
  for (const k of ["width", "height"]) {
    if (/^\d{1,4}$/.test(attribs[k] ?? "")) out[k] = attribs[k];
  }
  return out;
}

const QUOTE_OPEN = "\u0001q+\u0001";
const QUOTE_CLOSE = "\u0001q-\u0001";

/**
 * The text of an HTML-only message (the parser gives none for HTML inside multipart/related):
 * blocks and line breaks become new lines, and quoted parts (`<blockquote>`) are prefixed with
 * "> " as a plain-text client would, so the quoted history can be trimmed the same way.
 */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<blockquote\b[^>]*>/gi, `\n${QUOTE_OPEN}\n`)
    .replace(/<\/blockquote\s*>/gi, `\n${QUOTE_CLOSE}\n`)
    .replace(/<\/(p|div|tr|li|h[1-6]|table|pre|ul|ol)\s*>/gi, "$&\n")
    .replace(/<(td|th)\b/gi, " $&");
  const plain = sanitizeHtml(marked, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ["style", "script", "textarea", "option", "noscript", "title", "head"],
  })
    .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/&nbsp;|\u00a0/g, " ").replace(/&amp;/g, "&");
  let depth = 0;
  let size = 0;
  const lines: string[] = [];
  for (const raw of plain.split("\n")) {
    const line = raw.replace(/[ \t]+/g, " ").trim();
    if (line === QUOTE_OPEN) depth++;
    else if (line === QUOTE_CLOSE) depth = Math.max(0, depth - 1);
    else {
      // "> " per level, up to MAX_QUOTE_DEPTH: 5,000 nested quotes would make every line 10 KB.
      const level = Math.min(depth, MAX_QUOTE_DEPTH);
      const out = level ? `${"> ".repeat(level)}${line}`.trimEnd() : line;
      if (size + out.length > MAX_TEXT) break;
      size += out.length + 1;
      lines.push(out);
    }
  }
  return lines.join("\n").replace(/\n{3,}/g, "\n\n").trim();
}

/** Quote levels marked in htmlToText's text; deeper quotes are marked as this deep. */
export const MAX_QUOTE_DEPTH = 10;
/** At most this many characters of text from one HTML body (the rest is dropped). */
export const MAX_TEXT = 500_000;
