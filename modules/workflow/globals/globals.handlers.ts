import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { deleteGlobalRoute, listGlobalsRoute, putGlobalRoute } from "./globals.routes.ts";
import { listGlobals, putGlobal, removeGlobal } from "./globals.service.ts";

const list: RouteHandler<typeof listGlobalsRoute, AppEnv> = async (c) =>
  c.json(await listGlobals(actorOf(c)), 200);
const put: RouteHandler<typeof putGlobalRoute, AppEnv> = async (c) =>
  c.json(
    await putGlobal(actorOf(c), { name: c.req.valid("param").name, input: c.req.valid("json") }),
    200,
  );
const remove: RouteHandler<typeof deleteGlobalRoute, AppEnv> = async (c) => {
  await removeGlobal(actorOf(c), c.req.valid("param").name);
  return c.body(null, 204);
};

/** /api/workflow/globals… */
export function mountGlobals(app: OpenAPIHono<AppEnv>) {
  app.openapi(listGlobalsRoute, list);
  app.openapi(putGlobalRoute, put);
  app.openapi(deleteGlobalRoute, remove);
}
