import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { changeWatcher, listWatchers } from "./assignees.service.ts";
import { addWatcherRoute, listWatchersRoute, removeWatcherRoute } from "./assignees.routes.ts";

export const listWatchersHandler: RouteHandler<typeof listWatchersRoute, AppEnv> = async (c) =>
  c.json(await listWatchers(actorOf(c), c.req.valid("param").id), 200);

export const addWatcherHandler: RouteHandler<typeof addWatcherRoute, AppEnv> = async (c) =>
  c.json(
    await changeWatcher(actorOf(c), {
      taskId: c.req.valid("param").id,
      userId: c.req.valid("json").userId,
      watch: true,
    }),
    200,
  );

export const removeWatcherHandler: RouteHandler<typeof removeWatcherRoute, AppEnv> = async (c) =>
  c.json(
    await changeWatcher(actorOf(c), {
      taskId: c.req.valid("param").id,
      userId: c.req.valid("param").userId,
      watch: false,
    }),
    200,
  );

/** Watchers of a task under /api/projects/tasks/{id}/watchers. */
export function mountAssignees(app: OpenAPIHono<AppEnv>) {
  app.openapi(listWatchersRoute, listWatchersHandler);
  app.openapi(addWatcherRoute, addWatcherHandler);
  app.openapi(removeWatcherRoute, removeWatcherHandler);
}
