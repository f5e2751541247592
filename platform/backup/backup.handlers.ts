/**
 * GET /api/admin/backup: a consistent backup of a running installation's embedded database,
 * for operators (deno task backup refuses while the server runs and points here).
 */
import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../shared/http/env.ts";
import { problems } from "../../shared/http/problem.ts";
import { backupRoute } from "./backup.routes.ts";

export const backupHandler: RouteHandler<typeof backupRoute, AppEnv> = async (c) => {
  const { db } = c.var.platform;
  if (!db.dump) {
    throw problems.conflict(
      "This installation runs on PostgreSQL: back it up with pg_dump (see docs/operations.md, Backup and restore).",
    );
  }
  const blob = await db.dump();
  const name = `backup-${new Date().toISOString().slice(0, 19).replace(/:/g, "")}.tar.gz`;
  return new Response(blob.stream(), {
    status: 200,
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(blob.size),
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  }) as never;
};

/** /api/admin/backup. */
export function mountBackup(api: OpenAPIHono<AppEnv>) {
  api.openapi(backupRoute, backupHandler);
}
