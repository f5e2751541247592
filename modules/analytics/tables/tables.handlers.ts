import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import * as r from "./tables.routes.ts";
import * as s from "./tables.service.ts";

/** /api/analytics/app-tables… */
export function mountTables(app: OpenAPIHono<AppEnv>) {
  app.openapi(r.listTablesRoute, async (c) => c.json(await s.listTables(actorOf(c)), 200));
  app.openapi(
    r.createTableRoute,
    async (c) => c.json(await s.createTable(actorOf(c), c.req.valid("json")), 201),
  );
  // The upload is read here (file plus fields), so zod does not parse the multipart body: the
  // route is documented from its createRoute object and served by a plain handler.
  app.openAPIRegistry.registerPath(r.importTableRoute);
  app.post(
    "/app-tables/import",
    requirePermission(r.MODEL_WRITE),
    async (c) => {
      const actor = actorOf(c);
      let form: Record<string, string | File>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw problems.badRequest("The upload could not be read.");
      }
      return c.json(await s.importUpload(actor, form), 201);
    },
  );
  app.openapi(
    r.getTableRoute,
    async (c) => c.json(await s.getTable(actorOf(c), c.req.valid("param").id), 200),
  );
  app.openapi(r.patchTableRoute, async (c) =>
    c.json(
      await s.patchTable(actorOf(c), { id: c.req.valid("param").id, patch: c.req.valid("json") }),
      200,
    ));
  app.openapi(r.deleteTableRoute, async (c) => {
    await s.removeTable(actorOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(r.listRowsRoute, async (c) =>
    c.json(
      await s.listRows(actorOf(c), { id: c.req.valid("param").id, ...c.req.valid("query") }),
      200,
    ));
  app.openapi(r.addRowRoute, async (c) =>
    c.json(
      await s.addRow(actorOf(c), { id: c.req.valid("param").id, data: c.req.valid("json").data }),
      201,
    ));
  app.openapi(r.patchRowRoute, async (c) => {
    const { id, rowId } = c.req.valid("param");
    return c.json(await s.patchRow(actorOf(c), { id, rowId, data: c.req.valid("json").data }), 200);
  });
  app.openapi(r.deleteRowRoute, async (c) => {
    const { id, rowId } = c.req.valid("param");
    await s.removeRow(actorOf(c), { id, rowId });
    return c.body(null, 204);
  });
}
