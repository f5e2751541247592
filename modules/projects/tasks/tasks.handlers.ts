import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { fieldsOf } from "../../../shared/http/fields.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import {
  changeTask,
  createTask,
  getTask,
  listTasks,
  removeTask,
  setWatching,
} from "./tasks.service.ts";
import { PRIORITIES } from "./tasks.schemas.ts";
import { attachments } from "../../documents/public.ts";
import { taskOwner, uploadOf } from "../attachments/attachments.lib.ts";
import {
  createTaskRoute,
  deleteTaskRoute,
  getTaskRoute,
  listTasksRoute,
  prioritiesRoute,
  unwatchTaskRoute,
  updateTaskRoute,
  watchTaskRoute,
} from "./tasks.routes.ts";

export const listTasksHandler: RouteHandler<typeof listTasksRoute, AppEnv> = async (c) =>
  c.json(await listTasks(actorOf(c), c.req.valid("query"), fieldsOf(c)), 200);

export const createTaskHandler: RouteHandler<typeof createTaskRoute, AppEnv> = async (c) =>
  c.json(
    await createTask(actorOf(c), c.req.valid("json")),
    201,
  );

export const getTaskHandler: RouteHandler<typeof getTaskRoute, AppEnv> = async (c) =>
  c.json((await getTask(actorOf(c), c.req.valid("param").id, fieldsOf(c))).task, 200);

export const updateTaskHandler: RouteHandler<typeof updateTaskRoute, AppEnv> = async (c) =>
  c.json(
    await changeTask(actorOf(c), { id: c.req.valid("param").id, input: c.req.valid("json") }),
    200,
  );

export const deleteTaskHandler: RouteHandler<typeof deleteTaskRoute, AppEnv> = async (c) => {
  const id = c.req.valid("param").id;
  await removeTask(actorOf(c), id);
  await attachments.removeAll(actorOf(c), { owner: taskOwner(id), upload: uploadOf(c) });
  return c.body(null, 204);
};

export const prioritiesHandler: RouteHandler<typeof prioritiesRoute, AppEnv> = (c) =>
  c.json({
    items: PRIORITIES.map((value, i) => ({
      value,
      label: t(c.var.locale, `projects.priority.${value}`),
      rank: i + 1,
    })),
  }, 200);

export const watchTaskHandler: RouteHandler<typeof watchTaskRoute, AppEnv> = async (c) =>
  c.json({
    watching: await setWatching(actorOf(c), { id: c.req.valid("param").id, watch: true }),
  }, 200);

export const unwatchTaskHandler: RouteHandler<typeof unwatchTaskRoute, AppEnv> = async (c) =>
  c.json({
    watching: await setWatching(actorOf(c), { id: c.req.valid("param").id, watch: false }),
  }, 200);

/** The tasks routes of /api/projects. */
export function mountTasks(app: OpenAPIHono<AppEnv>) {
  app.openapi(prioritiesRoute, prioritiesHandler);
  app.openapi(listTasksRoute, listTasksHandler);
  app.openapi(createTaskRoute, createTaskHandler);
  app.openapi(getTaskRoute, getTaskHandler);
  app.openapi(updateTaskRoute, updateTaskHandler);
  app.openapi(deleteTaskRoute, deleteTaskHandler);
  app.openapi(watchTaskRoute, watchTaskHandler);
  app.openapi(unwatchTaskRoute, unwatchTaskHandler);
}
