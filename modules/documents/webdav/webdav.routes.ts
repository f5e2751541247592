import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../../../platform/identity/public.ts";

export const BrokenLock = z.object({ broken: z.number().int() }).openapi("BrokenLock");

export const breakLockRoute = createRoute({
  method: "delete",
  path: "/files/{id}/lock",
  operationId: "breakFileLock",
  tags: ["documents"],
  summary: "Break the WebDAV locks on a file (administrators; audited)",
  middleware: [requirePermission("documents.file.write")] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(BrokenLock, "The locks ended"),
    ...errorResponses(400, 401, 403, 404),
  },
});
