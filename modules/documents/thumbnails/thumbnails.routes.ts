import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../../../platform/identity/public.ts";
import { ThumbnailQuery } from "./thumbnails.schemas.ts";

export const thumbnailRoute = createRoute({
  method: "get",
  path: "/files/{id}/thumbnail",
  tags: ["documents"],
  operationId: "getDocumentFileThumbnail",
  summary: "A file's thumbnail (small) or preview image (large) as WebP; 404 while there is none",
  middleware: [requirePermission("documents.file.read")] as const,
  request: { params: IdParam, query: ThumbnailQuery },
  responses: {
    200: {
      description: "The image",
      content: { "image/webp": { schema: z.string().openapi({ format: "binary" }) } },
    },
    304: { description: "Not modified (ETag)" },
    ...errorResponses(400, 401, 403, 404),
  },
});
