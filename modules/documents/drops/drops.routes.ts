import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../../../platform/identity/public.ts";
import { CreatedDropSchema, DropSchema, NewDropBody } from "./drops.schemas.ts";

const tags = ["documents"];

export const createDropRoute = createRoute({
  method: "post",
  path: "/folders/{id}/drops",
  operationId: "createDocumentDrop",
  tags,
  summary: "Make an upload-only link (file drop) for a folder; the link is returned once",
  middleware: [requirePermission("documents.share.write")] as const,
  request: { params: IdParam, body: jsonBody(NewDropBody) },
  responses: {
    201: jsonResponse(CreatedDropSchema, "Created"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const listDropsRoute = createRoute({
  method: "get",
  path: "/folders/{id}/drops",
  operationId: "listDocumentDrops",
  tags,
  summary: "The upload-only links of a folder",
  middleware: [requirePermission("documents.share.read")] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(z.object({ items: z.array(DropSchema) }), "Drop links"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const revokeDropRoute = createRoute({
  method: "delete",
  path: "/drops/{id}",
  operationId: "revokeDocumentDrop",
  tags,
  summary: "Revoke an upload-only link",
  middleware: [requirePermission("documents.share.write")] as const,
  request: { params: IdParam },
  responses: { 204: { description: "Revoked" }, ...errorResponses(400, 401, 403, 404) },
});
