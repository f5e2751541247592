import { fieldsOf } from "../../../shared/http/fields.ts";
import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  addCommentRoute,
  cancelTaskRoute,
  claimTaskRoute,
  completeTaskRoute,
  createTaskRoute,
  getTaskRoute,
  listCommentsRoute,
  listTasksRoute,
  unclaimTaskRoute,
  updateTaskRoute,
} from "./tasks.routes.ts";
import {
  addComment,
  cancelTask,
  claimTask,
  completeTask,
  createTask,
  getTask,
  listComments,
  listTasks,
  unclaimTask,
  updateTask,
} from "./tasks.service.ts";
import { mountTaskAttachments } from "./tasks.attachments.handlers.ts";
import { mountTaskBpmnEvents } from "./tasks.bpmn.handlers.ts";

const list: RouteHandler<typeof listTasksRoute, AppEnv> = async (c) =>
  c.json(await listTasks(actorOf(c), c.req.valid("query"), fieldsOf(c)), 200);
const create: RouteHandler<typeof createTaskRoute, AppEnv> = async (c) =>
  c.json(await createTask(actorOf(c), c.req.valid("json")), 201);
const get: RouteHandler<typeof getTaskRoute, AppEnv> = async (c) =>
  c.json(await getTask(actorOf(c), c.req.valid("param").id), 200);
const update: RouteHandler<typeof updateTaskRoute, AppEnv> = async (c) =>
  c.json(
    await updateTask(actorOf(c), { id: c.req.valid("param").id, patch: c.req.valid("json") }),
    200,
  );
const claim: RouteHandler<typeof claimTaskRoute, AppEnv> = async (c) =>
  c.json(await claimTask(actorOf(c), c.req.valid("param").id), 200);
const unclaim: RouteHandler<typeof unclaimTaskRoute, AppEnv> = async (c) =>
  c.json(await unclaimTask(actorOf(c), c.req.valid("param").id), 200);
const cancel: RouteHandler<typeof cancelTaskRoute, AppEnv> = async (c) =>
  c.json(await cancelTask(actorOf(c), c.req.valid("param").id), 200);
const complete: RouteHandler<typeof completeTaskRoute, AppEnv> = async (c) =>
  c.json(
    await completeTask(actorOf(c), { id: c.req.valid("param").id, data: c.req.valid("json").data }),
    200,
  );
const comments: RouteHandler<typeof listCommentsRoute, AppEnv> = async (c) =>
  c.json(await listComments(actorOf(c), c.req.valid("param").id), 200);
const comment: RouteHandler<typeof addCommentRoute, AppEnv> = async (c) =>
  c.json(
    await addComment(actorOf(c), { id: c.req.valid("param").id, body: c.req.valid("json").body }),
    201,
  );

/** /api/workflow/tasks… */
export function mountTasks(app: OpenAPIHono<AppEnv>) {
  app.openapi(listTasksRoute, list);
  app.openapi(createTaskRoute, create);
  app.openapi(getTaskRoute, get);
  app.openapi(updateTaskRoute, update);
  app.openapi(claimTaskRoute, claim);
  app.openapi(unclaimTaskRoute, unclaim);
  app.openapi(cancelTaskRoute, cancel);
  app.openapi(completeTaskRoute, complete);
  app.openapi(listCommentsRoute, comments);
  app.openapi(addCommentRoute, comment);
  mountTaskAttachments(app);
  mountTaskBpmnEvents(app);
}
