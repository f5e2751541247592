import type { Context, Hono } from "hono";
import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { serveDav } from "./webdav.service.ts";
import { breakLock } from "./webdav.locks.service.ts";
import { breakLockRoute } from "./webdav.routes.ts";

const unlock: RouteHandler<typeof breakLockRoute, AppEnv> = async (c) =>
  c.json(await breakLock(actorOf(c), c.req.valid("param").id), 200);

/** The API side of locks: DELETE /files/{id}/lock. */
export const mountLockApi = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(breakLockRoute, unlock);
};

/**
 * WebDAV (RFC 4918) at /dav/<workspace>/…: raw routes for every method, since PROPFIND, LOCK and
 * the others cannot be described in OpenAPI. Paths are streaming (no request transaction) and
 * signed in with HTTP Basic and an API token (see the module's basicAuthPaths).
 */
function serve(c: Context<AppEnv>) {
  const raw = new URL(c.req.url).pathname;
  const ws = c.req.param("ws") ?? "";
  const prefix = raw.indexOf("/", "/dav/".length);
  return serveDav({
    req: c.req.raw,
    session: c.var.session,
    bus: c.var.platform.bus,
    config: c.var.platform.config,
    scope: c.var.scope,
    workspace: ws,
    rest: prefix < 0 ? "" : raw.slice(prefix + 1),
  });
}

export function mountWebdav(app: Hono<AppEnv>) {
  return app.all("/dav/:ws", serve).all("/dav/:ws/*", serve);
}
