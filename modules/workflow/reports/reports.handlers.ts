import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  createReportRoute,
  deleteReportRoute,
  getReportRoute,
  listReportsRoute,
  listSnapshotsRoute,
  reportDataRoute,
  takeSnapshotRoute,
  updateReportRoute,
} from "./reports.routes.ts";
import {
  createReport,
  listReports,
  loadReport,
  removeReport,
  replaceReport,
  reportData,
} from "./reports.service.ts";
import { listSnapshots, takeSnapshot } from "./reports.archive.service.ts";
import "./reports.messages.ts";

const list: RouteHandler<typeof listReportsRoute, AppEnv> = async (c) =>
  c.json(await listReports(actorOf(c), c.var.locale), 200);
const create: RouteHandler<typeof createReportRoute, AppEnv> = async (c) =>
  c.json(await createReport(actorOf(c), c.req.valid("json")), 201);
const get: RouteHandler<typeof getReportRoute, AppEnv> = async (c) =>
  c.json(await loadReport(actorOf(c), { id: c.req.valid("param").id, l: c.var.locale }), 200);
const update: RouteHandler<typeof updateReportRoute, AppEnv> = async (c) =>
  c.json(
    await replaceReport(actorOf(c), { id: c.req.valid("param").id, input: c.req.valid("json") }),
    200,
  );
const remove: RouteHandler<typeof deleteReportRoute, AppEnv> = async (c) => {
  await removeReport(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};
const data: RouteHandler<typeof reportDataRoute, AppEnv> = async (c) =>
  c.json(
    (await reportData(actorOf(c), { id: c.req.valid("param").id, l: c.var.locale })).data,
    200,
  );
const snapshots: RouteHandler<typeof listSnapshotsRoute, AppEnv> = async (c) => {
  const { items } = await listSnapshots(actorOf(c), {
    id: c.req.valid("param").id,
    l: c.var.locale,
  });
  return c.json({ items }, 200);
};
const snap: RouteHandler<typeof takeSnapshotRoute, AppEnv> = async (c) =>
  c.json(await takeSnapshot(actorOf(c), { id: c.req.valid("param").id, l: c.var.locale }), 201);

/** /api/workflow/reports… */
export function mountReports(app: OpenAPIHono<AppEnv>) {
  app.openapi(listReportsRoute, list);
  app.openapi(createReportRoute, create);
  app.openapi(getReportRoute, get);
  app.openapi(updateReportRoute, update);
  app.openapi(deleteReportRoute, remove);
  app.openapi(reportDataRoute, data);
  app.openapi(listSnapshotsRoute, snapshots);
  app.openapi(takeSnapshotRoute, snap);
}
