import { fieldsOf } from "../../../shared/http/fields.ts";
import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  agentStateRoute,
  createAgentRoute,
  deleteAgentRoute,
  diffVersionRoute,
  fromTemplateRoute,
  getAgentRoute,
  getVersionRoute,
  grantChoicesRoute,
  listAgentsRoute,
  listVersionsRoute,
  restoreVersionRoute,
  updateAgentRoute,
} from "./agents.routes.ts";
import {
  agentDetail,
  changeAgent,
  createAgent,
  createFromTemplate,
  diffVersions,
  getVersion,
  listAgents,
  listVersions,
  removeAgent,
  restoreVersion,
  setAgentState,
} from "./agents.service.ts";
import { grantChoices } from "./agents.rules.ts";

const perms = (c: Context<AppEnv>) => ({ known: c.var.platform.permissions });

const list: RouteHandler<typeof listAgentsRoute, AppEnv> = async (c) =>
  c.json(await listAgents(actorOf(c), c.req.valid("query"), fieldsOf(c)), 200);

const create: RouteHandler<typeof createAgentRoute, AppEnv> = async (c) =>
  c.json(await createAgent(actorOf(c), { agent: c.req.valid("json"), perms: perms(c) }), 201);

const fromTemplate: RouteHandler<typeof fromTemplateRoute, AppEnv> = async (c) =>
  c.json(await createFromTemplate(actorOf(c), { ...c.req.valid("json"), perms: perms(c) }), 201);

const choices: RouteHandler<typeof grantChoicesRoute, AppEnv> = (c) =>
  c.json({ items: grantChoices(c.var.platform.permissions, c.var.session.permissions) }, 200);

const get: RouteHandler<typeof getAgentRoute, AppEnv> = async (c) =>
  c.json(await agentDetail(actorOf(c), c.req.valid("param").id), 200);

const update: RouteHandler<typeof updateAgentRoute, AppEnv> = async (c) =>
  c.json(
    await changeAgent(actorOf(c), {
      id: c.req.valid("param").id,
      patch: c.req.valid("json"),
      perms: perms(c),
    }),
    200,
  );

const remove: RouteHandler<typeof deleteAgentRoute, AppEnv> = async (c) => {
  await removeAgent(actorOf(c), {
    id: c.req.valid("param").id,
    force: c.req.valid("query").force === "true",
  });
  return c.body(null, 204);
};

const state: RouteHandler<typeof agentStateRoute, AppEnv> = async (c) =>
  c.json(
    await setAgentState(actorOf(c), {
      id: c.req.valid("param").id,
      state: c.req.valid("json").state,
    }),
    200,
  );

const versions: RouteHandler<typeof listVersionsRoute, AppEnv> = async (c) => {
  const { limit, cursor } = c.req.valid("query");
  return c.json(
    await listVersions(actorOf(c), { id: c.req.valid("param").id, limit, cursor }),
    200,
  );
};

const version: RouteHandler<typeof getVersionRoute, AppEnv> = async (c) => {
  const { id, version } = c.req.valid("param");
  return c.json(await getVersion(actorOf(c), { id, version }), 200);
};

const diff: RouteHandler<typeof diffVersionRoute, AppEnv> = async (c) => {
  const { id, version } = c.req.valid("param");
  return c.json(
    await diffVersions(actorOf(c), {
      id,
      version,
      against: c.req.valid("query").against,
    }),
    200,
  );
};

const restore: RouteHandler<typeof restoreVersionRoute, AppEnv> = async (c) => {
  const { id, version } = c.req.valid("param");
  const body = (c.req.valid("json") ?? {}) as { note?: string };
  return c.json(
    await restoreVersion(actorOf(c), { id, version, note: body.note, perms: perms(c) }),
    200,
  );
};

/** `/agents/from-template` is mounted before `/agents/{id}` routes of the same method. */
export const mountAgents = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(listAgentsRoute, list);
  app.openapi(fromTemplateRoute, fromTemplate);
  app.openapi(createAgentRoute, create);
  app.openapi(grantChoicesRoute, choices);
  app.openapi(getAgentRoute, get);
  app.openapi(updateAgentRoute, update);
  app.openapi(deleteAgentRoute, remove);
  app.openapi(agentStateRoute, state);
  app.openapi(listVersionsRoute, versions);
  app.openapi(getVersionRoute, version);
  app.openapi(diffVersionRoute, diff);
  app.openapi(restoreVersionRoute, restore);
};
