/**
 * Knowledge-base search shared by the agent pages, the public help centre and the portal's
 * new-ticket suggestions. Folded (Turkish-aware) substring and full-text matches rank first;
 * trigram word similarity on the folded text lets a typo (`odmee`, `fatrua`) still find its
 * article. What a caller sees is decided by row-level security and `scope`: the portal role
 * sees only public published articles whatever is asked.
 */
import type { Sql } from "../../../shared/db/database.ts";
import { fold } from "../../../shared/text/fold.ts";
import { articleSearch } from "./kb.repo.ts";
import { articleVisible, recordFeedback } from "./kb.feedback.service.ts";
import { highlightSnippet, plainFromMarkdown } from "./kb.snippet.lib.ts";
import { articleUrl } from "./kb.lib.ts";

import type { KbLocale } from "./kb.lib.ts";
export type { KbLocale };

export interface KbSuggestion {
  id: string;
  title: string;
  snippetHtml: string;
  url: string;
}

export interface KbSearchHit extends KbSuggestion {
  slug: string;
  status: "draft" | "published";
  visibility: "internal" | "public";
  /** The title, escaped, matches in <mark>. */
  titleHtml: string;
  /** The language version shown (the one that matched). */
  lang: KbLocale;
  updatedAt: string;
}

/** Full search: `scope: "public"` limits to public published articles even for agents. */
export async function searchArticles(
  sql: Sql,
  input: { q: string; locale: KbLocale; limit?: number; scope: "public" | "all" },
): Promise<KbSearchHit[]> {
  const folded = fold(input.q).slice(0, 200);
  if (!folded) return [];
  const limit = Math.min(Math.max(input.limit ?? 10, 1), 50);
  const rows = await articleSearch(sql, {
    folded,
    locale: input.locale,
    limit,
    publicOnly: input.scope === "public",
  });
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    status: r.status,
    visibility: r.visibility,
    updatedAt: r.updatedAt,
    title: r.title,
    titleHtml: highlightSnippet(r.title, input.q, 400),
    snippetHtml: highlightSnippet(`${r.description} ${plainFromMarkdown(r.body)}`, input.q),
    lang: r.lang,
    // The visitor's language picks the version by itself; another version is named.
    url: articleUrl(r.workspace, r.slug, r.lang === input.locale ? undefined : r.lang),
  }));
}

/** Public published articles matching `q`, for the portal's new-ticket form. */
export async function suggestArticles(
  sql: Sql,
  input: { q: string; locale: "en" | "tr"; limit?: number },
): Promise<{ id: string; title: string; snippetHtml: string; url: string }[]> {
  const hits = await searchArticles(sql, { ...input, limit: input.limit ?? 5, scope: "public" });
  return hits.map(({ id, title, snippetHtml, url }) => ({ id, title, snippetHtml, url }));
}

/**
 * "Solved by this article" from a portal customer: +1 on a public published article, once per
 * customer and article (a second click is thanked but not counted again); false when the
 * article is not visible.
 */
export async function recordDeflection(
  sql: Sql,
  articleId: string,
  customerId: string,
): Promise<boolean> {
  const visitor = `customer:${customerId}`;
  return await recordFeedback(sql, { articleId, kind: "solved", visitor }) ||
    await articleVisible(sql, articleId);
}
