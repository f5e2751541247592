import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../../../platform/identity/public.ts";

const tags = ["documents"];
const write = requirePermission("documents.file.write");

export const TrashItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(["file", "folder"]),
  name: z.string(),
  size: z.number(),
  folderId: z.uuid().nullable(),
  deletedAt: z.string(),
  deletedBy: z.uuid().nullable(),
  deletedByName: z.string().nullable(),
  itemCount: z.number().int(),
}).openapi("DocumentTrashItem");

export const listTrashRoute = createRoute({
  method: "get",
  path: "/trash",
  tags,
  summary: "The trash, newest first",
  middleware: [write] as const,
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(pageSchema(TrashItemSchema, "DocumentTrashPage"), "Trash"),
    ...errorResponses(400, 401, 403),
  },
});

export const restoreRoute = createRoute({
  method: "post",
  path: "/trash/{id}/restore",
  tags,
  summary: "Restore a file or folder where it was (to the root when that folder is gone)",
  middleware: [write] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(
      z.object({
        id: z.uuid(),
        kind: z.enum(["file", "folder"]),
        folderId: z.uuid().nullable(),
        movedToRoot: z.boolean(),
      }).openapi("DocumentRestored"),
      "Restored",
    ),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const purgeRoute = createRoute({
  method: "delete",
  path: "/trash/{id}",
  tags,
  summary: "Delete a trash item permanently (its bytes too)",
  middleware: [write] as const,
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses(400, 401, 403, 404) },
});

export const emptyTrashRoute = createRoute({
  method: "delete",
  path: "/trash",
  tags,
  summary: "Empty the trash (the caller's deletions; everything for admins)",
  middleware: [write] as const,
  responses: {
    200: jsonResponse(z.object({ purged: z.number().int() }), "Emptied"),
    ...errorResponses(401, 403),
  },
});
