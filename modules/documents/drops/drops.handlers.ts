import type { OpenAPIHono, RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { createDrop, listDrops, revokeDropLink } from "./drops.service.ts";
import * as R from "./drops.routes.ts";

type H<T extends RouteConfig> = RouteHandler<T, AppEnv>;

export const create: H<typeof R.createDropRoute> = async (c) => {
  const folderId = c.req.valid("param").id;
  const body = c.req.valid("json");
  return c.json(await c.var.scope((tx) => createDrop(actorOf(c, tx), { folderId, body })), 201);
};

export const list: H<typeof R.listDropsRoute> = async (c) =>
  c.json(await c.var.scope((tx) => listDrops(actorOf(c, tx), c.req.valid("param").id)), 200);

export const revoke: H<typeof R.revokeDropRoute> = async (c) => {
  await c.var.scope((tx) => revokeDropLink(actorOf(c, tx), c.req.valid("param").id));
  return c.body(null, 204);
};

/** Mounts the upload-only links of folders. */
export const mountDrops = (app: OpenAPIHono<AppEnv>) => {
  app
    .openapi(R.createDropRoute, create)
    .openapi(R.listDropsRoute, list)
    .openapi(R.revokeDropRoute, revoke);
};
