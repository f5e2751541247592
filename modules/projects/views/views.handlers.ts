import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { changeView, createView, getView, listViews, removeView } from "./views.service.ts";
import {
  createViewRoute,
  deleteViewRoute,
  getViewRoute,
  listViewsRoute,
  updateViewRoute,
} from "./views.routes.ts";

export const listViewsHandler: RouteHandler<typeof listViewsRoute, AppEnv> = async (c) =>
  c.json(await listViews(actorOf(c), c.req.valid("param").id), 200);

export const createViewHandler: RouteHandler<typeof createViewRoute, AppEnv> = async (c) =>
  c.json(
    await createView(actorOf(c), { projectId: c.req.valid("param").id, body: c.req.valid("json") }),
    201,
  );

export const getViewHandler: RouteHandler<typeof getViewRoute, AppEnv> = async (c) =>
  c.json(await getView(actorOf(c), c.req.valid("param").id), 200);

export const updateViewHandler: RouteHandler<typeof updateViewRoute, AppEnv> = async (c) =>
  c.json(
    await changeView(actorOf(c), { id: c.req.valid("param").id, body: c.req.valid("json") }),
    200,
  );

export const deleteViewHandler: RouteHandler<typeof deleteViewRoute, AppEnv> = async (c) => {
  await removeView(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};

/** The saved views routes of /api/projects. */
export function mountViews(app: OpenAPIHono<AppEnv>) {
  app.openapi(listViewsRoute, listViewsHandler);
  app.openapi(createViewRoute, createViewHandler);
  app.openapi(getViewRoute, getViewHandler);
  app.openapi(updateViewRoute, updateViewHandler);
  app.openapi(deleteViewRoute, deleteViewHandler);
}
