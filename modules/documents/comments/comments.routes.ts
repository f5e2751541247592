import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../../../platform/identity/public.ts";
import { CommentBody, DocumentCommentSchema } from "./comments.schemas.ts";

const tags = ["documents"];
const read = requirePermission("documents.file.read");
const Page = pageSchema(DocumentCommentSchema, "DocumentCommentPage");

const objectRoutes = (type: "file" | "folder", plural: "files" | "folders") => {
  const Name = type === "file" ? "File" : "Folder";
  return {
    list: createRoute({
      operationId: `listDocument${Name}Comments`,
      method: "get",
      path: `/${plural}/{id}/comments`,
      tags,
      summary: `A ${type}'s comments, oldest first (needs read access to it)`,
      middleware: [read] as const,
      request: { params: IdParam, query: PageQuery },
      responses: { 200: jsonResponse(Page, "Comments"), ...errorResponses(400, 401, 403, 404) },
    }),
    add: createRoute({
      operationId: `addDocument${Name}Comment`,
      method: "post",
      path: `/${plural}/{id}/comments`,
      tags,
      summary: `Comment on a ${type} (Markdown; @mentions notify members who may open it)`,
      middleware: [read] as const,
      request: { params: IdParam, body: jsonBody(CommentBody) },
      responses: {
        201: jsonResponse(DocumentCommentSchema, "Created"),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
  };
};

export const fileCommentRoutes = objectRoutes("file", "files");
export const folderCommentRoutes = objectRoutes("folder", "folders");

export const editCommentRoute = createRoute({
  operationId: "updateDocumentComment",
  method: "patch",
  path: "/comments/{id}",
  tags,
  summary: "Edit one's own comment (newly mentioned members are notified)",
  middleware: [read] as const,
  request: { params: IdParam, body: jsonBody(CommentBody) },
  responses: {
    200: jsonResponse(DocumentCommentSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteCommentRoute = createRoute({
  operationId: "deleteDocumentComment",
  method: "delete",
  path: "/comments/{id}",
  tags,
  summary: "Delete one's own comment",
  middleware: [read] as const,
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses(400, 401, 403, 404) },
});
