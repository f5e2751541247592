/**
 * The public help centre, /help/<workspace>: no sign-in, every request inside withPortal
 * (require: false), so it runs as the portal role with no customer and sees only public
 * published articles. Indexable: each page has its title, description, canonical link
 * (`?lang=` names the language) and hreflang alternates (HTTP Link header); search results
 * are `noindex`; /help/<workspace>/sitemap.xml lists the articles.
 */
import type { Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../../shared/http/env.ts";
import { problems } from "../../../shared/http/problem.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { withScope } from "../../../shared/db/scope.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { html } from "../../../ui/kit.ts";
import { clientAddress, isSameOrigin } from "../../../platform/identity/public.ts";
import { type PortalContext, withPortal } from "../portal/portal.access.service.ts";
import { PortalLayout } from "../portal/portal.view.tsx";
import { publicImage } from "../kb/kb.images.service.ts";
import type { KbLocale } from "../kb/kb.lib.ts";
import {
  helpArticle,
  helpCategory,
  helpHome,
  helpSearch,
  publicArticleId,
  sitemapArticles,
  vote,
} from "./help-centre.service.ts";
import {
  alternateLinkHeader,
  alternates,
  canonicalUrl,
  helpPaths,
  sitemapXml,
} from "./help-centre.lib.ts";
import {
  FeedbackBox,
  HelpArticlePage,
  HelpCategoryPage,
  HelpHome,
  HelpSearchPage,
} from "./help-centre.view.tsx";
import type { ComponentChildren } from "preact";

type C = Context<AppEnv>;

/** Absolute links name the operator's PUBLIC_URL when set, else the address the request used. */
const originOf = (c: C) => {
  const configured = c.var.platform.config.PUBLIC_URL;
  return configured ? new URL(configured).origin : new URL(c.req.url).origin;
};

const langQuery = (c: C): KbLocale | undefined => {
  const l = c.req.query("lang");
  return l === "en" || l === "tr" ? l : undefined;
};

/** One help-centre page in the portal layout, with its canonical link and alternates. */
function render(
  c: C,
  ctx: PortalContext,
  o: {
    title: string;
    description: string;
    path: string;
    lang: KbLocale;
    languages: KbLocale[];
    body: ComponentChildren;
    index?: boolean;
  },
) {
  const origin = originOf(c);
  c.header("Link", alternateLinkHeader(alternates(origin, o.path, o.languages)));
  if (o.index === false) c.header("X-Robots-Tag", "noindex");
  return html(
    c,
    <PortalLayout
      tenant={ctx.tenant}
      customer={ctx.customer}
      locale={ctx.locale}
      title={o.title}
      description={o.description.slice(0, 300)}
      canonical={canonicalUrl(origin, o.path, o.lang)}
    >
      {o.body}
    </PortalLayout>,
  );
}

const notFound = (ctx: PortalContext) => problems.notFound(t(ctx.locale, "help.notFound.body"));

async function home(c: C) {
  return await withPortal(c, { require: false }, async (ctx) => {
    const ws = ctx.tenant.slug;
    const data = await helpHome(ctx.sql, ctx.locale);
    const title = t(ctx.locale, "help.title");
    return render(c, ctx, {
      title,
      description: t(ctx.locale, "help.description", { name: ctx.tenant.name }),
      path: helpPaths.home(ws),
      lang: ctx.locale,
      languages: ["en", "tr"],
      body: <HelpHome workspace={ws} title={title} {...data} />,
    });
  });
}

async function category(c: C) {
  return await withPortal(c, { require: false }, async (ctx) => {
    const id = c.req.param("id") ?? "";
    const found = isUuid(id) ? await helpCategory(ctx.sql, id, ctx.locale) : null;
    if (!found) throw notFound(ctx);
    const ws = ctx.tenant.slug;
    return render(c, ctx, {
      title: found.category.name,
      description: found.category.description ||
        t(ctx.locale, "help.description", { name: ctx.tenant.name }),
      path: helpPaths.category(ws, id),
      lang: ctx.locale,
      languages: ["en", "tr"],
      body: <HelpCategoryPage workspace={ws} {...found} />,
    });
  });
}

async function article(c: C) {
  return await withPortal(c, { require: false }, async (ctx) => {
    const ws = ctx.tenant.slug;
    const found = await helpArticle(ctx.sql, {
      workspace: ws,
      slug: c.req.param("slug") ?? "",
      locale: ctx.locale,
      lang: langQuery(c),
    });
    if (!found) throw notFound(ctx);
    return render(c, ctx, {
      title: found.title,
      description: found.description || found.title,
      path: helpPaths.article(ws, found.slug),
      lang: found.lang,
      languages: found.languages,
      body: <HelpArticlePage workspace={ws} article={found} />,
    });
  });
}

async function search(c: C) {
  return await withPortal(c, { require: false }, async (ctx) => {
    const ws = ctx.tenant.slug;
    const q = (c.req.query("q") ?? "").trim().slice(0, 200);
    const hits = q ? await helpSearch(ctx.sql, q, ctx.locale) : [];
    return render(c, ctx, {
      title: q ? t(ctx.locale, "help.resultsFor", { q }) : t(ctx.locale, "help.searchTitle"),
      description: t(ctx.locale, "help.description", { name: ctx.tenant.name }),
      path: helpPaths.search(ws),
      lang: ctx.locale,
      languages: ["en", "tr"],
      index: false,
      body: <HelpSearchPage workspace={ws} q={q} hits={hits} />,
    });
  });
}

const VISITOR_COOKIE = "kb_visitor";

/** The visitor's random id (a year), made on the first vote. */
function visitorOf(c: C): string {
  const known = getCookie(c, VISITOR_COOKIE);
  if (known && /^[A-Za-z0-9_-]{22,64}$/.test(known)) return known;
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
  setCookie(c, VISITOR_COOKIE, id, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/help/",
    maxAge: 365 * 86400,
  });
  return id;
}

async function feedback(c: C) {
  // A vote is a state change: only from the help centre's own pages.
  if (!isSameOrigin(c)) throw problems.forbidden("Cross-site request refused.");
  const form = await c.req.parseBody();
  const answer = form.helpful;
  if (answer !== "yes" && answer !== "no") {
    throw problems.validation([{ path: "helpful", message: "yes or no" }]);
  }
  return await withPortal(c, { require: false }, async (ctx) => {
    const slug = c.req.param("slug") ?? "";
    const state = await vote(ctx.sql, {
      tenantId: ctx.tenant.id,
      slug,
      helpful: answer === "yes",
      visitor: visitorOf(c),
      address: clientAddress(c),
    });
    if (state === "missing") throw notFound(ctx);
    if (c.req.header("HX-Request") !== "true") {
      return c.redirect(`${helpPaths.article(ctx.tenant.slug, slug)}#help-feedback`, 303);
    }
    // A throttled vote is still answered 200 in place: htmx shows the reason where the buttons were.
    return html(c, <FeedbackBox workspace={ctx.tenant.slug} slug={slug} state={state} />);
  });
}

/**
 * An image of a public published article. The article is found as the portal role (public and
 * published, or 404); the file is read after that transaction, in the tenant's own scope, since
 * the portal role sees no Documents rows (and one embedded connection holds one transaction).
 */
async function image(c: C) {
  let found: { tenantId: string; articleId: string } | null = null;
  const answer = await withPortal(c, { require: false }, async (ctx) => {
    const id = await publicArticleId(ctx.sql, c.req.param("slug") ?? "");
    if (!id) throw notFound(ctx);
    found = { tenantId: ctx.tenant.id, articleId: id };
    return c.body(null, 204);
  });
  const fileId = c.req.param("fileId") ?? "";
  if (!found || !isUuid(fileId)) return found ? c.notFound() : answer;
  const { tenantId, articleId } = found as { tenantId: string; articleId: string };
  const img = await publicImage(
    (fn) => withScope(c.var.platform.db.sql, { tenantId }, fn),
    articleId,
    fileId,
  );
  if (!img) return c.notFound();
  return c.body(img.bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": img.contentType,
    "Cache-Control": "public, max-age=300",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
}

async function sitemap(c: C) {
  return await withPortal(c, { require: false }, async (ctx) => {
    const articles = await sitemapArticles(ctx.sql);
    return c.body(sitemapXml(originOf(c), ctx.tenant.slug, articles), 200, {
      "Content-Type": "application/xml; charset=utf-8",
    });
  });
}

/** /help/<workspace>/… (mounted at the root). */
export function mountHelpCentrePages(app: Hono<AppEnv>) {
  app.get("/help/:workspace", home);
  app.get("/help/:workspace/search", search);
  app.get("/help/:workspace/sitemap.xml", sitemap);
  app.get("/help/:workspace/categories/:id", category);
  app.get("/help/:workspace/articles/:slug", article);
  app.post("/help/:workspace/articles/:slug/feedback", feedback);
  app.get("/help/:workspace/articles/:slug/images/:fileId", image);
}
