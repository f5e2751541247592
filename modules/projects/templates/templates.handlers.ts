import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  getTemplate,
  listTemplates,
  projectFromTemplate,
  removeTemplate,
  saveTemplate,
} from "./templates.service.ts";
import {
  createTemplateRoute,
  deleteTemplateRoute,
  getTemplateRoute,
  listTemplatesRoute,
  projectFromTemplateRoute,
} from "./templates.routes.ts";

export const listTemplatesHandler: RouteHandler<typeof listTemplatesRoute, AppEnv> = async (c) =>
  c.json(await listTemplates(actorOf(c)), 200);

export const createTemplateHandler: RouteHandler<typeof createTemplateRoute, AppEnv> = async (c) =>
  c.json(await saveTemplate(actorOf(c), c.req.valid("json")), 201);

export const getTemplateHandler: RouteHandler<typeof getTemplateRoute, AppEnv> = async (c) =>
  c.json(await getTemplate(actorOf(c), c.req.valid("param").id), 200);

export const deleteTemplateHandler: RouteHandler<typeof deleteTemplateRoute, AppEnv> = async (
  c,
) => {
  await removeTemplate(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};

export const projectFromTemplateHandler: RouteHandler<typeof projectFromTemplateRoute, AppEnv> =
  async (c) =>
    c.json(
      await projectFromTemplate(actorOf(c), {
        id: c.req.valid("param").id,
        body: c.req.valid("json"),
        locale: c.var.locale,
      }),
      201,
    );

/** The template routes of /api/projects. */
export function mountTemplates(app: OpenAPIHono<AppEnv>) {
  app.openapi(listTemplatesRoute, listTemplatesHandler);
  app.openapi(createTemplateRoute, createTemplateHandler);
  app.openapi(getTemplateRoute, getTemplateHandler);
  app.openapi(deleteTemplateRoute, deleteTemplateHandler);
  app.openapi(projectFromTemplateRoute, projectFromTemplateHandler);
}
