import { fieldsOf } from "../../../shared/http/fields.ts";
import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  cancelInstanceRoute,
  getInstanceRoute,
  instanceHistoryRoute,
  listIncidentsRoute,
  listInstancesRoute,
  resumeInstanceRoute,
  retryIncidentRoute,
  setVariablesRoute,
  skipIncidentRoute,
  startInstanceRoute,
  suspendInstanceRoute,
} from "./instances.routes.ts";
import { listMigrationsRoute, migrateRoute } from "./migrations.routes.ts";
import {
  getInstance,
  instanceAction,
  instanceHistory,
  listIncidents,
  listInstances,
  resolveIncident,
  setVariables,
  startProcess,
} from "./instances.service.ts";
import { listMigrations, migrate } from "./migrations.service.ts";

type H<R extends Parameters<OpenAPIHono<AppEnv>["openapi"]>[0]> = RouteHandler<R, AppEnv>;

const list: H<typeof listInstancesRoute> = async (c) =>
  c.json(await listInstances(actorOf(c), c.req.valid("query"), fieldsOf(c)), 200);
const start: H<typeof startInstanceRoute> = async (c) =>
  c.json(await startProcess(actorOf(c), c.req.valid("json")), 201);
const get: H<typeof getInstanceRoute> = async (c) =>
  c.json(await getInstance(actorOf(c), c.req.valid("param").id), 200);
const history: H<typeof instanceHistoryRoute> = async (c) =>
  c.json(await instanceHistory(actorOf(c), { id: c.req.valid("param").id }), 200);
const variables: H<typeof setVariablesRoute> = async (c) =>
  c.json(
    await setVariables(actorOf(c), {
      id: c.req.valid("param").id,
      vars: c.req.valid("json").variables,
    }),
    200,
  );
const cancel: H<typeof cancelInstanceRoute> = async (c) =>
  c.json(
    await instanceAction(actorOf(c), {
      id: c.req.valid("param").id,
      action: "cancel",
      reason: c.req.valid("json").reason,
    }),
    200,
  );
const suspend: H<typeof suspendInstanceRoute> = async (c) =>
  c.json(await instanceAction(actorOf(c), { id: c.req.valid("param").id, action: "suspend" }), 200);
const resume: H<typeof resumeInstanceRoute> = async (c) =>
  c.json(await instanceAction(actorOf(c), { id: c.req.valid("param").id, action: "resume" }), 200);
const incidents: H<typeof listIncidentsRoute> = async (c) =>
  c.json(await listIncidents(actorOf(c), c.req.valid("query")), 200);
const retry: H<typeof retryIncidentRoute> = async (c) =>
  c.json(
    await resolveIncident(actorOf(c), { incidentId: c.req.valid("param").id, how: "retry" }),
    200,
  );
const skip: H<typeof skipIncidentRoute> = async (c) =>
  c.json(
    await resolveIncident(actorOf(c), { incidentId: c.req.valid("param").id, how: "skip" }),
    200,
  );
const migrateAll: H<typeof migrateRoute> = async (c) =>
  c.json(
    await migrate(actorOf(c), {
      definitionId: c.req.valid("param").definitionId,
      input: c.req.valid("json"),
    }),
    200,
  );
const migrations: H<typeof listMigrationsRoute> = async (c) =>
  c.json(await listMigrations(actorOf(c), c.req.valid("param").definitionId), 200);

/** /api/workflow: instances, incidents and migrations. */
export function mountInstances(app: OpenAPIHono<AppEnv>) {
  app.openapi(listInstancesRoute, list);
  app.openapi(startInstanceRoute, start);
  app.openapi(getInstanceRoute, get);
  app.openapi(instanceHistoryRoute, history);
  app.openapi(setVariablesRoute, variables);
  app.openapi(cancelInstanceRoute, cancel);
  app.openapi(suspendInstanceRoute, suspend);
  app.openapi(resumeInstanceRoute, resume);
  app.openapi(listIncidentsRoute, incidents);
  app.openapi(retryIncidentRoute, retry);
  app.openapi(skipIncidentRoute, skip);
  app.openapi(migrateRoute, migrateAll);
  app.openapi(listMigrationsRoute, migrations);
}
