import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  getAgentStatusRoute,
  getAssignmentRoute,
  putAgentStatusRoute,
  putAssignmentRoute,
} from "./assignment.routes.ts";
import {
  assignmentSettings,
  myStatus,
  setMyStatus,
  updateAssignmentSettings,
} from "./assignment.service.ts";

const get: RouteHandler<typeof getAssignmentRoute, AppEnv> = async (c) =>
  c.json(await assignmentSettings(actorOf(c), c.req.valid("param").teamId), 200);

const put: RouteHandler<typeof putAssignmentRoute, AppEnv> = async (c) =>
  c.json(
    await updateAssignmentSettings(actorOf(c), {
      teamId: c.req.valid("param").teamId,
      ...c.req.valid("json"),
    }),
    200,
  );

const status: RouteHandler<typeof getAgentStatusRoute, AppEnv> = async (c) =>
  c.json(await myStatus(actorOf(c)), 200);

const setStatus: RouteHandler<typeof putAgentStatusRoute, AppEnv> = async (c) =>
  c.json(await setMyStatus(actorOf(c), c.req.valid("json")), 200);

export const mountAssignment = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(getAssignmentRoute, get);
  app.openapi(putAssignmentRoute, put);
  app.openapi(getAgentStatusRoute, status);
  app.openapi(putAgentStatusRoute, setStatus);
};
