import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../common/common.schemas.ts";
import { MergeInput, MergeResult } from "./merge.schemas.ts";

export const mergeTicketRoute = createRoute({
  operationId: "mergeSupportTicket",
  method: "post",
  path: "/support-ticket/{id}/merge",
  tags: ["support"],
  summary:
    "Merge a ticket into another: comments, files, mail thread and tags move; the ticket is closed with a link (422: itself, merged or closed)",
  middleware: [requirePermission("support.ticket.write")],
  request: { params: IdParam, body: jsonBody(MergeInput) },
  responses: {
    200: jsonResponse(MergeResult, "Merged"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});
