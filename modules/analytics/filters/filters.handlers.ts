import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  createFilterRoute,
  deleteFilterRoute,
  filterChoicesRoute,
  getValuesRoute,
  listFiltersRoute,
  patchFilterRoute,
  putValuesRoute,
  resetValuesRoute,
} from "./filters.routes.ts";
import { filterChoices, filterValuesOf, rememberValues, resetValues } from "./filters.service.ts";
import { createFilter, listFilters, patchFilter, removeFilter } from "./definitions.service.ts";

const list: RouteHandler<typeof listFiltersRoute, AppEnv> = async (c) =>
  c.json(await listFilters(actorOf(c), c.req.valid("param").sheetId), 200);
const create: RouteHandler<typeof createFilterRoute, AppEnv> = async (c) =>
  c.json(
    await createFilter(actorOf(c), {
      sheetId: c.req.valid("param").sheetId,
      input: c.req.valid("json"),
    }),
    201,
  );
const patch: RouteHandler<typeof patchFilterRoute, AppEnv> = async (c) =>
  c.json(
    await patchFilter(actorOf(c), { ...c.req.valid("param"), patch: c.req.valid("json") }),
    200,
  );
const remove: RouteHandler<typeof deleteFilterRoute, AppEnv> = async (c) => {
  await removeFilter(actorOf(c), c.req.valid("param"));
  return c.body(null, 204);
};
const choices: RouteHandler<typeof filterChoicesRoute, AppEnv> = async (c) =>
  c.json(await filterChoices(actorOf(c), { ...c.req.valid("param"), locale: c.var.locale }), 200);
const values: RouteHandler<typeof getValuesRoute, AppEnv> = async (c) =>
  c.json(await filterValuesOf(actorOf(c), c.req.valid("param").sheetId), 200);
const remember: RouteHandler<typeof putValuesRoute, AppEnv> = async (c) =>
  c.json(
    await rememberValues(actorOf(c), {
      sheetId: c.req.valid("param").sheetId,
      values: c.req.valid("json").values,
    }),
    200,
  );
const reset: RouteHandler<typeof resetValuesRoute, AppEnv> = async (c) =>
  c.json(await resetValues(actorOf(c), c.req.valid("param").sheetId), 200);

/** /api/analytics/sheets/{sheetId}/filters… and /filter-values. */
export function mountSheetFilters(app: OpenAPIHono<AppEnv>) {
  app.openapi(listFiltersRoute, list);
  app.openapi(createFilterRoute, create);
  app.openapi(patchFilterRoute, patch);
  app.openapi(deleteFilterRoute, remove);
  app.openapi(filterChoicesRoute, choices);
  app.openapi(getValuesRoute, values);
  app.openapi(putValuesRoute, remember);
  app.openapi(resetValuesRoute, reset);
}
