import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { uploadOf } from "../attachments/attachments.lib.ts";
import { bulkChange } from "./bulk.service.ts";
import { bulkTasksRoute } from "./bulk.routes.ts";

export const bulkTasksHandler: RouteHandler<typeof bulkTasksRoute, AppEnv> = async (c) =>
  c.json(await bulkChange(actorOf(c), { body: c.req.valid("json"), upload: uploadOf(c) }), 200);

/** POST /api/projects/tasks/bulk (mounted before the tasks routes). */
export function mountBulk(app: OpenAPIHono<AppEnv>) {
  app.openapi(bulkTasksRoute, bulkTasksHandler);
}
