import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { useSourcesConfig } from "./sources.config.lib.ts";
import * as r from "./sources.routes.ts";
import {
  createSource,
  databaseOverview,
  getSource,
  listSources,
  patchSource,
  removeSource,
  testSource,
} from "./sources.service.ts";
import { introspect, runRawSql } from "./sources.run.service.ts";

/** The actor, with the operator's allowlist taken from this platform's config. */
function act(c: Context<AppEnv>) {
  useSourcesConfig(c.var.platform.config);
  return actorOf(c);
}

/** /api/analytics/sources…, /database, /schema */
export function mountSources(app: OpenAPIHono<AppEnv>) {
  app.openapi(r.listSourcesRoute, async (c) => c.json(await listSources(act(c)), 200));
  app.openapi(
    r.createSourceRoute,
    async (c) => c.json(await createSource(act(c), c.req.valid("json")), 201),
  );
  app.openapi(
    r.getSourceRoute,
    async (c) => c.json(await getSource(act(c), c.req.valid("param").id), 200),
  );
  app.openapi(
    r.patchSourceRoute,
    async (c) =>
      c.json(
        await patchSource(act(c), { id: c.req.valid("param").id, patch: c.req.valid("json") }),
        200,
      ),
  );
  app.openapi(r.deleteSourceRoute, async (c) => {
    await removeSource(act(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(
    r.testSourceRoute,
    async (c) => c.json(await testSource(act(c), c.req.valid("param").id), 200),
  );
  app.openapi(
    r.sqlRoute,
    async (c) =>
      c.json(
        await runRawSql(act(c), {
          sourceId: c.req.valid("param").id,
          statement: c.req.valid("json").sql,
        }),
        200,
      ),
  );
  app.openapi(r.databaseRoute, async (c) => c.json(await databaseOverview(act(c)), 200));
  app.openapi(
    r.schemaRoute,
    async (c) => c.json(await introspect(act(c), c.req.valid("query").sourceId), 200),
  );
}
