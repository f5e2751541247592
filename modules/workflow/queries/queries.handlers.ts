import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  createQueryRoute,
  deleteQueryRoute,
  getQueryRoute,
  listQueriesRoute,
  previewQueryRoute,
  runQueryRoute,
  updateQueryRoute,
} from "./queries.routes.ts";
import {
  changeQuery,
  createQuery,
  getQuery,
  listQueries,
  removeQuery,
} from "./queries.crud.service.ts";
import { runAdHocQuery, runSavedQuery } from "./queries.service.ts";
import type { QueryDefinition } from "./queries.types.lib.ts";

const locale = (c: { var: { locale?: string } }) => c.var.locale ?? "en";

const list: RouteHandler<typeof listQueriesRoute, AppEnv> = async (c) =>
  c.json(await listQueries(actorOf(c)), 200);
const create: RouteHandler<typeof createQueryRoute, AppEnv> = async (c) =>
  c.json(await createQuery(actorOf(c), c.req.valid("json")), 201);
const get: RouteHandler<typeof getQueryRoute, AppEnv> = async (c) =>
  c.json(await getQuery(actorOf(c), c.req.valid("param").key), 200);
const update: RouteHandler<typeof updateQueryRoute, AppEnv> = async (c) =>
  c.json(
    await changeQuery(actorOf(c), { key: c.req.valid("param").key, input: c.req.valid("json") }),
    200,
  );
const remove: RouteHandler<typeof deleteQueryRoute, AppEnv> = async (c) => {
  await removeQuery(actorOf(c), c.req.valid("param").key);
  return c.body(null, 204);
};
const run: RouteHandler<typeof runQueryRoute, AppEnv> = async (c) => {
  const { params, offset, limit } = c.req.valid("json");
  const opts = { locale: locale(c), offset, limit };
  return c.json(
    await runSavedQuery(actorOf(c), { key: c.req.valid("param").key, params, opts }),
    200,
  );
};
const preview: RouteHandler<typeof previewQueryRoute, AppEnv> = async (c) => {
  const { source, model, definition, paramDefs, params, offset, limit } = c.req.valid("json");
  return c.json(
    await runAdHocQuery(actorOf(c), {
      query: { source, model: model ?? undefined, definition: definition as QueryDefinition },
      params,
      opts: {
        locale: locale(c),
        offset,
        limit,
        paramDefs,
      },
    }),
    200,
  );
};

/** /api/workflow/data-queries… */
export function mountQueries(app: OpenAPIHono<AppEnv>) {
  app.openapi(listQueriesRoute, list);
  app.openapi(createQueryRoute, create);
  app.openapi(previewQueryRoute, preview);
  app.openapi(getQueryRoute, get);
  app.openapi(updateQueryRoute, update);
  app.openapi(deleteQueryRoute, remove);
  app.openapi(runQueryRoute, run);
}
