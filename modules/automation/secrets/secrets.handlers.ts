import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { deleteEnvRoute, listEnvRoute, setEnvRoute } from "./secrets.routes.ts";
import { deleteEnv, listEnv, setEnv } from "./secrets.service.ts";

const list: RouteHandler<typeof listEnvRoute, AppEnv> = async (c) =>
  c.json(await listEnv(actorOf(c), c.req.valid("param").id), 200);

const set: RouteHandler<typeof setEnvRoute, AppEnv> = async (c) => {
  const { id, name } = c.req.valid("param");
  const out = await setEnv(actorOf(c), { agentId: id, name, value: c.req.valid("json").value });
  return out.created ? c.json(out.item, 201) : c.json(out.item, 200);
};

const remove: RouteHandler<typeof deleteEnvRoute, AppEnv> = async (c) => {
  const { id, name } = c.req.valid("param");
  await deleteEnv(actorOf(c), { agentId: id, name });
  return c.body(null, 204);
};

export const mountSecrets = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(listEnvRoute, list);
  app.openapi(setEnvRoute, set);
  app.openapi(deleteEnvRoute, remove);
};
