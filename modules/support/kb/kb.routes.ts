import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { Deleted, IdParam } from "../common/common.schemas.ts";
import {
  KbArticleInput,
  KbArticleList,
  KbArticleQuery,
  KbArticleSchema,
  KbArticleUpdate,
  KbCategoryInput,
  KbCategoryList,
  KbCategorySchema,
  KbFromCommentInput,
  KbImageList,
  KbImageParams,
  KbReport,
  KbReportQuery,
  KbSearchQuery,
  KbSearchResult,
} from "./kb.schemas.ts";

const tags = ["support"];
const read = [requirePermission("support.kb.read")];
const write = [requirePermission("support.kb.write")];

/** Image uploads and reads stream (manifest streamingPaths): the API's and the editor's. */
export const KB_STREAMING_PATHS = [
  /^\/api\/support\/kb\/articles\/[^/]+\/images(\/[^/]+)?$/,
  /^\/support\/kb\/[^/]+\/images(\/[^/]+)?$/,
];

export const listKbCategoriesRoute = createRoute({
  operationId: "listSupportKbCategories",
  method: "get",
  path: "/kb/categories",
  tags,
  summary: "Knowledge-base categories in order, with their article counts",
  middleware: read,
  responses: { 200: jsonResponse(KbCategoryList, "Categories"), ...errorResponses(401, 403) },
});

export const createKbCategoryRoute = createRoute({
  operationId: "createSupportKbCategory",
  method: "post",
  path: "/kb/categories",
  tags,
  summary: "Add a category (a name in English, Turkish or both)",
  middleware: write,
  request: { body: jsonBody(KbCategoryInput) },
  responses: { 201: jsonResponse(KbCategorySchema, "Created"), ...errorResponses(400, 401, 403) },
});

export const updateKbCategoryRoute = createRoute({
  operationId: "updateSupportKbCategory",
  method: "put",
  path: "/kb/categories/{id}",
  tags,
  summary: "Change a category",
  middleware: write,
  request: { params: IdParam, body: jsonBody(KbCategoryInput) },
  responses: {
    200: jsonResponse(KbCategorySchema, "Updated"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteKbCategoryRoute = createRoute({
  operationId: "deleteSupportKbCategory",
  method: "delete",
  path: "/kb/categories/{id}",
  tags,
  summary: "Delete a category (its articles stay, without a category)",
  middleware: write,
  request: { params: IdParam },
  responses: { 200: jsonResponse(Deleted, "Deleted"), ...errorResponses(400, 401, 403, 404) },
});

export const listKbArticlesRoute = createRoute({
  operationId: "listSupportKbArticles",
  method: "get",
  path: "/kb/articles",
  tags,
  summary: "Articles (drafts and internal ones too), most recently changed first",
  middleware: read,
  request: { query: KbArticleQuery },
  responses: { 200: jsonResponse(KbArticleList, "Articles"), ...errorResponses(400, 401, 403) },
});

export const searchKbRoute = createRoute({
  operationId: "searchSupportKb",
  method: "get",
  path: "/kb/search",
  tags,
  summary:
    "Search articles: Turkish letters folded, typos tolerated (trigrams), snippets with <mark>; scope=public limits to what the help centre shows",
  middleware: read,
  request: { query: KbSearchQuery },
  responses: { 200: jsonResponse(KbSearchResult, "Matches"), ...errorResponses(400, 401, 403) },
});

export const kbReportRoute = createRoute({
  operationId: "getSupportKbReport",
  method: "get",
  path: "/kb/report",
  tags,
  summary: "Deflection report: helpful, not helpful and solved-by counts per article",
  middleware: read,
  request: { query: KbReportQuery },
  responses: { 200: jsonResponse(KbReport, "Counts"), ...errorResponses(400, 401, 403) },
});

export const createKbArticleRoute = createRoute({
  operationId: "createSupportKbArticle",
  method: "post",
  path: "/kb/articles",
  tags,
  summary: "Add an article (a draft), with its English and/or Turkish version",
  middleware: write,
  request: { body: jsonBody(KbArticleInput) },
  responses: {
    201: jsonResponse(KbArticleSchema, "Created"),
    ...errorResponses(400, 401, 403, 409),
  },
});

export const kbArticleFromCommentRoute = createRoute({
  operationId: "createSupportKbArticleFromComment",
  method: "post",
  path: "/kb/articles/from-comment",
  tags,
  summary: "Turn a ticket's public reply into a draft article (the ticket's subject as title)",
  middleware: write,
  request: {
    body: jsonBody(KbFromCommentInput.extend({ locale: z.enum(["en", "tr"]).default("en") })),
  },
  responses: {
    201: jsonResponse(KbArticleSchema, "Created"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const getKbArticleRoute = createRoute({
  operationId: "getSupportKbArticle",
  method: "get",
  path: "/kb/articles/{id}",
  tags,
  summary: "One article with both language versions, related articles and feedback counts",
  middleware: read,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(KbArticleSchema, "The article"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const updateKbArticleRoute = createRoute({
  operationId: "updateSupportKbArticle",
  method: "patch",
  path: "/kb/articles/{id}",
  tags,
  summary: "Change an article (only the fields given; relatedIds replaces the related articles)",
  middleware: write,
  request: { params: IdParam, body: jsonBody(KbArticleUpdate) },
  responses: {
    200: jsonResponse(KbArticleSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const deleteKbArticleRoute = createRoute({
  operationId: "deleteSupportKbArticle",
  method: "delete",
  path: "/kb/articles/{id}",
  tags,
  summary: "Delete an article",
  middleware: write,
  request: { params: IdParam },
  responses: { 200: jsonResponse(Deleted, "Deleted"), ...errorResponses(400, 401, 403, 404) },
});

export const publishKbArticleRoute = createRoute({
  operationId: "publishSupportKbArticle",
  method: "post",
  path: "/kb/articles/{id}/publish",
  tags,
  summary: "Publish an article (a public one then shows in the help centre)",
  middleware: write,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(KbArticleSchema, "Published"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const unpublishKbArticleRoute = createRoute({
  operationId: "unpublishSupportKbArticle",
  method: "post",
  path: "/kb/articles/{id}/unpublish",
  tags,
  summary: "Back to draft (it leaves the help centre)",
  middleware: write,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(KbArticleSchema, "A draft again"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const listKbImagesRoute = createRoute({
  operationId: "listSupportKbArticleImages",
  method: "get",
  path: "/kb/articles/{id}/images",
  tags,
  summary: "An article's images (stored in Documents), with the markdown that shows each",
  middleware: read,
  request: { params: IdParam },
  responses: { 200: jsonResponse(KbImageList, "Images"), ...errorResponses(400, 401, 403, 404) },
});

export const uploadKbImagesRoute = createRoute({
  operationId: "uploadSupportKbArticleImages",
  method: "post",
  path: "/kb/articles/{id}/images",
  tags,
  summary:
    "Add images to an article (multipart/form-data, parts named file; PNG, JPEG, GIF, WebP, AVIF)",
  middleware: [requirePermission("support.kb.write")] as const,
  request: {
    params: IdParam,
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z.object({ file: z.string().openapi({ format: "binary" }) }),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(KbImageList, "Stored"),
    ...errorResponses(400, 401, 403, 404, 413, 422),
  },
});

export const getKbImageRoute = createRoute({
  operationId: "getSupportKbArticleImage",
  method: "get",
  path: "/kb/articles/{id}/images/{fileId}",
  tags,
  summary: "One image of an article, inline",
  middleware: read,
  request: { params: KbImageParams },
  responses: {
    200: {
      description: "The image",
      content: { "image/*": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});
