/**
 * The knowledge base's agent pages under /support/kb: the list (filters, search with
 * snippets), the editor (English / Turkish tabs, preview, publish), categories, the feedback
 * report, and the ticket page's article picker and "turn into article".
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import type { MessageKey } from "../../../shared/i18n/i18n.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  type Form,
  isHtmx,
  problemFlash,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { ID_PARAM as ID, isUuid } from "../../../shared/http/ids.ts";
import { problems } from "../../../shared/http/problem.ts";
import { renderMarkdown } from "../../../shared/text/markdown.ts";
import { html, tr } from "../../../ui/kit.ts";
import { respond, supportCrumbs } from "../common/resource.pages.tsx";
import { uploadOf } from "../attachments/attachments.lib.ts";
import {
  articleFromComment,
  changeArticle,
  changeCategory,
  createArticle,
  createCategory,
  getArticle,
  kbReport,
  listArticles,
  listCategories,
  removeArticle,
  removeCategory,
  setStatus,
} from "./kb.service.ts";
import { searchArticles } from "./kb.search.service.ts";
import { listImages, openImage, uploadImages } from "./kb.images.service.ts";
import { KB_IMAGE_SCHEME, type KbLocale } from "./kb.lib.ts";
import { displayTitle } from "./kb.rules.ts";
import { KbCategoryInput } from "./kb.schemas.ts";
import {
  KB,
  KbCategories,
  KbEditor,
  KbList,
  type KbListFilter,
  KbPickerResults,
  KbReportView,
  KbTabs,
  NewCategoryDialog,
} from "./kb.view.tsx";
import { Button } from "../../../ui/kit.ts";

const WRITE = "support.kb.write";
const canWrite = (c: C) => hasPermission(c.var.session.permissions, WRITE);
const localeOf = (c: C): KbLocale => (c.var.locale === "tr" ? "tr" : "en");
const s = (f: Form, k: string) => (typeof f[k] === "string" ? (f[k] as string) : "");
const crumbs = (c: C) => supportCrumbs(c, { label: tr(c)("page.kb"), href: KB });

/** What a refused form says, by the service's status. */
const ERRORS: Partial<Record<number, MessageKey>> = {
  400: "support.kb.error.title",
  409: "support.kb.error.slug",
  422: "support.kb.error.publish",
};

function flashOf(c: C, err: unknown): { flash: Flash; status: Status } {
  const { flash, status } = problemFlash(err);
  const key = ERRORS[status];
  return { flash: key ? { kind: "error", text: tr(c)(key) } : flash, status };
}

// ---- list ----------------------------------------------------------------------------------

async function listPage(c: C) {
  const t = tr(c);
  const locale = localeOf(c);
  const filter: KbListFilter = {
    q: (c.req.query("q") ?? "").trim().slice(0, 200),
    status: c.req.query("status") ?? "",
    visibility: c.req.query("visibility") ?? "",
    categoryId: c.req.query("categoryId") ?? "",
  };
  const actor = actorOf(c);
  const categories = await listCategories(actor);
  const status = ["draft", "published"].includes(filter.status)
    ? filter.status as "draft" | "published"
    : undefined;
  const visibility = ["internal", "public"].includes(filter.visibility)
    ? filter.visibility as "internal" | "public"
    : undefined;
  const categoryId = isUuid(filter.categoryId) ? filter.categoryId : undefined;
  let hits = null;
  let articles: Awaited<ReturnType<typeof listArticles>> = { items: [], nextCursor: null };
  if (filter.q) {
    hits = (await searchArticles(actor.sql, { q: filter.q, locale, scope: "all", limit: 30 }))
      .filter((h) =>
        (!status || h.status === status) && (!visibility || h.visibility === visibility)
      );
  } else {
    articles = await listArticles(actor, {
      limit: 25,
      cursor: c.req.query("cursor"),
      status,
      visibility,
      categoryId,
    });
  }
  const params = new URLSearchParams({ ...filter, cursor: articles.nextCursor ?? "" });
  const body = (
    <>
      {!isHtmx(c) && <KbTabs current="articles" />}
      <KbList
        filter={filter}
        categories={categories}
        articles={articles.items}
        hits={hits}
        nextHref={articles.nextCursor ? `${KB}?${params}` : null}
        locale={locale}
      />
    </>
  );
  return await respond(c, t("page.kb"), body, {
    description: t("support.kb.intro"),
    actions: (
      <>
        <Button
          href={`/help/${encodeURIComponent(c.var.session.tenantSlug ?? "")}`}
          variant="secondary"
          icon="external-link"
        >
          {t("support.kb.openHelpCentre")}
        </Button>
        {canWrite(c) && <Button href={`${KB}/new`} icon="plus">{t("support.kb.new")}</Button>}
      </>
    ),
  });
}

// ---- editor --------------------------------------------------------------------------------

async function editorPage(
  c: C,
  id: string | null,
  opts: { flash?: Flash; status?: Status; lang?: KbLocale; draft?: Record<string, string> } = {},
) {
  const t = tr(c);
  const locale = localeOf(c);
  const actor = actorOf(c);
  const q = c.req.query("lang");
  const lang: KbLocale = opts.lang ?? (q === "tr" || q === "en" ? q : locale);
  const tab = c.req.query("tab") === "preview" ? "preview" : "edit";
  const article = id ? await getArticle(actor, id) : null;
  const refused = c.req.query("imageRefused");
  const flash = opts.flash ?? (refused
    ? {
      kind: "error" as const,
      text: t(refused === "422" ? "support.kb.error.image" : "support.invalidForm"),
    }
    : undefined);
  const [categories, others, images] = await Promise.all([
    listCategories(actor),
    listArticles(actor, { limit: 100 }),
    id ? listImages(actor, id) : Promise.resolve([]),
  ]);
  const body = article?.[lang].body ?? "";
  const previewHtml = tab === "preview" && article
    ? renderMarkdown(body, {
      imageSrc: (src) =>
        src.startsWith(KB_IMAGE_SCHEME) && isUuid(src.slice(KB_IMAGE_SCHEME.length))
          ? `${KB}/${article.id}/images/${src.slice(KB_IMAGE_SCHEME.length)}`
          : null,
    })
    : "";
  const title = article ? displayTitle(article, locale) : t("support.kb.new");
  return await respond(
    c,
    title,
    <KbEditor
      article={article}
      lang={lang}
      tab={tab}
      previewHtml={previewHtml}
      categories={categories}
      others={others.items.filter((o) => o.id !== id).map((o) => ({
        id: o.id,
        title: displayTitle(o, locale),
      }))}
      images={images}
      canWrite={canWrite(c)}
      locale={locale}
      flash={flash}
      draft={opts.draft}
    />,
    { status: opts.status, crumbs: crumbs(c), whole: true },
  );
}

/** The editor form: one language version plus the shared settings. */
function articleForm(f: Form, lang: KbLocale) {
  const related = f.relatedIds;
  return {
    version: {
      title: s(f, "title").trim(),
      description: s(f, "description").trim(),
      body: s(f, "body"),
    },
    slug: s(f, "slug").trim().toLowerCase() || undefined,
    categoryId: isUuid(s(f, "categoryId")) ? s(f, "categoryId") : null,
    visibility: s(f, "visibility") === "public" ? "public" as const : "internal" as const,
    relatedIds: (Array.isArray(related) ? related : related ? [related] : []).filter(isUuid),
    lang,
  };
}

async function saveArticle(c: C, id: string | null) {
  const form = await readForm(c);
  const lang: KbLocale = s(form, "lang") === "tr" ? "tr" : "en";
  const f = articleForm(form, lang);
  try {
    if (!id) {
      const empty = { title: "", description: "", body: "" };
      const created = await createArticle(actorOf(c), {
        categoryId: f.categoryId,
        slug: f.slug,
        visibility: f.visibility,
        en: lang === "en" ? f.version : empty,
        tr: lang === "tr" ? f.version : empty,
        relatedIds: f.relatedIds,
      });
      return redirectAfterPost(c, `${KB}/${created.id}?lang=${lang}`);
    }
    await changeArticle(actorOf(c), id, {
      categoryId: f.categoryId,
      ...(f.slug ? { slug: f.slug } : {}),
      visibility: f.visibility,
      [lang]: f.version,
      relatedIds: f.relatedIds,
    });
    return redirectAfterPost(c, `${KB}/${id}?lang=${lang}`);
  } catch (err) {
    const { flash, status } = flashOf(c, err);
    if (status === 404) throw err;
    return await editorPage(c, id, {
      flash,
      status,
      lang,
      draft: { ...f.version, slug: f.slug ?? "" },
    });
  }
}

async function statusAction(c: C, id: string, status: "draft" | "published") {
  try {
    await setStatus(actorOf(c), id, status);
    return redirectAfterPost(c, `${KB}/${id}`);
  } catch (err) {
    const { flash, status: code } = flashOf(c, err);
    if (code === 404) throw err;
    return await editorPage(c, id, { flash, status: code });
  }
}

// ---- categories ----------------------------------------------------------------------------

async function categoriesPage(c: C, flash?: Flash, status: Status = 200) {
  const t = tr(c);
  const body = (
    <>
      {!isHtmx(c) && <KbTabs current="categories" />}
      <KbCategories
        categories={await listCategories(actorOf(c))}
        locale={localeOf(c)}
        canWrite={canWrite(c)}
        flash={flash}
      />
    </>
  );
  return await respond(c, t("support.kb.categories"), body, {
    status,
    crumbs: crumbs(c),
    actions: canWrite(c) ? <NewCategoryDialog /> : undefined,
  });
}

function categoryForm(f: Form) {
  return KbCategoryInput.safeParse({
    name: { en: s(f, "nameEn"), tr: s(f, "nameTr") },
    description: { en: s(f, "descriptionEn"), tr: s(f, "descriptionTr") },
    position: Number(s(f, "position") || 0),
  });
}

async function categoryAction(c: C, run: () => Promise<unknown>, done: MessageKey) {
  let flash: Flash = { kind: "ok", text: tr(c)(done) };
  let status: Status = 200;
  try {
    await run();
  } catch (err) {
    ({ flash, status } = problemFlash(err));
  }
  c.header("HX-Trigger", "dialog-close");
  if (!isHtmx(c) && status === 200) return c.redirect(`${KB}/categories`, 303);
  return await categoriesPage(c, flash, status);
}

// ---- report --------------------------------------------------------------------------------

async function reportPage(c: C) {
  const t = tr(c);
  const date = (k: string) => {
    const v = c.req.query(k) ?? "";
    return /^\d{4}-\d\d-\d\d$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : "";
  };
  const from = date("from");
  const to = date("to");
  const report = await kbReport(actorOf(c), {
    from: from || undefined,
    to: to || undefined,
    locale: localeOf(c),
  });
  const body = (
    <>
      {!isHtmx(c) && <KbTabs current="report" />}
      <KbReportView rows={report.items} totals={report.totals} from={from} to={to} />
    </>
  );
  return await respond(c, t("support.kb.report"), body, {
    crumbs: crumbs(c),
    description: t("support.kb.reportIntro"),
  });
}

// ---- mount ---------------------------------------------------------------------------------

export const mountKbPages = (app: Hono<AppEnv>) => {
  const read = requirePermission("support.kb.read");
  const write = requirePermission(WRITE);

  app.get(KB.replace("/support", ""), read, listPage);
  app.get("/kb/new", write, (c) => editorPage(c, null));
  app.post("/kb/new", write, (c) => saveArticle(c, null));
  app.get("/kb/categories", read, (c) => categoriesPage(c));
  app.post("/kb/categories", write, async (c) => {
    const r = categoryForm(await readForm(c));
    if (!r.success) {
      return await categoriesPage(c, { kind: "error", text: tr(c)("support.invalidForm") }, 400);
    }
    return await categoryAction(c, () => createCategory(actorOf(c), r.data), "support.created");
  });
  app.post(`/kb/categories/${ID}`, write, async (c) => {
    const r = categoryForm(await readForm(c));
    if (!r.success) {
      return await categoriesPage(c, { kind: "error", text: tr(c)("support.invalidForm") }, 400);
    }
    return await categoryAction(
      c,
      () => changeCategory(actorOf(c), c.req.param("id")!, r.data),
      "support.saved",
    );
  });
  app.post(
    `/kb/categories/${ID}/delete`,
    write,
    (c) =>
      categoryAction(c, () => removeCategory(actorOf(c), c.req.param("id")!), "support.deleted"),
  );
  app.get("/kb/report", read, reportPage);

  /** The reply box's picker: public published articles matching what the agent typed. */
  app.get("/kb/picker", read, async (c) => {
    const q = (c.req.query("q") ?? "").trim().slice(0, 200);
    const hits = q
      ? await searchArticles(c.var.sql, { q, locale: localeOf(c), scope: "public", limit: 8 })
      : [];
    const config = c.var.platform.config.PUBLIC_URL;
    const origin = config ? new URL(config).origin : new URL(c.req.url).origin;
    return html(c, <KbPickerResults hits={hits} origin={origin} />);
  });

  /** "Turn into article": a draft from a public reply, opened in the editor. */
  app.post("/kb/from-comment", write, async (c) => {
    const f = await readForm(c);
    const ticketId = s(f, "ticketId");
    const commentId = s(f, "commentId");
    if (!isUuid(ticketId) || !isUuid(commentId)) throw problems.notFound("No such public reply.");
    const a = await articleFromComment(actorOf(c), { ticketId, commentId, locale: localeOf(c) });
    return redirectAfterPost(c, `${KB}/${a.id}?lang=${localeOf(c)}`);
  });

  app.get(`/kb/${ID}`, read, (c) => editorPage(c, c.req.param("id")!));
  app.post(`/kb/${ID}`, write, (c) => saveArticle(c, c.req.param("id")!));
  app.post(`/kb/${ID}/publish`, write, (c) => statusAction(c, c.req.param("id")!, "published"));
  app.post(`/kb/${ID}/unpublish`, write, (c) => statusAction(c, c.req.param("id")!, "draft"));
  app.post(`/kb/${ID}/delete`, write, async (c) => {
    await removeArticle(actorOf(c), c.req.param("id")!);
    return redirectAfterPost(c, KB);
  });

  // Streaming (KB_STREAMING_PATHS): no request-wide transaction.
  app.post(`/kb/${ID}/images`, write, async (c) => {
    const id = c.req.param("id")!;
    try {
      await uploadImages(actorOf(c), uploadOf(c), id);
    } catch (err) {
      const { status } = problemFlash(err);
      if (status === 404) throw err;
      // The editor says why (the form posted as a plain multipart request, not htmx).
      return c.redirect(`${KB}/${id}?imageRefused=${status}`, 303);
    }
    return redirectAfterPost(c, `${KB}/${id}`);
  });
  app.get(`/kb/${ID}/images/:fileId`, read, async (c) => {
    const fileId = c.req.param("fileId");
    if (!isUuid(fileId)) throw problems.notFound();
    return await openImage(actorOf(c), uploadOf(c), c.req.param("id")!, fileId);
  });
};
