import type { OpenAPIHono, RouteConfig, RouteHandler } from "@hono/zod-openapi";
import { actorOf } from "../../../shared/http/actor.ts";
import type { AppEnv } from "../../../shared/http/env.ts";
import { emptyTrash, listTrash, purge, restore } from "./trash.service.ts";
import * as R from "./trash.routes.ts";

type H<T extends RouteConfig> = RouteHandler<T, AppEnv>;

export const list: H<typeof R.listTrashRoute> = async (c) =>
  c.json(await c.var.scope((tx) => listTrash(actorOf(c, tx), c.req.valid("query"))), 200);

export const restoreItem: H<typeof R.restoreRoute> = async (c) =>
  c.json(await c.var.scope((tx) => restore(actorOf(c, tx), c.req.valid("param").id)), 200);

export const purgeItem: H<typeof R.purgeRoute> = async (c) => {
  await c.var.scope((tx) => purge(actorOf(c, tx), c.req.valid("param").id));
  return c.body(null, 204);
};

export const empty: H<typeof R.emptyTrashRoute> = async (c) =>
  c.json(await c.var.scope((tx) => emptyTrash(actorOf(c, tx))), 200);

/** Mounts the trash. */
export const mountTrash = (app: OpenAPIHono<AppEnv>) => {
  app
    .openapi(R.listTrashRoute, list)
    .openapi(R.emptyTrashRoute, empty)
    .openapi(R.restoreRoute, restoreItem)
    .openapi(R.purgeRoute, purgeItem);
};
