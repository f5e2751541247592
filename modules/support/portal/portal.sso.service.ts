/**
 * Portal sign-in through the tenant's OpenID provider: the provider verifies the e-mail address
 * (identity's e-mail check: PKCE, state, nonce, signed ID token), and the support customer of
 * this tenant with that address is signed in. Nobody is created: no customer, account or
 * membership; an address that is no customer's here is refused.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../../shared/http/env.ts";
import { withScope } from "../../../shared/db/scope.ts";
import {
  appOrigin,
  finishEmailCheck,
  ssoProviderLabel,
  SsoRefused,
  startEmailCheck,
} from "../../../platform/identity/public.ts";
import { customerByEmail } from "./portal.repo.ts";
import { portalPath, safeNext } from "./portal.rules.ts";
import { startPortalSession } from "./portal.session.service.ts";

const FLOW_COOKIE = "portal_sso_flow";
const FLOW_SECONDS = 600;

const originOf = (c: Context<AppEnv>) =>
  appOrigin(c.req.url, (name) => c.req.header(name), c.var.platform.config);

/** The address the provider sends the customer back to (registered at the provider). */
export const portalSsoCallback = (origin: string, slug: string) =>
  `${origin}${portalPath(slug, "/sso/callback")}`;

/** The name of the tenant's provider for the portal's button, or null without SSO. */
export function portalSsoProvider(c: Context<AppEnv>, slug: string): Promise<string | null> {
  return ssoProviderLabel(c.var.platform, slug);
}

/** Starts at the provider: the flow cookie, and the address to send the browser to (or null). */
export async function startPortalSso(
  c: Context<AppEnv>,
  slug: string,
  next: string | undefined,
): Promise<string | null> {
  const origin = originOf(c);
  try {
    const started = await startEmailCheck(c.var.platform, {
      workspace: slug,
      redirectUri: portalSsoCallback(origin, slug),
      next: safeNext(slug, next),
    });
    setCookie(c, FLOW_COOKIE, started.cookie, {
      httpOnly: true,
      sameSite: "Lax",
      secure: c.var.platform.config.COOKIE_SECURE ?? origin.startsWith("https:"),
      path: portalPath(slug, "/sso/callback"),
      maxAge: FLOW_SECONDS,
    });
    return started.url;
  } catch (err) {
    if (err instanceof SsoRefused) return null;
    throw err;
  }
}

/**
 * The provider's answer: the customer with the verified address is signed in (the path to go
 * to), or null when the flow is not this tenant's, fails a check, or names no customer here.
 */
export async function finishPortalSso(
  c: Context<AppEnv>,
  tenant: { id: string; slug: string },
): Promise<string | null> {
  const cookie = getCookie(c, FLOW_COOKIE);
  deleteCookie(c, FLOW_COOKIE, { path: portalPath(tenant.slug, "/sso/callback") });
  const here = new URL(c.req.url);
  let checked;
  try {
    checked = await finishEmailCheck(c.var.platform, {
      cookie,
      currentUrl: new URL(`${portalSsoCallback(originOf(c), tenant.slug)}${here.search}`),
    });
  } catch (err) {
    if (err instanceof SsoRefused) return null;
    throw err;
  }
  if (checked.tenantId !== tenant.id) return null;
  const customer = await withScope(
    c.var.platform.db.sql,
    { tenantId: tenant.id },
    (tx) => customerByEmail(tx, checked.email),
  );
  if (!customer) return null;
  await startPortalSession(c, { customerId: customer.id, tenantId: tenant.id });
  return safeNext(tenant.slug, checked.next);
}
