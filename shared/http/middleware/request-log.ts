import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { log } from "../../log.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECRET_LIKE = /^[A-Za-z0-9_-]{20,}$/;
/** Route words are lowercase with hyphens; random URL-safe text has capitals or digits. */
const NOT_A_WORD = /[A-Z0-9_]/;

/**
 * The path as logged: a segment that looks like a secret (20 or more URL-safe characters that
 * are not a UUID: invitation and password-reset links, share links) keeps its first 4 characters.
 * Whoever reads the logs must not be able to use a link someone opened but has not finished.
 */
export function loggedPath(path: string): string {
  const secret = (s: string) => SECRET_LIKE.test(s) && NOT_A_WORD.test(s) && !UUID.test(s);
  return path.split("/").map((s) => secret(s) ? `${s.slice(0, 4)}…` : s).join("/");
}

/** One log line per request, once it is answered: id, method, path, status, time, tenant. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  log.info("request", {
    id: c.var.requestId,
    method: c.req.method,
    path: loggedPath(c.req.path),
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    tenant: c.var.session?.tenantSlug,
  });
};
