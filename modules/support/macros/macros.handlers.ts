import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  applyMacroRoute,
  createMacroRoute,
  deleteMacroRoute,
  getMacroRoute,
  listMacrosRoute,
  renderMacroRoute,
  updateMacroRoute,
} from "./macros.routes.ts";
import {
  applyMacro,
  changeMacro,
  createMacro,
  getMacro,
  listMacros,
  removeMacro,
  renderMacro,
} from "./macros.service.ts";

const list: RouteHandler<typeof listMacrosRoute, AppEnv> = async (c) =>
  c.json({ items: await listMacros(actorOf(c)) }, 200);

const create: RouteHandler<typeof createMacroRoute, AppEnv> = async (c) =>
  c.json(await createMacro(actorOf(c), c.req.valid("json")), 201);

const get: RouteHandler<typeof getMacroRoute, AppEnv> = async (c) =>
  c.json(await getMacro(actorOf(c), c.req.valid("param").id), 200);

const update: RouteHandler<typeof updateMacroRoute, AppEnv> = async (c) =>
  c.json(await changeMacro(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200);

const remove: RouteHandler<typeof deleteMacroRoute, AppEnv> = async (c) =>
  c.json(await removeMacro(actorOf(c), c.req.valid("param").id), 200);

const render: RouteHandler<typeof renderMacroRoute, AppEnv> = async (c) => {
  const { id, macroId } = c.req.valid("param");
  return c.json(await renderMacro(actorOf(c), { ticketId: id, macroId }), 200);
};

const apply: RouteHandler<typeof applyMacroRoute, AppEnv> = async (c) => {
  const { id, macroId } = c.req.valid("param");
  return c.json(await applyMacro(actorOf(c), { ticketId: id, macroId }), 200);
};

export const mountMacros = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(listMacrosRoute, list);
  app.openapi(createMacroRoute, create);
  app.openapi(getMacroRoute, get);
  app.openapi(updateMacroRoute, update);
  app.openapi(deleteMacroRoute, remove);
  app.openapi(renderMacroRoute, render);
  app.openapi(applyMacroRoute, apply);
};
