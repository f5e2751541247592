import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { MANAGE_PERMISSION } from "./instances.rules.ts";
import { IdParam } from "./instances.schemas.ts";
import { ModificationInput, ModificationResultSchema } from "./modification.schemas.ts";

export const modifyInstanceRoute = createRoute({
  operationId: "modifyWorkflowProcess",
  method: "post",
  path: "/process/{id}/modification",
  tags: ["workflow"],
  summary:
    "Modify a running instance (admins): start before or after activities, cancel activity " +
    "instances; applied in order in one step, all or nothing, recorded in its history",
  middleware: [requirePermission("workflow.process.read", MANAGE_PERMISSION)],
  request: { params: IdParam, body: jsonBody(ModificationInput) },
  responses: {
    200: jsonResponse(ModificationResultSchema, "What was started and cancelled"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});
