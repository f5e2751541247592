import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { csvResponse } from "../../../shared/http/csv.ts";
import { type C, readForm } from "../../../shared/http/pages.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { isLocale } from "../../../shared/i18n/i18n.ts";
import { isSameOrigin } from "../../../platform/identity/public.ts";
import { html, tr } from "../../../ui/kit.ts";
import { respond, supportCrumbs } from "../common/resource.pages.tsx";
import { PortalMissing } from "../portal/portal.view.tsx";
import {
  listRatings,
  openRatingLink,
  rateByLink,
  type RatingLinkView,
  satisfactionReport,
  satisfactionReportFile,
} from "./satisfaction.service.ts";
import { RATINGS, SatisfactionReportQuery } from "./satisfaction.schemas.ts";
import { RatePage, type RatePageState, SatisfactionReportView } from "./satisfaction.view.tsx";
import type { PortalTenant } from "../portal/portal.rules.ts";

/** Rating links are reachable without signing in (the token is the key). */
export const RATING_PUBLIC_PATH = /^\/support\/rate\/[^/]+$/;

const STATUS = { used: 410, expired: 410, rated: 409, notSolved: 422 } as const;

/** The page's language: ?lang=, else the reader's (cookie, browser). */
function pageLocale(c: C): "en" | "tr" {
  const lang = c.req.query("lang");
  const l = isLocale(lang) ? lang : c.var.locale;
  c.set("locale", l);
  return l === "tr" ? "tr" : "en";
}

function tenantOf(view: RatingLinkView): PortalTenant {
  const w = view.workspace;
  return {
    id: w.id,
    slug: w.slug,
    name: w.name,
    logo: w.logo,
    accentColor: w.accentColor,
    locale: w.locale === "tr" ? "tr" : "en",
    timeZone: w.timeZone,
  };
}

function unknownLink(c: C, locale: "en" | "tr") {
  const t = tr(c);
  return html(
    c,
    <PortalMissing
      locale={locale}
      title={t("support.rating.unknown")}
      body={t("support.rating.unknownBody")}
    />,
    404,
  );
}

function ratePage(
  c: C,
  view: RatingLinkView,
  locale: "en" | "tr",
  state: RatePageState,
  status: 200 | 400 | 409 | 410 | 422,
) {
  const lang = c.req.query("lang");
  const action = `${c.req.path}${isLocale(lang) ? `?lang=${lang}` : ""}`;
  return html(
    c,
    <RatePage
      tenant={tenantOf(view)}
      locale={locale}
      ticket={view.ticket}
      action={action}
      state={state}
      rating={view.rating}
    />,
    status,
  );
}

/** The public rating page; GET never records (mail scanners fetch links), POST does. */
export const mountRatingPages = (app: Hono<AppEnv>) => {
  app.get("/rate/:token", async (c) => {
    const locale = pageLocale(c);
    const view = await openRatingLink(c.var.platform.db.sql, c.req.param("token"));
    if (!view) return unknownLink(c, locale);
    if (view.state !== "open") {
      return ratePage(c, view, locale, { kind: view.state }, STATUS[view.state]);
    }
    const pre = c.req.query("rating");
    const rating = RATINGS.find((r) => r === pre);
    return ratePage(c, view, locale, { kind: "form", rating }, 200);
  });
  app.post("/rate/:token", async (c) => {
    const locale = pageLocale(c);
    const t = tr(c);
    const token = c.req.param("token");
    const form = await readForm(c);
    const rating = typeof form.rating === "string" ? form.rating : "";
    const comment = typeof form.comment === "string" ? form.comment : "";
    const db = c.var.platform.db.sql;
    // The token is the key, and the form is ours: a post from another site is refused.
    if (!isSameOrigin(c)) throw problems.forbidden("Cross-site request refused.");
    try {
      const done = await rateByLink(db, token, { rating, comment });
      return ratePage(c, done, locale, { kind: "thanks" }, 200);
    } catch (err) {
      if (!(err instanceof Problem) || err.status >= 500) throw err;
      const view = await openRatingLink(db, token);
      if (!view) return unknownLink(c, locale);
      if (view.state !== "open") {
        return ratePage(c, view, locale, { kind: view.state }, STATUS[view.state]);
      }
      const picked = RATINGS.find((r) => r === rating);
      const error = t(picked ? "support.rating.tooLong" : "support.rating.pick");
      return ratePage(c, view, locale, { kind: "form", rating: picked, comment, error }, 400);
    }
  });
};

function reportQuery(c: C) {
  const parsed = SatisfactionReportQuery.safeParse({
    groupBy: c.req.query("groupBy") || undefined,
    bucket: c.req.query("bucket") || undefined,
    from: c.req.query("from") || undefined,
    to: c.req.query("to") || undefined,
  });
  if (!parsed.success) {
    throw problems.validation(
      parsed.error.issues.map((i) => ({ path: `query.${i.path.join(".")}`, message: i.message })),
    );
  }
  const { format: _, ...q } = parsed.data;
  return q;
}

/** The satisfaction report under Reports, and its CSV. */
export const mountSatisfactionPages = (app: Hono<AppEnv>) => {
  const read = requirePermission("support.report.read");
  app.get("/reports/satisfaction.csv", read, async (c) => {
    const file = await satisfactionReportFile(actorOf(c), reportQuery(c));
    return csvResponse(c, file.filename, file.csv);
  });
  app.get("/reports/satisfaction", read, async (c) => {
    const t = tr(c);
    const q = reportQuery(c);
    const actor = actorOf(c);
    const report = await satisfactionReport(actor, q);
    const comments = await listRatings(actor, {
      from: report.from,
      to: report.to,
      withComment: true,
      limit: 10,
    });
    return respond(
      c,
      t("page.satisfactionReport"),
      <SatisfactionReportView report={report} comments={comments.items} />,
      { crumbs: supportCrumbs(c, { label: t("page.reports"), href: "/support/reports" }) },
    );
  });
};
