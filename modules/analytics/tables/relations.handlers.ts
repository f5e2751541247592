import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  createRelationRoute,
  deleteRelationRoute,
  listRelationsRoute,
} from "./relations.routes.ts";
import { createRelation, listRelations, removeRelation } from "./relations.service.ts";

/** /api/analytics/app-relations… */
export function mountRelations(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRelationsRoute, async (c) => c.json(await listRelations(actorOf(c)), 200));
  app.openapi(
    createRelationRoute,
    async (c) => c.json(await createRelation(actorOf(c), c.req.valid("json")), 201),
  );
  app.openapi(deleteRelationRoute, async (c) => {
    await removeRelation(actorOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
}
