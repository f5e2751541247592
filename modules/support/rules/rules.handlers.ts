import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import {
  createRuleRoute,
  deleteRuleRoute,
  listRulesRoute,
  toggleRuleRoute,
} from "./rules.routes.ts";
import {
  addSupportRule,
  listSupportRules,
  removeSupportRule,
  toggleSupportRule,
} from "./rules.service.ts";

const list: RouteHandler<typeof listRulesRoute, AppEnv> = async (c) =>
  c.json({ items: await listSupportRules(c.var.sql) }, 200);
const create: RouteHandler<typeof createRuleRoute, AppEnv> = async (c) =>
  c.json(await addSupportRule(c.var.sql, c.req.valid("json")), 201);
const toggle: RouteHandler<typeof toggleRuleRoute, AppEnv> = async (c) =>
  c.json(
    await toggleSupportRule(c.var.sql, c.req.valid("param").id, c.req.valid("json").enabled),
    200,
  );
const remove: RouteHandler<typeof deleteRuleRoute, AppEnv> = async (c) =>
  c.json(await removeSupportRule(c.var.sql, c.req.valid("param").id), 200);

export const mountRules = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(listRulesRoute, list);
  app.openapi(createRuleRoute, create);
  app.openapi(toggleRuleRoute, toggle);
  app.openapi(deleteRuleRoute, remove);
};
