import type { MiddlewareHandler } from "hono";
import type { AppEnv, Platform } from "../../modules.ts";

/** Everything built once at start, for every request: `c.var.platform`. */
export function providePlatform(platform: Platform): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("platform", platform);
    await next();
  };
}
