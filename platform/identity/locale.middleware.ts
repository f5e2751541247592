import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../shared/http/env.ts";
import { resolveLocale } from "../../shared/i18n/i18n.ts";

/** The cookie that keeps the language chosen on the sign-in page or in the menu. */
export const LANG_COOKIE = "lang";

export function languageCookie(c: Context) {
  return getCookie(c, LANG_COOKIE);
}

/**
 * A first guess at the reader's language for every request (public pages, errors): the
 * language cookie, then the browser's. The session step refines it (sessionLocale).
 */
export const locale = createMiddleware<AppEnv>(async (c, next) => {
  c.set("locale", resolveLocale(null, languageCookie(c), c.req.header("Accept-Language")));
  await next();
});

/**
 * A signed-in reader's language: the member's own, then the language cookie, then the
 * browser's, then the tenant's default (which so replaces English as the last resort).
 */
export function sessionLocale(
  c: Context<AppEnv>,
  { profileLocale, tenantLocale }: { profileLocale: string | null; tenantLocale: string },
) {
  const accept = c.req.header("Accept-Language");
  const withTenant = accept ? `${accept}, ${tenantLocale};q=0.001` : tenantLocale;
  return resolveLocale(profileLocale, languageCookie(c), withTenant);
}
