/**
 * The knowledge base for agents: categories, articles with their English and Turkish versions,
 * publishing, related articles, turning a ticket's reply into a draft, and the feedback report.
 * Row-level security keeps every query in the tenant; another tenant's id is a plain 404.
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { decodeCursor, encodeCursor } from "../../../shared/http/paging.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import {
  type ArticleRow,
  type CategoryRow,
  countArticles,
  currentWorkspace,
  deleteArticle,
  deleteCategory,
  feedbackReport,
  findArticle,
  findCategory,
  findPublicComment,
  insertArticle,
  insertCategory,
  replaceRelated,
  selectArticles,
  selectCategories,
  selectRelated,
  setArticleStatus,
  slugTaken,
  updateArticle,
  updateCategory,
} from "./kb.repo.ts";
import { articleUrl, slugify } from "./kb.lib.ts";
import { articleValues, checkArticle, displayTitle } from "./kb.rules.ts";
import type {
  KbArticle,
  KbArticleInput,
  KbArticleUpdate,
  KbCategory,
  KbCategoryInput,
  KbReportRow,
} from "./kb.schemas.ts";

const notFound = () => problems.notFound("No such article.");

export function toCategory(r: CategoryRow): KbCategory {
  return {
    id: r.id,
    name: { en: r.nameEn, tr: r.nameTr },
    description: { en: r.descriptionEn, tr: r.descriptionTr },
    position: r.position,
    articleCount: r.articleCount,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

function toArticle(r: ArticleRow, related: ArticleRow[], workspace: string): KbArticle {
  const live = r.status === "published" && r.visibility === "public";
  return {
    id: r.id,
    categoryId: r.categoryId,
    slug: r.slug,
    status: r.status,
    visibility: r.visibility,
    en: { title: r.titleEn, description: r.descriptionEn, body: r.bodyEn },
    tr: { title: r.titleTr, description: r.descriptionTr, body: r.bodyTr },
    related: related.map((a) => ({
      id: a.id,
      slug: a.slug,
      title: displayTitle(a, "en"),
      status: a.status,
      visibility: a.visibility,
    })),
    helpfulCount: r.helpfulCount,
    notHelpfulCount: r.notHelpfulCount,
    solvedCount: r.solvedCount,
    publicUrl: live ? articleUrl(workspace, r.slug) : null,
    sourceTicketId: r.sourceTicketId,
    publishedAt: r.publishedAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

async function activity(actor: Actor, id: string, action: string, summary: string) {
  await recordActivity(actor, {
    module: "support",
    entityType: "kb-article",
    entityId: id,
    action,
    summary,
  });
}

// ---- categories ----------------------------------------------------------------------------

export async function listCategories(actor: Pick<Actor, "sql">): Promise<KbCategory[]> {
  return (await selectCategories(actor.sql)).map(toCategory);
}

async function categoryOr404(actor: Pick<Actor, "sql">, id: string) {
  const row = await findCategory(actor.sql, id);
  if (!row) throw problems.notFound("No such category.");
  return row;
}

export async function getCategory(actor: Pick<Actor, "sql">, id: string) {
  return toCategory(await categoryOr404(actor, id));
}

function categoryValues(input: KbCategoryInput) {
  if (!input.name.en && !input.name.tr) {
    throw problems.validation([{ path: "name.en", message: "A name in one language at least." }]);
  }
  return {
    nameEn: input.name.en,
    nameTr: input.name.tr,
    descriptionEn: input.description.en,
    descriptionTr: input.description.tr,
    position: input.position,
  };
}

export async function createCategory(actor: Actor, input: KbCategoryInput) {
  const id = uuidv7();
  await insertCategory(actor.sql, id, categoryValues(input));
  return await getCategory(actor, id);
}

export async function changeCategory(actor: Actor, id: string, input: KbCategoryInput) {
  await categoryOr404(actor, id);
  await updateCategory(actor.sql, id, categoryValues(input));
  return await getCategory(actor, id);
}

/** Its articles stay, without a category. */
export async function removeCategory(actor: Actor, id: string) {
  await categoryOr404(actor, id);
  await deleteCategory(actor.sql, id);
  return { id, deleted: true as const };
}

// ---- articles ------------------------------------------------------------------------------

async function articleOr404(actor: Pick<Actor, "sql">, id: string, lock = false) {
  const row = await findArticle(actor.sql, id, lock);
  if (!row) throw notFound();
  return row;
}

export async function getArticle(actor: Pick<Actor, "sql">, id: string): Promise<KbArticle> {
  const row = await articleOr404(actor, id);
  const [related, workspace] = await Promise.all([
    selectRelated(actor.sql, id),
    currentWorkspace(actor.sql),
  ]);
  return toArticle(row, related, workspace);
}

export async function listArticles(
  actor: Pick<Actor, "sql">,
  q: {
    limit: number;
    cursor?: string;
    status?: "draft" | "published";
    visibility?: "internal" | "public";
    categoryId?: string;
  },
): Promise<{ items: KbArticle[]; nextCursor: string | null }> {
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await selectArticles(actor.sql, { ...q, after, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const workspace = await currentWorkspace(actor.sql);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toArticle(r, [], workspace)),
    nextCursor: rows.length > q.limit && last ? encodeCursor([last.updatedAt, last.id]) : null,
  };
}

/** A free slug from `base` (suffix -2, -3, … when taken). */
async function freeSlug(actor: Pick<Actor, "sql">, base: string, exceptId: string | null) {
  for (let n = 1; n < 50; n++) {
    const slug = n === 1 ? base : `${base.slice(0, 110)}-${n}`;
    if (!(await slugTaken(actor.sql, slug, exceptId))) return slug;
  }
  return `${base.slice(0, 80)}-${uuidv7().slice(-12)}`;
}

async function checkRefs(actor: Pick<Actor, "sql">, id: string | null, v: {
  categoryId: string | null;
  relatedIds: string[];
}) {
  if (v.categoryId && !(await findCategory(actor.sql, v.categoryId))) {
    throw problems.validation([{ path: "categoryId", message: "No such category." }]);
  }
  const related = [...new Set(v.relatedIds)];
  if (id && related.includes(id)) {
    throw problems.validation([{
      path: "relatedIds",
      message: "An article is not related to itself.",
    }]);
  }
  if (related.length && (await countArticles(actor.sql, related)) !== related.length) {
    throw problems.validation([{ path: "relatedIds", message: "No such article." }]);
  }
  return related;
}

export async function createArticle(
  actor: Actor,
  input: KbArticleInput & { sourceTicketId?: string | null },
): Promise<KbArticle> {
  checkArticle(input);
  const id = uuidv7();
  const related = await checkRefs(actor, null, input);
  if (input.slug && (await slugTaken(actor.sql, input.slug, null))) {
    throw problems.conflict("Another article has this address (slug).");
  }
  const slug = input.slug ?? await freeSlug(actor, slugify(input.en.title || input.tr.title), null);
  await insertArticle(actor.sql, id, {
    ...articleValues(input),
    slug,
    userId: actor.session.userId,
    sourceTicketId: input.sourceTicketId ?? null,
  });
  await replaceRelated(actor.sql, id, related);
  const title = input.en.title || input.tr.title;
  await activity(actor, id, "created", `Created knowledge-base article "${title}"`);
  return await getArticle(actor, id);
}

export async function changeArticle(actor: Actor, id: string, input: KbArticleUpdate) {
  const row = await articleOr404(actor, id, true);
  const current = {
    categoryId: row.categoryId,
    slug: row.slug,
    visibility: row.visibility,
    en: { title: row.titleEn, description: row.descriptionEn, body: row.bodyEn },
    tr: { title: row.titleTr, description: row.descriptionTr, body: row.bodyTr },
  };
  const next = { ...current, ...input };
  checkArticle(next);
  const related = input.relatedIds ? await checkRefs(actor, id, next as never) : null;
  if (input.categoryId) {
    await checkRefs(actor, id, { categoryId: input.categoryId, relatedIds: [] });
  }
  if (input.slug && input.slug !== row.slug && (await slugTaken(actor.sql, input.slug, id))) {
    throw problems.conflict("Another article has this address (slug).");
  }
  await updateArticle(actor.sql, id, { ...articleValues(next), userId: actor.session.userId });
  if (related) await replaceRelated(actor.sql, id, related);
  await activity(
    actor,
    id,
    "updated",
    `Changed knowledge-base article "${displayTitle(next, "en")}"`,
  );
  return await getArticle(actor, id);
}

/** Draft → published and back; publishing needs a title and a body in one language. */
export async function setStatus(actor: Actor, id: string, status: "draft" | "published") {
  const row = await articleOr404(actor, id, true);
  if (status === "published" && !((row.titleEn && row.bodyEn) || (row.titleTr && row.bodyTr))) {
    throw problems.unprocessable("An article needs a title and a text before it is published.");
  }
  if (row.status !== status) {
    await setArticleStatus(actor.sql, id, status, actor.session.userId);
    const verb = status === "published" ? "Published" : "Unpublished";
    await activity(
      actor,
      id,
      status === "published" ? "published" : "unpublished",
      `${verb} knowledge-base article "${row.titleEn || row.titleTr}"`,
    );
  }
  return await getArticle(actor, id);
}

export async function removeArticle(actor: Actor, id: string) {
  const row = await articleOr404(actor, id, true);
  await deleteArticle(actor.sql, id);
  await activity(
    actor,
    id,
    "deleted",
    `Deleted knowledge-base article "${row.titleEn || row.titleTr}"`,
  );
  return { id, deleted: true as const };
}

/**
 * A draft (internal) article from a public reply of a ticket: the ticket's subject as title,
 * the reply as text, in the language given (the agent's). 404 for an internal note or a
 * reply of another ticket or tenant.
 */
export async function articleFromComment(
  actor: Actor,
  input: { ticketId: string; commentId: string; locale: "en" | "tr" },
): Promise<KbArticle> {
  const c = await findPublicComment(actor.sql, input.ticketId, input.commentId);
  if (!c) throw problems.notFound("No such public reply.");
  const version = {
    title: c.subject.slice(0, 200),
    description: "",
    body: c.body.slice(0, 100_000),
  };
  const empty = { title: "", description: "", body: "" };
  return await createArticle(actor, {
    categoryId: null,
    visibility: "internal",
    en: input.locale === "en" ? version : empty,
    tr: input.locale === "tr" ? version : empty,
    relatedIds: [],
    sourceTicketId: input.ticketId,
  });
}

// ---- report --------------------------------------------------------------------------------

export async function kbReport(
  actor: Pick<Actor, "sql">,
  q: { from?: string; to?: string; locale: "en" | "tr" },
): Promise<
  { items: KbReportRow[]; totals: { helpful: number; notHelpful: number; solved: number } }
> {
  const to = q.to ? new Date(Date.parse(q.to) + 86_400_000).toISOString().slice(0, 10) : null;
  const rows = await feedbackReport(actor.sql, { from: q.from ?? null, to, limit: 200 });
  const items = rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: displayTitle(r, q.locale),
    status: r.status,
    visibility: r.visibility,
    helpful: r.helpful,
    notHelpful: r.notHelpful,
    solved: r.solved,
  }));
  const sum = (k: "helpful" | "notHelpful" | "solved") => items.reduce((n, r) => n + r[k], 0);
  return {
    items,
    totals: { helpful: sum("helpful"), notHelpful: sum("notHelpful"), solved: sum("solved") },
  };
}
