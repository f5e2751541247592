/** Handlers of the routes raising BPMN events from a user task. */
import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { taskErrorRoute, taskEscalationRoute } from "./tasks.bpmn.routes.ts";
import { raiseFromTask } from "./tasks.bpmn.service.ts";

const error: RouteHandler<typeof taskErrorRoute, AppEnv> = async (c) => {
  const { errorCode: code, variables } = c.req.valid("json");
  const id = c.req.valid("param").id;
  return c.json(await raiseFromTask(actorOf(c), { id, kind: "error", code, variables }), 200);
};

const escalation: RouteHandler<typeof taskEscalationRoute, AppEnv> = async (c) => {
  const { escalationCode: code, variables } = c.req.valid("json");
  const id = c.req.valid("param").id;
  return c.json(await raiseFromTask(actorOf(c), { id, kind: "escalation", code, variables }), 200);
};

export function mountTaskBpmnEvents(app: OpenAPIHono<AppEnv>) {
  app.openapi(taskErrorRoute, error);
  app.openapi(taskEscalationRoute, escalation);
}
