import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../shared/http/env.ts";
import { problems } from "../../shared/http/problem.ts";

/**
 * Cookies ride along on cross-site requests, so a cookie-authenticated state change must come
 * from our own origin (Origin header, or Sec-Fetch-Site from browsers that omit it).
 */
export function isSameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header("Origin");
  const forwarded = c.var.platform.config.TRUST_PROXY
    ? c.req.header("x-forwarded-host")
    : undefined;
  const host = forwarded ?? c.req.header("host") ?? new URL(c.req.url).host;
  if (origin && origin !== "null") {
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  return c.req.header("Sec-Fetch-Site") === "same-origin";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** 403 for a cookie-authenticated state change from another site (after authentication). */
export const csrf = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.access === "public") return await next();
  if (
    c.var.credentials.via === "cookie" && !SAFE_METHODS.has(c.req.method) && !isSameOrigin(c)
  ) {
    throw problems.forbidden("Cross-site request refused.");
  }
  await next();
});
