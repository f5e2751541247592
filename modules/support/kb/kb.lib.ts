/**
 * Pure helpers of the knowledge base: public URLs, slugs, which language version a visitor
 * sees, and the Documents owner of an article's images.
 */

export type KbLocale = "en" | "tr";
export const KB_LOCALES: KbLocale[] = ["en", "tr"];

/**
 * The public address of an article. Both language versions live at one path; `?lang=` picks the
 * version (canonical and hreflang links name it explicitly), without it the visitor's language.
 */
export function articleUrl(workspace: string, slug: string, lang?: KbLocale): string {
  const path = `/help/${encodeURIComponent(workspace)}/articles/${encodeURIComponent(slug)}`;
  return lang ? `${path}?lang=${lang}` : path;
}

export const helpCentreUrl = (workspace: string) => `/help/${encodeURIComponent(workspace)}`;

/** A URL-safe slug from a title: Turkish letters and accents folded, words joined by dashes. */
export function slugify(title: string): string {
  const s = title.replace(/[İIı]/g, "i").normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
    .toLowerCase().replace(/ß/g, "ss").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "")
    .slice(0, 80).replace(/-+$/g, "");
  return s.length >= 2 ? s : `article${s ? "-" + s : ""}`;
}

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/;

/** One language version of an article as stored. */
export interface KbVersion {
  title: string;
  description: string;
  body: string;
}

/**
 * The version a visitor of `locale` reads: their own when it has a title, otherwise the other
 * one (an article may be written in one language only).
 */
export function versionFor<T extends { en: KbVersion; tr: KbVersion }>(
  article: T,
  locale: KbLocale,
): { lang: KbLocale; version: KbVersion } {
  const other: KbLocale = locale === "en" ? "tr" : "en";
  if (article[locale].title.trim()) return { lang: locale, version: article[locale] };
  return { lang: other, version: article[other] };
}

/** Which languages have a version (for hreflang alternates). */
export const languagesOf = (a: { en: KbVersion; tr: KbVersion }): KbLocale[] =>
  KB_LOCALES.filter((l) => a[l].title.trim() !== "");

/** Images of an article are Documents attachments owned by the article. */
export const articleImageOwner = (articleId: string) => ({
  module: "support",
  entityType: "kb-article",
  entityId: articleId,
});

/** Image types an article may show (served inline, never as active content). */
export const isArticleImage = (contentType: string) =>
  /^image\/(png|jpeg|gif|webp|avif)$/.test(contentType);

/**
 * Image references in markdown point at the article's own image route; the stored markdown
 * keeps the portable `kb-image:<file id>` form so the same text works on the agent preview and
 * the public page (each rewrites it to its own URL).
 */
export const KB_IMAGE_SCHEME = "kb-image:";
export const imageRef = (fileId: string) => `${KB_IMAGE_SCHEME}${fileId}`;
