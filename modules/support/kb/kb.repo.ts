import type { Sql } from "../../../shared/db/database.ts";
import type { KbLocale } from "./kb.lib.ts";

/** An article row as the service reads it (both language versions, counts). */
export interface ArticleRow {
  id: string;
  categoryId: string | null;
  slug: string;
  status: "draft" | "published";
  visibility: "internal" | "public";
  titleEn: string;
  descriptionEn: string;
  bodyEn: string;
  titleTr: string;
  descriptionTr: string;
  bodyTr: string;
  helpfulCount: number;
  notHelpfulCount: number;
  solvedCount: number;
  sourceTicketId: string | null;
  createdBy: string | null;
  updatedBy: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const ARTICLE = `id, category_id, slug, status, visibility, title_en, description_en, body_en,
  title_tr, description_tr, body_tr, helpful_count, not_helpful_count, solved_count,
  source_ticket_id, created_by, updated_by, published_at, created_at, updated_at`;

/** The current tenant's workspace slug (tenants is a platform table every role reads). */
const WORKSPACE = `(select t.slug from tenants t
  where t.id = nullif(current_setting('app.tenant_id', true), '')::uuid)`;

export interface CategoryRow {
  id: string;
  nameEn: string;
  nameTr: string;
  descriptionEn: string;
  descriptionTr: string;
  position: number;
  articleCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Categories in order, with how many articles the caller can see in each. */
export async function selectCategories(sql: Sql): Promise<CategoryRow[]> {
  return await sql<CategoryRow[]>`
    select c.id, c.name_en, c.name_tr, c.description_en, c.description_tr, c.position,
      c.created_at, c.updated_at,
      (select count(*)::int from support_kb_articles a where a.category_id = c.id) as article_count
    from support_kb_categories c order by c.position, c.id`;
}

export async function findCategory(sql: Sql, id: string): Promise<CategoryRow | undefined> {
  return (await selectCategories(sql)).find((c) => c.id === id);
}

export interface CategoryValues {
  nameEn: string;
  nameTr: string;
  descriptionEn: string;
  descriptionTr: string;
  position: number;
}

export async function insertCategory(sql: Sql, id: string, v: CategoryValues) {
  await sql`insert into support_kb_categories
    (id, name_en, name_tr, description_en, description_tr, position)
    values (${id}, ${v.nameEn}, ${v.nameTr}, ${v.descriptionEn}, ${v.descriptionTr},
      ${v.position})`;
}

export async function updateCategory(sql: Sql, id: string, v: CategoryValues) {
  await sql`update support_kb_categories set name_en = ${v.nameEn}, name_tr = ${v.nameTr},
    description_en = ${v.descriptionEn}, description_tr = ${v.descriptionTr},
    position = ${v.position}, updated_at = now() where id = ${id}`;
}

export async function deleteCategory(sql: Sql, id: string) {
  await sql`delete from support_kb_categories where id = ${id}`;
}

export interface ArticleFilter {
  status?: "draft" | "published";
  visibility?: "internal" | "public";
  categoryId?: string;
  /** Keyset: the last row's updated_at and id. */
  after?: [string, string] | null;
  limit: number;
}

/** Articles, most recently changed first (the agent list and the API's list). */
export async function selectArticles(sql: Sql, f: ArticleFilter): Promise<ArticleRow[]> {
  return await sql<ArticleRow[]>`
    select ${sql.unsafe(ARTICLE)} from support_kb_articles
    where true
      ${f.status ? sql`and status = ${f.status}` : sql``}
      ${f.visibility ? sql`and visibility = ${f.visibility}` : sql``}
      ${f.categoryId ? sql`and category_id = ${f.categoryId}` : sql``}
      ${f.after ? sql`and (updated_at, id) < (${f.after[0]}::timestamptz, ${f.after[1]})` : sql``}
    order by updated_at desc, id desc limit ${f.limit}`;
}

export async function findArticle(sql: Sql, id: string, lock = false) {
  const [row] = await sql<ArticleRow[]>`
    select ${sql.unsafe(ARTICLE)} from support_kb_articles where id = ${id}
    ${lock ? sql`for update` : sql``}`;
  return row;
}

export async function findArticleBySlug(sql: Sql, slug: string) {
  const [row] = await sql<ArticleRow[]>`
    select ${sql.unsafe(ARTICLE)} from support_kb_articles where slug = ${slug}`;
  return row;
}

export async function slugTaken(sql: Sql, slug: string, exceptId: string | null) {
  const [row] = await sql`select 1 from support_kb_articles
    where slug = ${slug} and id is distinct from ${exceptId}`;
  return !!row;
}

export interface ArticleValues {
  categoryId: string | null;
  slug: string;
  visibility: "internal" | "public";
  titleEn: string;
  descriptionEn: string;
  bodyEn: string;
  titleTr: string;
  descriptionTr: string;
  bodyTr: string;
}

export async function insertArticle(
  sql: Sql,
  id: string,
  v: ArticleValues & { userId: string | null; sourceTicketId: string | null },
) {
  await sql`insert into support_kb_articles (id, category_id, slug, visibility, title_en,
      description_en, body_en, title_tr, description_tr, body_tr, source_ticket_id, created_by,
      updated_by)
    values (${id}, ${v.categoryId}, ${v.slug}, ${v.visibility}, ${v.titleEn}, ${v.descriptionEn},
      ${v.bodyEn}, ${v.titleTr}, ${v.descriptionTr}, ${v.bodyTr}, ${v.sourceTicketId},
      ${v.userId}, ${v.userId})`;
}

export async function updateArticle(
  sql: Sql,
  id: string,
  v: ArticleValues & { userId: string | null },
) {
  await sql`update support_kb_articles set category_id = ${v.categoryId}, slug = ${v.slug},
    visibility = ${v.visibility}, title_en = ${v.titleEn}, description_en = ${v.descriptionEn},
    body_en = ${v.bodyEn}, title_tr = ${v.titleTr}, description_tr = ${v.descriptionTr},
    body_tr = ${v.bodyTr}, updated_by = ${v.userId}, updated_at = now() where id = ${id}`;
}

export async function setArticleStatus(
  sql: Sql,
  id: string,
  status: "draft" | "published",
  userId: string | null,
) {
  await sql`update support_kb_articles set status = ${status}, updated_by = ${userId},
    published_at = case when ${status} = 'published' then now() else published_at end,
    updated_at = now() where id = ${id}`;
}

export async function deleteArticle(sql: Sql, id: string) {
  await sql`delete from support_kb_articles where id = ${id}`;
}

/** Replaces an article's related articles (ids the caller checked exist), in order. */
export async function replaceRelated(sql: Sql, id: string, related: string[]) {
  await sql`delete from support_kb_related where article_id = ${id}`;
  if (!related.length) return;
  await sql`insert into support_kb_related ${
    sql(related.map((r, i) => ({ article_id: id, related_id: r, position: i })))
  }`;
}

/** The related articles of one article the caller can see (RLS hides the rest). */
export async function selectRelated(sql: Sql, id: string): Promise<ArticleRow[]> {
  return await sql<ArticleRow[]>`
    select ${sql.unsafe(ARTICLE.replace(/(\w+)/g, "a.$1"))} from support_kb_related r
    join support_kb_articles a on a.id = r.related_id
    where r.article_id = ${id} order by r.position, a.id`;
}

/** How many of these ids are articles the caller can see. */
export async function countArticles(sql: Sql, ids: string[]): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from support_kb_articles where id = any(${ids}::uuid[])`;
  return row.n;
}

/**
 * One feedback row (helpful, not helpful, solved) for an article the caller can see; false
 * when it cannot (the portal's insert policy checks visibility) or the visitor voted already.
 * No RETURNING: the portal role may add feedback rows but never read them.
 */
export async function articleExists(sql: Sql, id: string): Promise<boolean> {
  return (await sql`select 1 from support_kb_articles where id = ${id}`).length > 0;
}

export async function insertFeedback(
  sql: Sql,
  f: {
    id: string;
    articleId: string;
    kind: "helpful" | "not_helpful" | "solved";
    visitor: string | null;
  },
): Promise<boolean> {
  if (!(await articleExists(sql, f.articleId))) return false;
  const result = await sql`insert into support_kb_feedback (id, article_id, kind, visitor)
    values (${f.id}, ${f.articleId}, ${f.kind}, ${f.visitor})
    on conflict do nothing`;
  return result.count === 1;
}

export interface SearchRow {
  id: string;
  slug: string;
  status: "draft" | "published";
  visibility: "internal" | "public";
  workspace: string;
  lang: KbLocale;
  title: string;
  description: string;
  body: string;
  updatedAt: string;
  score: number;
}

/**
 * Articles matching a folded query in either language version, best first, each in the
 * version that matched (the requested language when both did). A version matches when its
 * folded text contains the query, its full text (simple configuration, over folded words)
 * matches all query words, or the query is trigram-similar to some stretch of it
 * (`<%`, word_similarity ≥ 0.3: one or two typos in a word).
 */
export async function articleSearch(
  sql: Sql,
  q: { folded: string; locale: KbLocale; limit: number; publicOnly: boolean },
): Promise<SearchRow[]> {
  const like = `%${q.folded.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
  await sql`select set_config('pg_trgm.word_similarity_threshold', '0.3', true)`;
  const other: KbLocale = q.locale === "en" ? "tr" : "en";
  return await sql<SearchRow[]>`
    with m as (
      select a.id, a.slug, a.status, a.visibility, a.updated_at,
        a.title_en, a.description_en, a.body_en, a.title_tr, a.description_tr, a.body_tr,
        ${versionScore(sql, "en", q.folded, like)} as score_en,
        ${versionScore(sql, "tr", q.folded, like)} as score_tr
      from support_kb_articles a
      where (a.search_en like ${like} or a.search_tr like ${like}
          or ${q.folded} <% a.search_en or ${q.folded} <% a.search_tr
          or to_tsvector('simple', a.search_en) @@ plainto_tsquery('simple', ${q.folded})
          or to_tsvector('simple', a.search_tr) @@ plainto_tsquery('simple', ${q.folded}))
        ${q.publicOnly ? sql`and a.status = 'published' and a.visibility = 'public'` : sql``}
    ), v as (
      select m.*, case
        when ${sql.unsafe(`m.score_${q.locale}`)} > 0 and ${sql.unsafe(`m.title_${q.locale}`)} <> ''
          then ${q.locale}
        when ${sql.unsafe(`m.score_${other}`)} > 0 and ${sql.unsafe(`m.title_${other}`)} <> ''
          then ${other}
        when ${sql.unsafe(`m.title_${q.locale}`)} <> '' then ${q.locale}
        else ${other} end as lang
      from m
    )
    select id, slug, status, visibility, updated_at, lang, ${sql.unsafe(WORKSPACE)} as workspace,
      case when lang = 'en' then title_en else title_tr end as title,
      case when lang = 'en' then description_en else description_tr end as description,
      case when lang = 'en' then body_en else body_tr end as body,
      -- The reader's own language ranks first among equally good matches.
      greatest(score_en + ${q.locale === "en" ? 0.5 : 0}, score_tr + ${q.locale === "tr" ? 0.5 : 0})
        as score
    from v order by score desc, updated_at desc, id limit ${q.limit}`;
}

/** A version's relevance: a match in the title counts most, then the text, then similarity. */
function versionScore(sql: Sql, lang: KbLocale, folded: string, like: string) {
  const search = sql.unsafe(`a.search_${lang}`);
  const title = sql.unsafe(`platform_fold(a.title_${lang})`);
  return sql`(case when ${search} = '' then 0 else
    (case when ${title} like ${like} then 3 else 0 end)
    + (case when ${search} like ${like} then 1 else 0 end)
    + ts_rank(to_tsvector('simple', ${search}), plainto_tsquery('simple', ${folded}))
    + word_similarity(${folded}, ${title})
    + word_similarity(${folded}, ${search}) end)::float8`;
}

export interface PublicArticleRow {
  id: string;
  slug: string;
  categoryId: string | null;
  titleEn: string;
  titleTr: string;
  descriptionEn: string;
  descriptionTr: string;
  updatedAt: string;
}

/** Published public articles: popular first (helpful + solved), or all for the sitemap. */
export async function selectPublicArticles(
  sql: Sql,
  o: { order: "popular" | "recent" | "title"; categoryId?: string; limit: number },
): Promise<PublicArticleRow[]> {
  const order = o.order === "popular"
    ? sql`helpful_count + solved_count desc, published_at desc nulls last, id`
    : o.order === "recent"
    ? sql`updated_at desc, id`
    : sql`lower(coalesce(nullif(title_en, ''), title_tr)), id`;
  return await sql<PublicArticleRow[]>`
    select id, slug, category_id, title_en, title_tr, description_en, description_tr, updated_at
    from support_kb_articles
    where status = 'published' and visibility = 'public'
      ${o.categoryId ? sql`and category_id = ${o.categoryId}` : sql``}
    order by ${order} limit ${o.limit}`;
}

export interface ReportRow {
  id: string;
  slug: string;
  titleEn: string;
  titleTr: string;
  status: "draft" | "published";
  visibility: "internal" | "public";
  helpful: number;
  notHelpful: number;
  solved: number;
}

/** Feedback per article within a period (feedback rows counted by day of creation). */
export async function feedbackReport(
  sql: Sql,
  p: { from: string | null; to: string | null; limit: number },
): Promise<ReportRow[]> {
  return await sql<ReportRow[]>`
    select a.id, a.slug, a.title_en, a.title_tr, a.status, a.visibility,
      count(*) filter (where f.kind = 'helpful')::int as helpful,
      count(*) filter (where f.kind = 'not_helpful')::int as not_helpful,
      count(*) filter (where f.kind = 'solved')::int as solved
    from support_kb_articles a
    left join support_kb_feedback f on f.article_id = a.id
      ${p.from ? sql`and f.created_at >= ${p.from}::timestamptz` : sql``}
      ${p.to ? sql`and f.created_at < ${p.to}::timestamptz` : sql``}
    group by a.tenant_id, a.id
    order by count(f.id) desc, a.updated_at desc, a.id limit ${p.limit}`;
}

/** The current tenant's workspace slug (the help centre's address). */
export async function currentWorkspace(sql: Sql): Promise<string> {
  const [row] = await sql<{ slug: string }[]>`select ${sql.unsafe(WORKSPACE)} as slug`;
  return row?.slug ?? "";
}

/** A public reply of a ticket with the ticket's subject ("turn into article"). */
export async function findPublicComment(sql: Sql, ticketId: string, commentId: string) {
  const [row] = await sql<{ body: string; format: string; subject: string; number: string }[]>`
    select c.body, c.format, t.subject, t.number from support_comments c
    join support_tickets t on t.id = c.ticket_id
    where c.id = ${commentId} and c.ticket_id = ${ticketId} and c.visibility = 'public'`;
  return row;
}
