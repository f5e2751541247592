import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { log } from "../../log.ts";

/** One log line per request, once it is answered: id, method, path, status, time, tenant. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  log.info("request", {
    id: c.var.requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    tenant: c.var.session?.tenantSlug,
  });
};
