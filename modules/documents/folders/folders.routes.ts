import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../../../platform/identity/public.ts";
import {
  FolderSchema,
  NewFolderBody,
  PatchFolderBody,
  PermissionsBody,
  PermissionsSchema,
} from "./folders.schemas.ts";

const tags = ["documents"];
const read = requirePermission("documents.folder.read");
const write = requirePermission("documents.folder.write");

export const folderTreeRoute = createRoute({
  method: "get",
  path: "/folders",
  tags,
  summary: "The folder tree (every folder the caller may see, with parentId)",
  middleware: [read] as const,
  responses: {
    200: jsonResponse(z.object({ items: z.array(FolderSchema) }), "Folders"),
    ...errorResponses(401, 403),
  },
});

export const createFolderRoute = createRoute({
  method: "post",
  path: "/folders",
  tags,
  summary: "Create a folder",
  middleware: [write] as const,
  request: { body: jsonBody(NewFolderBody) },
  responses: {
    201: jsonResponse(FolderSchema, "Created"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const getFolderRoute = createRoute({
  method: "get",
  path: "/folders/{id}",
  tags,
  summary: "A folder",
  middleware: [read] as const,
  request: { params: IdParam },
  responses: { 200: jsonResponse(FolderSchema, "Folder"), ...errorResponses(400, 401, 403, 404) },
});

export const patchFolderRoute = createRoute({
  method: "patch",
  path: "/folders/{id}",
  tags,
  summary: "Rename or move a folder (not into its own subtree: 422)",
  middleware: [write] as const,
  request: { params: IdParam, body: jsonBody(PatchFolderBody) },
  responses: {
    200: jsonResponse(FolderSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const deleteFolderRoute = createRoute({
  method: "delete",
  path: "/folders/{id}",
  tags,
  summary: "Move a folder and its contents to the trash",
  middleware: [write] as const,
  request: { params: IdParam },
  responses: { 204: { description: "In the trash" }, ...errorResponses(400, 401, 403, 404) },
});

export const getPermissionsRoute = createRoute({
  method: "get",
  path: "/folders/{id}/permissions",
  tags,
  summary: "A folder's own permissions and whether it inherits its parent's",
  middleware: [read] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(PermissionsSchema, "Permissions"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const putPermissionsRoute = createRoute({
  method: "put",
  path: "/folders/{id}/permissions",
  tags,
  summary: "Replace a folder's permissions (needs manage access)",
  middleware: [write] as const,
  request: { params: IdParam, body: jsonBody(PermissionsBody) },
  responses: {
    200: jsonResponse(PermissionsSchema, "Permissions"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});
