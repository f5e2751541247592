import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { csvResponse } from "../../shared/http/csv.ts";
import { tr } from "../../ui/render.tsx";
import * as routes from "./audit.routes.ts";
import { auditCsv, listAudit, listOperatorAudit, operatorAuditCsv } from "./audit.service.ts";
import type {
  exportAuditRoute,
  exportOperatorAuditRoute,
  listAuditRoute,
  listOperatorAuditRoute,
} from "./audit.routes.ts";

/** Whom the CSV is written for: their language, the workspace's time zone. */
const reader = (c: Context<AppEnv>) => ({
  t: tr(c),
  locale: c.var.locale,
  timeZone: c.var.timeZone ?? "UTC",
});

/** The CSV download; X-Truncated when the cap cut it short. */
function download(c: Context<AppEnv>, name: string, out: { csv: string; truncated: boolean }) {
  const res = csvResponse(c, `${name}-${new Date().toISOString().slice(0, 10)}.csv`, out.csv);
  if (out.truncated) res.headers.set("X-Truncated", "true");
  return res;
}

export const listAuditHandler: RouteHandler<typeof listAuditRoute, AppEnv> = async (c) =>
  c.json(
    await listAudit(actorOf(c), { ...c.req.valid("query"), timeZone: c.var.timeZone ?? "UTC" }),
    200,
  );

export const exportAuditHandler: RouteHandler<typeof exportAuditRoute, AppEnv> = async (c) =>
  download(c, "audit", await auditCsv(actorOf(c), { ...c.req.valid("query"), reader: reader(c) }));

export const listOperatorAuditHandler: RouteHandler<typeof listOperatorAuditRoute, AppEnv> = async (
  c,
) =>
  c.json(
    await listOperatorAudit(actorOf(c), {
      ...c.req.valid("query"),
      timeZone: c.var.timeZone ?? "UTC",
    }),
    200,
  );

export const exportOperatorAuditHandler: RouteHandler<typeof exportOperatorAuditRoute, AppEnv> =
  async (c) =>
    download(
      c,
      "audit-all",
      await operatorAuditCsv(actorOf(c), { ...c.req.valid("query"), reader: reader(c) }),
    );

/** /api/admin/audit: the workspace's identity trail; /api/admin/audit/all: every workspace's. */
export function mountAudit(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(routes.listAuditRoute, listAuditHandler)
    .openapi(routes.exportAuditRoute, exportAuditHandler)
    .openapi(routes.listOperatorAuditRoute, listOperatorAuditHandler)
    .openapi(routes.exportOperatorAuditRoute, exportOperatorAuditHandler);
}
