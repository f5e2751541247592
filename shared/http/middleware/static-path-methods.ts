import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { problems } from "../problem.ts";
import { allowOf, type Template, templateIndex } from "../openapi.ts";

/**
 * 405 with `Allow` for a method the most specific template of an API path does not declare,
 * before a parameter route beside it can take the request: `PATCH /files/upload` is a wrong
 * method on `/files/upload` (POST), not a PATCH of a file whose id is "upload". Register it before
 * the API routes; it reads the registry at the first request, once every route is mounted.
 */
export function staticPathMethods(app: OpenAPIHono<AppEnv>): MiddlewareHandler<AppEnv> {
  let match: ((path: string) => Template[]) | undefined;
  return async (c, next) => {
    match ??= templateIndex(app);
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    const [best, ...beside] = match(c.req.path);
    // Nothing beside it takes the method: routing (or the 404/405 handler) decides as before.
    if (best && !best.methods.has(method) && beside.some((t) => t.methods.has(method))) {
      throw problems.methodNotAllowed(allowOf(best.methods));
    }
    await next();
  };
}
