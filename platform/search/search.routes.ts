import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonResponse } from "../../shared/http/route-helpers.ts";
import { SearchQuery, SearchResultsSchema } from "./search.schemas.ts";

export const searchRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["platform"],
  summary: "Search every module at once, grouped by module; only what the caller may see",
  description: "Each module searches its own records (Support: tickets and customers; " +
    "Documents: files and folders; Projects: projects and tasks) with the same folding, so " +
    "`YAZICISI` finds “yazıcısı” and `istanbul` finds “İSTANBUL”. Modules without hits are left out.",
  operationId: "search",
  request: { query: SearchQuery },
  responses: {
    200: jsonResponse(SearchResultsSchema, "Results grouped by module"),
    ...errorResponses(400, 401),
  },
});
