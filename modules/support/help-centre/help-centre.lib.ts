/** Shapes and addresses of the public help centre (pure). */
import type { KbLocale } from "../kb/kb.lib.ts";

export interface HelpArticleLink {
  id: string;
  slug: string;
  /** The language version the link leads to. */
  lang: KbLocale;
  title: string;
  description: string;
  updatedAt: string;
}

export interface HelpCategory {
  id: string;
  name: string;
  description: string;
  articleCount: number;
}

export interface HelpArticle {
  id: string;
  slug: string;
  lang: KbLocale;
  languages: KbLocale[];
  title: string;
  description: string;
  bodyHtml: string;
  updatedAt: string;
  category: HelpCategory | null;
  related: HelpArticleLink[];
}

const ws = (workspace: string) => `/help/${encodeURIComponent(workspace)}`;

export const helpPaths = {
  home: (workspace: string) => ws(workspace),
  search: (workspace: string, q?: string) =>
    `${ws(workspace)}/search${q ? `?q=${encodeURIComponent(q)}` : ""}`,
  category: (workspace: string, id: string) => `${ws(workspace)}/categories/${id}`,
  article: (workspace: string, slug: string, lang?: KbLocale) =>
    `${ws(workspace)}/articles/${encodeURIComponent(slug)}${lang ? `?lang=${lang}` : ""}`,
  feedback: (workspace: string, slug: string) =>
    `${ws(workspace)}/articles/${encodeURIComponent(slug)}/feedback`,
  sitemap: (workspace: string) => `${ws(workspace)}/sitemap.xml`,
};

/**
 * Canonical and alternate addresses: one path per page, the language as `?lang=` (en or tr);
 * `x-default` is the path alone (the reader's own language).
 */
export function alternates(origin: string, path: string, languages: KbLocale[]) {
  const abs = (lang?: KbLocale) => new URL(path + (lang ? `?lang=${lang}` : ""), origin).toString();
  return [
    ...languages.map((l) => ({ hreflang: l as string, href: abs(l) })),
    { hreflang: "x-default", href: abs() },
  ];
}

export const canonicalUrl = (origin: string, path: string, lang: KbLocale) =>
  new URL(`${path}?lang=${lang}`, origin).toString();

/** The HTTP Link header that carries the hreflang alternates (the layout's head is shared). */
export const alternateLinkHeader = (links: { hreflang: string; href: string }[]) =>
  links.map((l) => `<${l.href}>; rel="alternate"; hreflang="${l.hreflang}"`).join(", ");

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/** sitemap.xml: the home page and every public article, each language with its alternates. */
export function sitemapXml(
  origin: string,
  workspace: string,
  articles: { slug: string; updatedAt: string; languages: KbLocale[] }[],
): string {
  const entry = (path: string, languages: KbLocale[], lastmod?: string) =>
    languages.map((l) =>
      `<url><loc>${xml(canonicalUrl(origin, path, l))}</loc>` +
      (lastmod ? `<lastmod>${xml(lastmod)}</lastmod>` : "") +
      alternates(origin, path, languages).map((a) =>
        `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`
      ).join("") + `</url>`
    ).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ` +
    `xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    [
      entry(helpPaths.home(workspace), ["en", "tr"]),
      ...articles.map((a) => entry(helpPaths.article(workspace, a.slug), a.languages, a.updatedAt)),
    ].join("\n") +
    `\n</urlset>\n`;
}
