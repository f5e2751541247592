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

/**
 * Markdown (comments, descriptions) to HTML that is safe to put in a page as is. Images are
 * dropped unless `imageSrc` maps an image's address to one the page serves itself (knowledge-base
 * articles); an address it returns null for drops the image.
 */
export function renderMarkdown(
  source: string,
  opts: { imageSrc?: (src: string) => string | null } = {},
): string {
  const html = marked.parse(source) as string;
  if (!opts.imageSrc) return sanitizeHtml(html, ALLOWED);
  const imageSrc = opts.imageSrc;
  return sanitizeHtml(html, {
    ...ALLOWED,
    allowedTags: [...(ALLOWED.allowedTags as string[]), "img"],
    allowedAttributes: { ...ALLOWED.allowedAttributes, img: ["src", "alt", "title", "loading"] },
    allowedSchemesByTag: { img: [] },
    transformTags: {
      ...ALLOWED.transformTags,
      img: (_tag, attribs) => {
        const src = imageSrc(attribs.src ?? "");
        return src
          ? {
            tagName: "img",
            attribs: { src, alt: attribs.alt ?? "", loading: "lazy", ...pick(attribs, "title") },
          }
          : { tagName: "span", attribs: {} };
      },
    },
  });
}

const pick = (a: Record<string, string>, key: string) => (key in a ? { [key]: a[key] } : {});

/** Strips every tag: for plain-text bodies, e-mail subjects and previews. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
}
