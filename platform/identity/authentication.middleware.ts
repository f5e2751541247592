import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { getConnInfo } from "hono/deno";
import type { AppEnv, Session } from "../../shared/http/env.ts";
import { problems } from "../../shared/http/problem.ts";
import { TokenError } from "../../shared/auth/jwt.ts";
import { verifyCached } from "./token-cache.lib.ts";
import { isApiToken, verifyApiToken } from "./caller-access.service.ts";
import { tokenMayReach } from "./api-tokens.rules.ts";

/** An API token (plt_…): looked up by its hash; revocation is checked with the session. */
async function apiTokenCaller(
  c: Context<AppEnv>,
  next: () => Promise<void>,
  found: { token: string; via: Session["via"] },
) {
  const verified = await verifyApiToken(c.var.platform.db.sql, found.token);
  if (!verified) throw problems.unauthorized("The token is not valid, expired or revoked.");
  // The one place every token caller passes: the account's own areas are closed to it.
  if (!tokenMayReach(c.req.method, c.req.path)) {
    throw problems.forbidden("API tokens cannot manage the account; sign in instead.");
  }
  c.set("credentials", { ...found, ...verified });
  await next();
}

export const SESSION_COOKIE = "session";

/** The password of a `Basic` Authorization header (the user name is not used). */
function basicPassword(header: string): string | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
  if (!m) return null;
  try {
    const text = new TextDecoder().decode(Uint8Array.from(atob(m[1]), (ch) => ch.charCodeAt(0)));
    const colon = text.indexOf(":");
    return colon < 0 ? null : text.slice(colon + 1);
  } catch {
    return null;
  }
}

function readToken(c: Context): { token: string; via: Session["via"] } | null {
  const header = c.req.header("Authorization");
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (m) return { token: m[1], via: "bearer" };
    // HTTP Basic (WebDAV and sync clients): only an API token as the password, never the
    // account's own password, so SSO and second factors cannot be sidestepped.
    const password = basicPassword(header);
    return password && isApiToken(password) ? { token: password, via: "bearer" } : null;
  }
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

export function setSessionCookie(c: Context<AppEnv>, token: string, maxAge: number) {
  const secure = c.var.platform.config.COOKIE_SECURE ??
    (new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https");
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge,
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
}

/**
 * The client address for throttling. X-Forwarded-For is believed only behind a trusted proxy
 * (TRUST_PROXY), since any client can send it.
 */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.var.platform.config.TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}

/**
 * Who is calling: the bearer token or the session cookie, its signature and claims verified
 * (cached until it expires, token-cache.lib.ts), kept as `c.var.credentials`. 401 without a
 * token or with an invalid one (whose cookie is then cleared). Public paths pass.
 */
export const authentication = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.access === "public") return await next();
  const found = readToken(c);
  if (!found) throw problems.unauthorized();
  if (found.via === "bearer" && isApiToken(found.token)) {
    return await apiTokenCaller(c, next, found);
  }
  try {
    c.set("credentials", {
      ...found,
      claims: await verifyCached(c.var.platform.tokens, found.token),
    });
  } catch (err) {
    if (err instanceof TokenError) {
      if (found.via === "cookie") clearSessionCookie(c);
      throw problems.unauthorized("The token is not valid.");
    }
    throw err;
  }
  await next();
});
