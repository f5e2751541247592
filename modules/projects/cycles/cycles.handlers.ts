import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  addCycleTasks,
  changeCycle,
  completeCycle,
  createCycle,
  cycleBurndown,
  cycleVelocity,
  getCycle,
  listCycles,
  removeCycle,
  removeCycleTask,
} from "./cycles.service.ts";
import {
  addCycleTasksRoute,
  completeCycleRoute,
  createCycleRoute,
  cycleBurndownRoute,
  cycleVelocityRoute,
  deleteCycleRoute,
  getCycleRoute,
  listCyclesRoute,
  removeCycleTaskRoute,
  updateCycleRoute,
} from "./cycles.routes.ts";

export const listCyclesHandler: RouteHandler<typeof listCyclesRoute, AppEnv> = async (c) =>
  c.json(await listCycles(actorOf(c), c.req.valid("query")), 200);

export const createCycleHandler: RouteHandler<typeof createCycleRoute, AppEnv> = async (c) =>
  c.json(await createCycle(actorOf(c), c.req.valid("json")), 201);

export const getCycleHandler: RouteHandler<typeof getCycleRoute, AppEnv> = async (c) =>
  c.json(await getCycle(actorOf(c), c.req.valid("param").id), 200);

export const updateCycleHandler: RouteHandler<typeof updateCycleRoute, AppEnv> = async (c) =>
  c.json(
    await changeCycle(actorOf(c), { id: c.req.valid("param").id, input: c.req.valid("json") }),
    200,
  );

export const deleteCycleHandler: RouteHandler<typeof deleteCycleRoute, AppEnv> = async (c) => {
  await removeCycle(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};

export const addCycleTasksHandler: RouteHandler<typeof addCycleTasksRoute, AppEnv> = async (c) =>
  c.json(
    await addCycleTasks(actorOf(c), {
      id: c.req.valid("param").id,
      taskIds: c.req.valid("json").taskIds,
    }),
    200,
  );

export const removeCycleTaskHandler: RouteHandler<typeof removeCycleTaskRoute, AppEnv> = async (
  c,
) => c.json(await removeCycleTask(actorOf(c), c.req.valid("param")), 200);

export const completeCycleHandler: RouteHandler<typeof completeCycleRoute, AppEnv> = async (c) =>
  c.json(
    await completeCycle(actorOf(c), { id: c.req.valid("param").id, input: c.req.valid("json") }),
    200,
  );

export const cycleBurndownHandler: RouteHandler<typeof cycleBurndownRoute, AppEnv> = async (c) =>
  c.json(await cycleBurndown(actorOf(c), c.req.valid("param").id), 200);

export const cycleVelocityHandler: RouteHandler<typeof cycleVelocityRoute, AppEnv> = async (c) =>
  c.json(await cycleVelocity(actorOf(c), c.req.valid("query")), 200);

/** The cycle routes of /api/projects (velocity before /cycles/{id}). */
export function mountCycles(app: OpenAPIHono<AppEnv>) {
  app.openapi(listCyclesRoute, listCyclesHandler);
  app.openapi(createCycleRoute, createCycleHandler);
  app.openapi(cycleVelocityRoute, cycleVelocityHandler);
  app.openapi(getCycleRoute, getCycleHandler);
  app.openapi(updateCycleRoute, updateCycleHandler);
  app.openapi(deleteCycleRoute, deleteCycleHandler);
  app.openapi(addCycleTasksRoute, addCycleTasksHandler);
  app.openapi(removeCycleTaskRoute, removeCycleTaskHandler);
  app.openapi(completeCycleRoute, completeCycleHandler);
  app.openapi(cycleBurndownRoute, cycleBurndownHandler);
}
