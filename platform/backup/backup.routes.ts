import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { requireOperator } from "../../shared/rbac/permissions.ts";

export const backupRoute = createRoute({
  method: "get",
  path: "/backup",
  tags: ["admin"],
  summary: "Download a consistent backup of the embedded database (platform operators)",
  description: "A gzipped tar of the embedded database's data directory, taken while the " +
    "server holds its only connection idle (no transaction half in it). Restore it with " +
    "`deno task restore`. With PostgreSQL (DATABASE_URL) this answers 409: use pg_dump.",
  operationId: "downloadBackup",
  middleware: [requireOperator] as const,
  responses: {
    200: {
      description: "The backup",
      content: { "application/gzip": { schema: { type: "string", format: "binary" } } },
    },
    ...errorResponses(401, 403, 409),
  },
});
