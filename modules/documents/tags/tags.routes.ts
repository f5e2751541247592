import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../../../platform/identity/public.ts";
import { CreateTagBody, ObjectTagsBody, TaggedItem, TagList, TagSchema } from "./tags.schemas.ts";

const tags = ["documents"];
const read = requirePermission("documents.file.read");
const write = requirePermission("documents.file.write");

export const listTagsRoute = createRoute({
  operationId: "listDocumentTags",
  method: "get",
  path: "/tags",
  tags,
  summary: "The workspace's tags (name and colour), by name",
  middleware: [read] as const,
  responses: { 200: jsonResponse(TagList, "Tags"), ...errorResponses(401, 403) },
});

export const createTagRoute = createRoute({
  operationId: "createDocumentTag",
  method: "post",
  path: "/tags",
  tags,
  summary: "Add a tag to the workspace's vocabulary (names are unique, case and accents aside)",
  middleware: [write] as const,
  request: { body: jsonBody(CreateTagBody) },
  responses: {
    201: jsonResponse(TagSchema, "Created"),
    ...errorResponses(400, 401, 403, 409),
  },
});

export const taggedRoute = createRoute({
  operationId: "listDocumentsByTag",
  method: "get",
  path: "/tags/{id}/items",
  tags,
  summary: "Files and folders with a tag, among those the caller may see",
  middleware: [read] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(z.object({ items: z.array(TaggedItem) }), "Tagged items"),
    ...errorResponses(400, 401, 403, 404),
  },
});

const objectRoutes = (type: "file" | "folder", plural: "files" | "folders") => {
  const Name = type === "file" ? "File" : "Folder";
  return {
    get: createRoute({
      operationId: `getDocument${Name}Tags`,
      method: "get",
      path: `/${plural}/{id}/tags`,
      tags,
      summary: `A ${type}'s tags (needs read access to it)`,
      middleware: [read] as const,
      request: { params: IdParam },
      responses: { 200: jsonResponse(TagList, "Tags"), ...errorResponses(400, 401, 403, 404) },
    }),
    put: createRoute({
      operationId: `setDocument${Name}Tags`,
      method: "put",
      path: `/${plural}/{id}/tags`,
      tags,
      summary: `Set a ${type}'s tags (the whole set; needs edit access to it)`,
      middleware: [write] as const,
      request: { params: IdParam, body: jsonBody(ObjectTagsBody) },
      responses: {
        200: jsonResponse(TagList, "The tags now"),
        ...errorResponses(400, 401, 403, 404, 422),
      },
    }),
  };
};

export const fileTagsRoutes = objectRoutes("file", "files");
export const folderTagsRoutes = objectRoutes("folder", "folders");
