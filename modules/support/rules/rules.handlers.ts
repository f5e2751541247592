import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
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
  c.json({ items: await listSupportRules(actorOf(c)) }, 200);
const create: RouteHandler<typeof createRuleRoute, AppEnv> = async (c) =>
  c.json(await addSupportRule(actorOf(c), c.req.valid("json")), 201);
const toggle: RouteHandler<typeof toggleRuleRoute, AppEnv> = async (c) =>
  c.json(
    await toggleSupportRule(actorOf(c), {
      id: c.req.valid("param").id,
      enabled: c.req.valid("json").enabled,
    }),
    200,
  );
const remove: RouteHandler<typeof deleteRuleRoute, AppEnv> = async (c) =>
  c.json(await removeSupportRule(actorOf(c), c.req.valid("param").id), 200);

export const mountRules = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(listRulesRoute, list);
  app.openapi(createRuleRoute, create);
  app.openapi(toggleRuleRoute, toggle);
  app.openapi(deleteRuleRoute, remove);
};
