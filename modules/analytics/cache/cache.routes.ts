import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { SheetParam } from "../dashboard/widgets.schemas.ts";
import { CacheSettings } from "./cache.schemas.ts";

const tags = ["analytics"];
// The app's own access decides the rest: view reads, edit changes (in the service).
const middleware = [requirePermission("analytics.sheet.read")];

export const getSheetCacheRoute = createRoute({
  operationId: "getAnalyticsSheetCache",
  method: "get",
  path: "/sheets/{sheetId}/cache",
  tags,
  summary: "How long the sheet keeps its widgets' results (view access)",
  middleware,
  request: { params: SheetParam },
  responses: {
    200: jsonResponse(CacheSettings, "The sheet's result cache"),
    ...errorResponses(401, 403, 404),
  },
});

export const putSheetCacheRoute = createRoute({
  operationId: "putAnalyticsSheetCache",
  method: "put",
  path: "/sheets/{sheetId}/cache",
  tags,
  summary: "Set how long the sheet keeps its widgets' results: off, 1 min, 5 min, 1 h, 1 day " +
    "(edit access)",
  middleware,
  request: { params: SheetParam, body: jsonBody(CacheSettings) },
  responses: {
    200: jsonResponse(CacheSettings, "The sheet's result cache as stored"),
    ...errorResponses(400, 401, 403, 404),
  },
});
