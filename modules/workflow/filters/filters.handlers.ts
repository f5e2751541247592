import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  createFilterRoute,
  deleteFilterRoute,
  filterTasksRoute,
  getFilterRoute,
  listFiltersRoute,
  updateFilterRoute,
} from "./filters.routes.ts";
import {
  changeFilter,
  createFilter,
  filterTasks,
  getFilter,
  listFilters,
  removeFilter,
} from "./filters.service.ts";

const list: RouteHandler<typeof listFiltersRoute, AppEnv> = async (c) =>
  c.json(await listFilters(actorOf(c), c.req.valid("query")), 200);
const create: RouteHandler<typeof createFilterRoute, AppEnv> = async (c) =>
  c.json(await createFilter(actorOf(c), c.req.valid("json")), 201);
const get: RouteHandler<typeof getFilterRoute, AppEnv> = async (c) =>
  c.json(await getFilter(actorOf(c), c.req.valid("param").id), 200);
const update: RouteHandler<typeof updateFilterRoute, AppEnv> = async (c) =>
  c.json(
    await changeFilter(actorOf(c), { id: c.req.valid("param").id, input: c.req.valid("json") }),
    200,
  );
const remove: RouteHandler<typeof deleteFilterRoute, AppEnv> = async (c) => {
  await removeFilter(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};
const tasks: RouteHandler<typeof filterTasksRoute, AppEnv> = async (c) =>
  c.json(
    await filterTasks(actorOf(c), { id: c.req.valid("param").id, ...c.req.valid("query") }),
    200,
  );

/** /api/workflow/task-filters… */
export function mountFilters(app: OpenAPIHono<AppEnv>) {
  app.openapi(listFiltersRoute, list);
  app.openapi(createFilterRoute, create);
  app.openapi(getFilterRoute, get);
  app.openapi(updateFilterRoute, update);
  app.openapi(deleteFilterRoute, remove);
  app.openapi(filterTasksRoute, tasks);
}
