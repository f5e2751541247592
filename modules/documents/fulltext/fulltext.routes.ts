import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../../../platform/identity/public.ts";
import { TextIndexSchema } from "./fulltext.schemas.ts";

export const textIndexRoute = createRoute({
  method: "get",
  path: "/files/{id}/text-index",
  tags: ["documents"],
  summary: "Whether a file's text is searchable, or why not (full-text search)",
  middleware: [requirePermission("documents.file.read")] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(TextIndexSchema, "The file's text index state"),
    ...errorResponses(400, 401, 403, 404),
  },
});
