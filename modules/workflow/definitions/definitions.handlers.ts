import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  archiveDefinitionRoute,
  createDefinitionRoute,
  deployDefinitionRoute,
  getDefinitionRoute,
  getVersionRoute,
  listDefinitionsRoute,
  listVersionsRoute,
  saveDraftRoute,
  updateDefinitionRoute,
  validateBpmnRoute,
  versionXmlRoute,
} from "./definitions.routes.ts";
import {
  archiveDefinition,
  createDefinition,
  deployDefinition,
  getDefinition,
  getVersion,
  listDefinitions,
  listVersions,
  saveDraft,
  updateDefinition,
} from "./definitions.service.ts";
import { validateBpmn } from "./definitions.rules.ts";
import { xmlFileName } from "./definitions.rules.ts";

const list: RouteHandler<typeof listDefinitionsRoute, AppEnv> = async (c) =>
  c.json(await listDefinitions(actorOf(c), c.req.valid("query")), 200);

const create: RouteHandler<typeof createDefinitionRoute, AppEnv> = async (c) => {
  const out = await createDefinition(actorOf(c), {
    input: c.req.valid("json"),
    opts: { byKey: true },
  });
  return out.duplicate ? c.json(out, 200) : c.json(out, 201);
};

const validate: RouteHandler<typeof validateBpmnRoute, AppEnv> = async (c) =>
  c.json(await validateBpmn(c.req.valid("json").xml), 200);

const get: RouteHandler<typeof getDefinitionRoute, AppEnv> = async (c) =>
  c.json(await getDefinition(actorOf(c), c.req.valid("param").id), 200);

const update: RouteHandler<typeof updateDefinitionRoute, AppEnv> = async (c) =>
  c.json(
    await updateDefinition(actorOf(c), { id: c.req.valid("param").id, input: c.req.valid("json") }),
    200,
  );

const archive: RouteHandler<typeof archiveDefinitionRoute, AppEnv> = async (c) => {
  await archiveDefinition(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};

const draft: RouteHandler<typeof saveDraftRoute, AppEnv> = async (c) =>
  c.json(
    await saveDraft(actorOf(c), { id: c.req.valid("param").id, xml: c.req.valid("json").xml }),
    200,
  );

const deploy: RouteHandler<typeof deployDefinitionRoute, AppEnv> = async (c) =>
  c.json(
    await deployDefinition(actorOf(c), {
      id: c.req.valid("param").id,
      input: c.req.valid("json") ?? {},
    }),
    201,
  );

const versions: RouteHandler<typeof listVersionsRoute, AppEnv> = async (c) =>
  c.json(await listVersions(actorOf(c), c.req.valid("param").id), 200);

const version: RouteHandler<typeof getVersionRoute, AppEnv> = async (c) => {
  const { id, version } = c.req.valid("param");
  return c.json(await getVersion(actorOf(c), { id, version }), 200);
};

const xml: RouteHandler<typeof versionXmlRoute, AppEnv> = async (c) => {
  const { id, version } = c.req.valid("param");
  const v = await getVersion(actorOf(c), { id, version });
  return c.body(v.xml, 200, {
    "Content-Type": "application/xml; charset=utf-8",
    "Content-Disposition": `attachment; filename="${xmlFileName(v.model.id, v.version)}"`,
  });
};

/** `/admin/process/validate` is declared before `/admin/process/{id}`. */
export const mountDefinitions = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(listDefinitionsRoute, list);
  app.openapi(createDefinitionRoute, create);
  app.openapi(validateBpmnRoute, validate);
  app.openapi(getDefinitionRoute, get);
  app.openapi(updateDefinitionRoute, update);
  app.openapi(archiveDefinitionRoute, archive);
  app.openapi(saveDraftRoute, draft);
  app.openapi(deployDefinitionRoute, deploy);
  app.openapi(listVersionsRoute, versions);
  app.openapi(getVersionRoute, version);
  app.openapi(versionXmlRoute, xml);
};
