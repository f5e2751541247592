import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  createJobRoute,
  deleteJobRoute,
  disableJobRoute,
  enableJobRoute,
  getJobRoute,
  inboundHookRoute,
  listJobsRoute,
  nextRunsRoute,
  previewScheduleRoute,
  runJobRoute,
  updateJobRoute,
  webhookSecretRoute,
} from "./jobs.routes.ts";
import {
  createJob,
  deleteJob,
  getJob,
  jobNextRuns,
  listJobs,
  previewSchedule,
  regenerateWebhookSecret,
  runJobNow,
  setJobEnabled,
  updateJob,
} from "./jobs.service.ts";
import { receiveWebhook } from "./jobs.webhook.service.ts";
import { hookHeaders } from "./jobs.webhook.lib.ts";
import { eventNames } from "./jobs.rules.ts";

/** The events an event job may wait for: what the installed modules declare. */
const events = (c: Context<AppEnv>) => eventNames(c.var.platform.modules);

const list: RouteHandler<typeof listJobsRoute, AppEnv> = async (c) =>
  c.json(await listJobs(actorOf(c), c.req.valid("query")), 200);

const create: RouteHandler<typeof createJobRoute, AppEnv> = async (c) =>
  c.json(await createJob(actorOf(c), { job: c.req.valid("json"), events: events(c) }), 201);

const preview: RouteHandler<typeof previewScheduleRoute, AppEnv> = async (c) =>
  c.json(await previewSchedule(actorOf(c), c.req.valid("json")), 200);

const get: RouteHandler<typeof getJobRoute, AppEnv> = async (c) =>
  c.json(await getJob(actorOf(c), c.req.valid("param").id), 200);

const update: RouteHandler<typeof updateJobRoute, AppEnv> = async (c) =>
  c.json(
    await updateJob(actorOf(c), {
      id: c.req.valid("param").id,
      patch: c.req.valid("json"),
      events: events(c),
    }),
    200,
  );

const remove: RouteHandler<typeof deleteJobRoute, AppEnv> = async (c) => {
  await deleteJob(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};

const enable: RouteHandler<typeof enableJobRoute, AppEnv> = async (c) =>
  c.json(
    await setJobEnabled(actorOf(c), {
      id: c.req.valid("param").id,
      enabled: true,
      events: events(c),
    }),
    200,
  );

const disable: RouteHandler<typeof disableJobRoute, AppEnv> = async (c) =>
  c.json(
    await setJobEnabled(actorOf(c), {
      id: c.req.valid("param").id,
      enabled: false,
      events: events(c),
    }),
    200,
  );

const run: RouteHandler<typeof runJobRoute, AppEnv> = async (c) => {
  // The body is optional: none (or an empty one) runs with the job's own input.
  const body = (c.req.valid("json") ?? {}) as { input?: Record<string, unknown> };
  return c.json(
    await runJobNow(actorOf(c), { id: c.req.valid("param").id, override: body.input }),
    202,
  );
};

const next: RouteHandler<typeof nextRunsRoute, AppEnv> = async (c) =>
  c.json(
    await jobNextRuns(actorOf(c), {
      id: c.req.valid("param").id,
      count: c.req.valid("query").count,
    }),
    200,
  );

const secret: RouteHandler<typeof webhookSecretRoute, AppEnv> = async (c) =>
  c.json(await regenerateWebhookSecret(actorOf(c), c.req.valid("param").id), 200);

/** No session and no request transaction: the webhook opens the tenant's scope itself. */
const hook: RouteHandler<typeof inboundHookRoute, AppEnv> = async (c) => {
  const { tenantId, jobId } = c.req.valid("param");
  const queued = await receiveWebhook({ sql: c.var.platform.db.sql, bus: c.var.platform.bus }, {
    tenantId,
    jobId,
    secret: c.req.valid("header")["x-webhook-secret"] ?? c.req.valid("query").secret,
    body: c.req.valid("json") ?? null,
    headers: hookHeaders(c.req.raw.headers),
  });
  return c.json(queued, 202);
};

/**
 * Mount after the runs feature (`/jobs/history` must win over `/jobs/{id}`); the static
 * `/jobs/preview-schedule` is declared before `/jobs/{id}` for the same reason.
 */
export const mountJobs = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(listJobsRoute, list);
  app.openapi(createJobRoute, create);
  app.openapi(previewScheduleRoute, preview);
  app.openapi(getJobRoute, get);
  app.openapi(updateJobRoute, update);
  app.openapi(deleteJobRoute, remove);
  app.openapi(enableJobRoute, enable);
  app.openapi(disableJobRoute, disable);
  app.openapi(runJobRoute, run);
  app.openapi(nextRunsRoute, next);
  app.openapi(webhookSecretRoute, secret);
  app.openapi(inboundHookRoute, hook);
};

/** The public path of inbound webhooks (the lead adds it to the manifest's publicPaths). */
export const HOOK_PUBLIC_PATH = /^\/api\/automation\/hooks\/[^/]+\/[^/]+$/;
