import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";

/**
 * Starts reading a full page's shell at once, so its statements go out with the page's first
 * ones (one round trip less). Only for GETs of pages that may render the shell: not the API,
 * not htmx requests for a fragment (their handlers may still render it, then it is read then).
 */
export const shellPrefetch: MiddlewareHandler<AppEnv> = async (c, next) => {
  const fragment = c.req.header("HX-Request") === "true" && c.req.header("HX-Boosted") !== "true";
  const inTransaction = !!c.var.sql; // not on public and unscoped paths
  if (c.req.method === "GET" && inTransaction && !c.req.path.startsWith("/api/") && !fragment) {
    // A page that renders it sees the failure; one that doesn't, not.
    c.var.platform.shell(c).catch(() => {});
  }
  await next();
};
