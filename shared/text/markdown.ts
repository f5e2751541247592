import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

// One parser instance for the app: GitHub-flavoured, line breaks kept, no raw HTML trusted.
const marked = new Marked({ gfm: true, breaks: true, async: false });

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "span",
    "input",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    code: ["class"],
    span: ["class", "data-mention"],
    input: ["type", "checked", "disabled"],
    th: ["align"],
    td: ["align"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Links open safely outside the app and never pass the referrer or an opener.
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
    input: (_tag, attribs) =>
      attribs.type === "checkbox"
        ? {
          tagName: "input",
          attribs: {
            type: "checkbox",
            disabled: "",
            ...(attribs.checked !== undefined ? { checked: "" } : {}),
          },
        }
        : { tagName: "span", attribs: {} },
  },
};

/** Markdown (comments, descriptions) to HTML that is safe to put in a page as is. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(marked.parse(source) as string, ALLOWED);
}

/** Strips every tag: for plain-text bodies, e-mail subjects and previews. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
}
