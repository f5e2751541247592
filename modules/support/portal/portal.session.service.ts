import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../../shared/http/env.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { TokenError } from "../../../shared/auth/jwt.ts";
import { PORTAL_COOKIE, PORTAL_SESSION_SECONDS } from "./portal.rules.ts";

/**
 * The portal's token audience: signed with the platform's key like staff tokens, but for
 * another audience, so neither side accepts the other's token.
 */
export const portalAudience = (issuer: string) => `${issuer}:support-portal`;

export interface PortalClaims {
  customerId: string;
  tenantId: string;
  /** The key sign-out records in revoked_tokens. */
  revocationKey: string;
  expiresAt: Date;
}

/** Signs a customer in: a fresh portal token in the portal's own cookie. */
export async function startPortalSession(
  c: Context<AppEnv>,
  ids: { customerId: string; tenantId: string },
) {
  const { tokens, config } = c.var.platform;
  const { token } = await tokens.issueFor(portalAudience(config.JWT_ISSUER), {
    sub: ids.customerId,
    claims: { tid: ids.tenantId, typ: "support-portal" },
    ttlSeconds: PORTAL_SESSION_SECONDS,
  });
  const secure = config.COOKIE_SECURE ??
    (new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https");
  setCookie(c, PORTAL_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge: PORTAL_SESSION_SECONDS,
  });
}

export function clearPortalSession(c: Context) {
  deleteCookie(c, PORTAL_COOKIE, { path: "/" });
}

/** The portal token of the request, verified (staff tokens and forged ones are null). */
export async function readPortalSession(c: Context<AppEnv>): Promise<PortalClaims | null> {
  const token = getCookie(c, PORTAL_COOKIE);
  if (!token) return null;
  const { tokens, config } = c.var.platform;
  try {
    const p = await tokens.verifyFor(portalAudience(config.JWT_ISSUER), token);
    if (p.typ !== "support-portal" || typeof p.tid !== "string" || !isUuid(p.tid)) return null;
    if (!isUuid(p.sub) || typeof p.jti !== "string" || typeof p.exp !== "number") return null;
    return {
      customerId: p.sub,
      tenantId: p.tid,
      revocationKey: `portal:${p.jti}`,
      expiresAt: new Date(p.exp * 1000),
    };
  } catch (err) {
    if (err instanceof TokenError) return null;
    throw err;
  }
}
