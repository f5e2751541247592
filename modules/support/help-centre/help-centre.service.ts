/**
 * What the public help centre reads, always in the portal transaction (role platform_portal,
 * no customer): its row-level security shows only public published articles, the categories
 * holding them and the relations between them, whatever is asked here.
 */
import type { Sql } from "../../../shared/db/database.ts";
import { countAttempt } from "../../../shared/auth/throttle.ts";
import { renderMarkdown } from "../../../shared/text/markdown.ts";
import {
  type ArticleRow,
  type CategoryRow,
  findArticleBySlug,
  selectCategories,
  selectPublicArticles,
  selectRelated,
} from "../kb/kb.repo.ts";
import { recordFeedback } from "../kb/kb.feedback.service.ts";
import { type KbSearchHit, searchArticles } from "../kb/kb.search.service.ts";
import {
  KB_IMAGE_SCHEME,
  type KbLocale,
  languagesOf,
  SLUG_PATTERN,
  versionFor,
} from "../kb/kb.lib.ts";
import { displayTitle } from "../kb/kb.rules.ts";
import type { HelpArticle, HelpArticleLink, HelpCategory } from "./help-centre.lib.ts";

const versions = (r: ArticleRow) => ({
  en: { title: r.titleEn, description: r.descriptionEn, body: r.bodyEn },
  tr: { title: r.titleTr, description: r.descriptionTr, body: r.bodyTr },
});

const link = (
  r: {
    id: string;
    slug: string;
    titleEn: string;
    titleTr: string;
    descriptionEn: string;
    descriptionTr: string;
    updatedAt: string;
  },
  locale: KbLocale,
): HelpArticleLink => {
  const lang: KbLocale = locale === "tr" ? (r.titleTr ? "tr" : "en") : (r.titleEn ? "en" : "tr");
  return {
    id: r.id,
    slug: r.slug,
    lang,
    title: displayTitle(r, locale),
    description: lang === "en" ? r.descriptionEn : r.descriptionTr,
    updatedAt: r.updatedAt,
  };
};

const category = (c: CategoryRow, locale: KbLocale): HelpCategory => ({
  id: c.id,
  name: locale === "tr" ? (c.nameTr || c.nameEn) : (c.nameEn || c.nameTr),
  description: locale === "tr"
    ? (c.descriptionTr || c.descriptionEn)
    : (c.descriptionEn || c.descriptionTr),
  articleCount: c.articleCount,
});

export async function helpHome(sql: Sql, locale: KbLocale) {
  const [categories, popular] = await Promise.all([
    selectCategories(sql),
    selectPublicArticles(sql, { order: "popular", limit: 8 }),
  ]);
  return {
    categories: categories.filter((c) => c.articleCount > 0).map((c) => category(c, locale)),
    popular: popular.map((a) => link(a, locale)),
  };
}

/** A category with its articles (by title); null when it holds no public article. */
export async function helpCategory(sql: Sql, id: string, locale: KbLocale) {
  const found = (await selectCategories(sql)).find((c) => c.id === id && c.articleCount > 0);
  if (!found) return null;
  const articles = await selectPublicArticles(sql, { order: "title", categoryId: id, limit: 500 });
  return { category: category(found, locale), articles: articles.map((a) => link(a, locale)) };
}

/**
 * A public article by slug in the reader's language (or the one it is written in), its body
 * rendered sanitised with images pointing at the help centre's image route; null otherwise.
 */
export async function helpArticle(
  sql: Sql,
  input: { workspace: string; slug: string; locale: KbLocale; lang?: KbLocale },
): Promise<HelpArticle | null> {
  if (!SLUG_PATTERN.test(input.slug)) return null;
  const row = await findArticleBySlug(sql, input.slug);
  if (!row) return null;
  const v = versions(row);
  const { lang, version } = versionFor(
    v,
    input.lang && v[input.lang].title ? input.lang : input.locale,
  );
  const [related, categories] = await Promise.all([
    selectRelated(sql, row.id),
    row.categoryId ? selectCategories(sql) : Promise.resolve([]),
  ]);
  const cat = categories.find((c) => c.id === row.categoryId);
  const base = `/help/${encodeURIComponent(input.workspace)}/articles/${row.slug}/images/`;
  return {
    id: row.id,
    slug: row.slug,
    lang,
    languages: languagesOf(v),
    title: version.title,
    description: version.description,
    bodyHtml: renderMarkdown(version.body, {
      imageSrc: (src) =>
        src.startsWith(KB_IMAGE_SCHEME) &&
          /^[0-9a-f-]{36}$/i.test(src.slice(KB_IMAGE_SCHEME.length))
          ? base + src.slice(KB_IMAGE_SCHEME.length)
          : null,
    }),
    updatedAt: row.updatedAt,
    category: cat ? category(cat, input.locale) : null,
    related: related.map((r) => link(r, input.locale)),
  };
}

export async function helpSearch(sql: Sql, q: string, locale: KbLocale): Promise<KbSearchHit[]> {
  return await searchArticles(sql, { q, locale, limit: 20, scope: "public" });
}

/** Every public article with its languages and last change (sitemap.xml). */
export async function sitemapArticles(sql: Sql) {
  const rows = await selectPublicArticles(sql, { order: "recent", limit: 50_000 });
  return rows.map((r) => ({
    slug: r.slug,
    updatedAt: r.updatedAt,
    languages: (["en", "tr"] as const).filter((l) => (l === "en" ? r.titleEn : r.titleTr) !== ""),
  }));
}

/** One address may rate this many articles an hour (each article once per visitor cookie). */
const VOTE_POLICY = { max: 30, windowSeconds: 3600, lockSeconds: 3600 };

/**
 * "Was this helpful": counted once per visitor (the hashed visitor cookie) and throttled per
 * client address. `voted`: counted now; `again`: this visitor had voted; `throttled`; `missing`.
 */
export async function vote(
  sql: Sql,
  input: { tenantId: string; slug: string; helpful: boolean; visitor: string; address: string },
): Promise<"voted" | "again" | "throttled" | "missing"> {
  if (!SLUG_PATTERN.test(input.slug)) return "missing";
  const row = await findArticleBySlug(sql, input.slug);
  if (!row) return "missing";
  if (await countAttempt(sql, `kb-vote:${input.tenantId}:${input.address}`, VOTE_POLICY)) {
    return "throttled";
  }
  const done = await recordFeedback(sql, {
    articleId: row.id,
    kind: input.helpful ? "helpful" : "not_helpful",
    visitor: await visitorKey(input.visitor),
  });
  return done ? "voted" : "again";
}

/** The visitor cookie is stored hashed: the table never holds a value that works as a cookie. */
async function visitorKey(visitor: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(visitor));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Finds an article as the portal role (so: public and published) for its image route. */
export async function publicArticleId(sql: Sql, slug: string): Promise<string | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  return (await findArticleBySlug(sql, slug))?.id ?? null;
}
