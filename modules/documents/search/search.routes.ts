import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { TYPE_PATTERNS } from "./search.repo.ts";

const q = (name: string) => ({ param: { name, in: "query" as const } });
const when = z.iso.datetime({ offset: true }).or(z.iso.date());

export const SearchQuery = PageQuery.extend({
  q: z.string().max(200).optional().openapi({
    ...q("q"),
    description: "Part of a name, or words inside a file's text (PDF, DOCX, XLSX, ODT, text, " +
      "markdown, CSV, HTML); case, accents and Turkish i/ı/İ do not matter",
  }),
  type: z.enum(["file", "folder", ...Object.keys(TYPE_PATTERNS)]).optional().openapi(q("type")),
  from: when.optional().openapi(q("from")),
  to: when.optional().openapi(q("to")),
  minSize: z.coerce.number().int().min(0).optional().openapi(q("minSize")),
  maxSize: z.coerce.number().int().min(0).optional().openapi(q("maxSize")),
  owner: z.uuid().optional().openapi(q("owner")),
  folderId: z.uuid().optional().openapi(q("folderId")),
  tag: z.uuid().optional().openapi({ ...q("tag"), description: "Only items with this tag (id)" }),
});

export const SearchItem = z.object({
  kind: z.enum(["file", "folder"]),
  id: z.uuid(),
  name: z.string(),
  folderId: z.uuid().nullable(),
  contentType: z.string().nullable(),
  size: z.number().nullable(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  path: z.string(),
  snippet: z.string().nullable().openapi({
    description: "When the file's text matched: HTML, the text around the match escaped, " +
      "every match in <mark>",
  }),
}).openapi("DocumentSearchItem");

export const searchRoute = createRoute({
  method: "get",
  path: "/search",
  tags: ["documents"],
  summary: "Search files and folders by name, with filters; only what the caller may see",
  middleware: [requirePermission("documents.file.read")] as const,
  request: { query: SearchQuery },
  responses: {
    200: jsonResponse(pageSchema(SearchItem, "DocumentSearchPage"), "Results"),
    ...errorResponses(400, 401, 403, 404),
  },
});
