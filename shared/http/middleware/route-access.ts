import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";

/**
 * Decides once how the request is served (`c.var.access`), for the steps after it: `public`
 * (no sign-in), `unscoped` (signed in, no request-wide transaction: streaming and password
 * routes) or `scoped` (signed in, the whole request in one tenant-scoped transaction).
 */
export function routeAccess(
  paths: { publicPaths: RegExp[]; unscopedPaths: RegExp[] },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    c.set(
      "access",
      paths.publicPaths.some((re) => re.test(path))
        ? "public"
        : paths.unscopedPaths.some((re) => re.test(path))
        ? "unscoped"
        : "scoped",
    );
    await next();
  };
}
