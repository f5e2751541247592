import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { csvResponse } from "../../../shared/http/csv.ts";
import { auditCsvRoute, listAuditRoute } from "./audit.routes.ts";
import { auditCsv, listAudit } from "./audit.service.ts";

const list: RouteHandler<typeof listAuditRoute, AppEnv> = async (c) =>
  c.json(await listAudit(actorOf(c), c.req.valid("query")), 200);

const exportCsv: RouteHandler<typeof auditCsvRoute, AppEnv> = async (c) => {
  const out = await auditCsv(actorOf(c), c.req.valid("query"));
  const res = csvResponse(
    c,
    `workflow-audit-${new Date().toISOString().slice(0, 10)}.csv`,
    out.csv,
  );
  if (out.truncated) res.headers.set("X-Truncated", "true");
  return res as never;
};

/** GET /api/workflow/audit and /api/workflow/audit.csv. */
export function mountAudit(api: OpenAPIHono<AppEnv>) {
  api.openapi(listAuditRoute, list);
  api.openapi(auditCsvRoute, exportCsv);
}
