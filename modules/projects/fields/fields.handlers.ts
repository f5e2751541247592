import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  changeField,
  createField,
  fieldBreakdown,
  listFields,
  orderFields,
  removeField,
} from "./fields.service.ts";
import {
  createFieldRoute,
  deleteFieldRoute,
  fieldBreakdownRoute,
  listFieldsRoute,
  reorderFieldsRoute,
  updateFieldRoute,
} from "./fields.routes.ts";

type H<R> = RouteHandler<R & Parameters<typeof Object>[0], AppEnv>;

export const listFieldsHandler: RouteHandler<typeof listFieldsRoute, AppEnv> = async (c) =>
  c.json(await listFields(actorOf(c), c.req.valid("param").id), 200);

export const createFieldHandler: RouteHandler<typeof createFieldRoute, AppEnv> = async (c) =>
  c.json(
    await createField(actorOf(c), {
      projectId: c.req.valid("param").id,
      body: c.req.valid("json"),
    }),
    201,
  );

export const reorderFieldsHandler: RouteHandler<typeof reorderFieldsRoute, AppEnv> = async (c) =>
  c.json(
    await orderFields(actorOf(c), {
      projectId: c.req.valid("param").id,
      ids: c.req.valid("json").ids,
    }),
    200,
  );

export const updateFieldHandler: RouteHandler<typeof updateFieldRoute, AppEnv> = async (c) =>
  c.json(
    await changeField(actorOf(c), {
      projectId: c.req.valid("param").id,
      fieldId: c.req.valid("param").fieldId,
      body: c.req.valid("json"),
    }),
    200,
  );

export const deleteFieldHandler: RouteHandler<typeof deleteFieldRoute, AppEnv> = async (c) => {
  const { id, fieldId } = c.req.valid("param");
  await removeField(actorOf(c), { projectId: id, fieldId });
  return c.body(null, 204);
};

export const fieldBreakdownHandler: RouteHandler<typeof fieldBreakdownRoute, AppEnv> = async (c) =>
  c.json(await fieldBreakdown(actorOf(c), c.req.valid("query")), 200);

/** The custom-field routes of /api/projects (the fixed /order path before /{fieldId}). */
export function mountFields(app: OpenAPIHono<AppEnv>) {
  app.openapi(listFieldsRoute, listFieldsHandler);
  app.openapi(createFieldRoute, createFieldHandler);
  app.openapi(reorderFieldsRoute, reorderFieldsHandler);
  app.openapi(updateFieldRoute, updateFieldHandler);
  app.openapi(deleteFieldRoute, deleteFieldHandler);
  app.openapi(fieldBreakdownRoute, fieldBreakdownHandler);
}
