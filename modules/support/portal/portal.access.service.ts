/**
 * The customer portal's entry point: every /portal/<workspace> and /help/<workspace> request
 * runs through withPortal, in one transaction as the database role platform_portal, whose
 * restrictive policies (migration 0050) narrow the tenant's rows to the signed-in customer's.
 */
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "../../../shared/http/env.ts";
import type { Sql } from "../../../shared/db/sql.ts";
import { transaction } from "../../../shared/db/scope.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { resolveLocale, t } from "../../../shared/i18n/i18n.ts";
import { html } from "../../../ui/render.tsx";
import {
  customerById,
  portalRoleSetup,
  readPortalSettings,
  setPortalScope,
  tenantBySlug,
} from "./portal.repo.ts";
import { portalLocale, portalPath, workspaceOfPath } from "./portal.rules.ts";
import { type PortalClaims, readPortalSession } from "./portal.session.service.ts";
import { PortalLayout, PortalMissing, PortalNotice } from "./portal.view.tsx";
import type { PortalContext, PortalCustomer, PortalTenant } from "./portal.rules.ts";
import { h, type VNode } from "preact";

export type {
  PortalContext,
  PortalCustomer,
  PortalSettings,
  PortalTenant,
} from "./portal.rules.ts";

/** Thrown inside the portal transaction to roll it back once a response exists. */
class Answered extends Error {
  constructor(readonly response: Response) {
    super("answered");
  }
}

const asLocale = (l: string): "en" | "tr" => (l === "tr" ? "tr" : "en");

/** The reader's language before any tenant is known (the 404 page). */
function guessLocale(c: Context<AppEnv>): "en" | "tr" {
  return asLocale(c.var.locale ?? "en");
}

function missing(c: Context<AppEnv>) {
  const l = guessLocale(c);
  return html(
    c,
    h(PortalMissing, {
      locale: l,
      title: t(l, "portal.notFound.title"),
      body: t(l, "portal.notFound.body"),
    }) as VNode,
    404,
  );
}

/** A refusal thrown by a portal page, answered inside the tenant's portal layout. */
function refusal(c: Context<AppEnv>, ctx: Frame, err: Problem) {
  const l = ctx.locale;
  const status = err.status as 400 | 403 | 404 | 409 | 410 | 413 | 422 | 429;
  const title = err.status === 404 ? t(l, "portal.notFound.title") : t(l, "portal.error.title");
  if (c.req.header("HX-Request") === "true") {
    const fragment = h("p", { class: "form-error", role: "alert" }, err.detail ?? title);
    return html(c, fragment as VNode, status);
  }
  return html(
    c,
    h(PortalLayout, {
      tenant: ctx.tenant,
      customer: ctx.customer,
      locale: l,
      title,
      children: h(PortalNotice, { title, body: err.detail ?? "" }),
    }) as VNode,
    status,
  );
}

/** ?lang=en|tr: the reader's choice, kept in the language cookie like the sign-in page's. */
function languageChoice(c: Context<AppEnv>): string | undefined {
  const lang = c.req.query("lang");
  if (lang === "en" || lang === "tr") {
    setCookie(c, "lang", lang, { path: "/", sameSite: "Lax", maxAge: 365 * 86400 });
    return lang;
  }
  const cookie = c.req.header("Cookie")?.match(/(?:^|;\s*)lang=(en|tr)(?:;|$)/)?.[1];
  return cookie;
}

type Frame = Omit<PortalContext, "sql">;

/**
 * Finds the workspace, the portal settings and the signed-in customer inside a portal
 * transaction (role and anonymous settings already set), and points it at them.
 */
async function openFrame(
  c: Context<AppEnv>,
  sql: Sql,
  slug: string,
  claims: PortalClaims | null,
): Promise<Frame | null> {
  const row = await tenantBySlug(sql, slug);
  if (!row || row.status !== "active") return null;
  const tenant: PortalTenant = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logo: row.logo,
    accentColor: row.accentColor,
    locale: asLocale(row.locale),
    timeZone: row.timeZone,
  };
  // A session of another workspace is no session here.
  const own = claims && claims.tenantId === tenant.id ? claims : null;
  await setPortalScope(sql, {
    tenantId: tenant.id,
    customerId: own?.customerId ?? null,
    companyId: null,
  });
  const settings = await readPortalSettings(sql);
  if (!settings.enabled) return null;
  let found = own ? await customerById(sql, own.customerId, own.revocationKey) : null;
  if (own && found?.companyId) {
    await setPortalScope(sql, {
      tenantId: tenant.id,
      customerId: found.id,
      companyId: found.companyId,
    });
    // The company's row is visible only now: read again for its name and sharing.
    found = await customerById(sql, own.customerId, own.revocationKey);
  }
  // A revoked session or a removed customer: the transaction sees what an anonymous visitor does.
  if (own && !found) {
    await setPortalScope(sql, { tenantId: tenant.id, customerId: null, companyId: null });
  }
  const customer: PortalCustomer | null = found
    ? {
      id: found.id,
      name: found.name,
      email: found.email,
      companyId: found.companyId,
      companyName: found.companyName,
      companyShared: found.companyShared,
    }
    : null;
  const accept = c.req.header("Accept-Language");
  const locale = portalLocale({
    cookie: languageChoice(c),
    customer: found?.locale,
    accept: accept ? asLocaleOrNull(resolveLocale(null, undefined, accept)) : null,
  }, tenant.locale);
  c.set("locale", locale);
  c.set("timeZone", tenant.timeZone);
  return { tenant, customer, settings, locale };
}

const slugOf = (c: Context<AppEnv>) => {
  const slug = c.req.param("workspace")?.toLowerCase() ?? workspaceOfPath(c.req.path);
  return slug && workspaceOfPath(`/portal/${slug}`) ? slug : null;
};

/**
 * The portal frame of a request (tenant, settings, customer, language) read in a short
 * transaction of its own, or the 404 page: for pages that then work in transactions of their
 * own (sign-in: the links live outside what the portal role sees).
 */
export async function portalFrame(c: Context<AppEnv>): Promise<Frame | Response> {
  const slug = slugOf(c);
  if (!slug) return missing(c);
  const claims = await readPortalSession(c);
  const frame = await transaction(
    c.var.platform.db.sql,
    portalRoleSetup,
    (sql) => openFrame(c, sql, slug, claims),
  );
  return frame ?? missing(c);
}

/** Renders a refusal of a portal page inside the portal's layout (or as an htmx fragment). */
export function portalRefusal(c: Context<AppEnv>, frame: Frame, err: Problem) {
  return refusal(c, frame, err);
}

/**
 * Resolves /portal/<workspace> or /help/<workspace>: tenant by slug (404 page if unknown or
 * the portal is disabled), the portal session cookie if any, and runs fn in ONE transaction
 * as platform_portal with the settings above. `require: true` redirects to the sign-in page
 * when no customer is signed in.
 */
export async function withPortal(
  c: Context<AppEnv>,
  opts: { require: boolean },
  fn: (ctx: PortalContext) => Promise<Response>,
): Promise<Response> {
  const slug = slugOf(c);
  if (!slug) return missing(c);
  const claims = await readPortalSession(c);
  let seen: Frame | null = null;
  try {
    return await transaction(c.var.platform.db.sql, portalRoleSetup, async (sql) => {
      const frame = await openFrame(c, sql, slug, claims);
      if (!frame) throw new Answered(missing(c));
      seen = frame;
      if (opts.require && !frame.customer) {
        const next = encodeURIComponent(c.req.path);
        throw new Answered(c.redirect(portalPath(slug, `/sign-in?next=${next}`), 303));
      }
      const response = await fn({ sql, ...frame });
      // A refusal answered as a response still rolls the work back.
      if (response.status >= 400) throw new Answered(response);
      return response;
    });
  } catch (err) {
    if (err instanceof Answered) return err.response;
    if (err instanceof Problem && seen) return refusal(c, seen, err);
    throw err;
  }
}

/** resolveLocale falls back to English; only a language the browser really named counts. */
function asLocaleOrNull(l: string): "en" | "tr" | null {
  return l === "en" || l === "tr" ? l : null;
}
