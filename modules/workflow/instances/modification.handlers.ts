import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { modifyInstanceRoute } from "./modification.routes.ts";
import { modifyProcess } from "./modification.service.ts";

const modify: RouteHandler<typeof modifyInstanceRoute, AppEnv> = async (c) =>
  c.json(
    await modifyProcess(actorOf(c), { id: c.req.valid("param").id, ...c.req.valid("json") }),
    200,
  );

/** /api/workflow/process/{id}/modification */
export function mountModification(app: OpenAPIHono<AppEnv>) {
  app.openapi(modifyInstanceRoute, modify);
}
