/**
 * GET /api/admin/backup: a consistent backup of a running installation's embedded database,
 * for operators (deno task backup refuses while the server runs and points here).
 */
import { createRouter } from "../../shared/http/router.ts";
import { problems } from "../../shared/http/problem.ts";
import { backupRoute } from "./backup.routes.ts";

export const backupApi = createRouter().openapi(backupRoute, async (c) => {
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
});
