import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  deleteFormRoute,
  getFormRoute,
  getFormVersionRoute,
  listFormsRoute,
  saveFormRoute,
} from "./forms.routes.ts";
import { getForm, listForms, removeForm, saveForm } from "./forms.service.ts";

const list: RouteHandler<typeof listFormsRoute, AppEnv> = async (c) =>
  c.json(await listForms(actorOf(c)), 200);
const get: RouteHandler<typeof getFormRoute, AppEnv> = async (c) =>
  c.json(await getForm(actorOf(c), { key: c.req.valid("param").key }), 200);
const getVersion: RouteHandler<typeof getFormVersionRoute, AppEnv> = async (c) => {
  const { key, version } = c.req.valid("param");
  return c.json(await getForm(actorOf(c), { key, version }), 200);
};
const save: RouteHandler<typeof saveFormRoute, AppEnv> = async (c) =>
  c.json(
    await saveForm(actorOf(c), { key: c.req.valid("param").key, input: c.req.valid("json") }),
    201,
  );
const remove: RouteHandler<typeof deleteFormRoute, AppEnv> = async (c) => {
  await removeForm(actorOf(c), c.req.valid("param").key);
  return c.body(null, 204);
};

/** /api/workflow/forms… */
export function mountForms(app: OpenAPIHono<AppEnv>) {
  app.openapi(listFormsRoute, list);
  app.openapi(getFormRoute, get);
  app.openapi(getFormVersionRoute, getVersion);
  app.openapi(saveFormRoute, save);
  app.openapi(deleteFormRoute, remove);
}
