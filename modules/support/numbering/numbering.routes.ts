import { createRoute } from "@hono/zod-openapi";
import { crudRoutes } from "../common/crud.routes.ts";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../common/common.schemas.ts";
import {
  NextNumber,
  NumberingTemplateInput,
  NumberingTemplateSchema,
  NumberingTemplateUpdate,
} from "./numbering.schemas.ts";

export const numberingRoutes = crudRoutes({
  path: "/numbering-template",
  name: "SupportNumberingTemplate",
  noun: "numbering template",
  item: NumberingTemplateSchema,
  create: NumberingTemplateInput,
  update: NumberingTemplateUpdate,
  read: "support.template.read",
  write: "support.template.write",
});

export const nextNumberRoute = createRoute({
  method: "get",
  path: "/numbering-template/{id}/next",
  tags: ["support"],
  summary: "The number the next ticket would get from this template (nothing is reserved)",
  middleware: [requirePermission("support.template.read")] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(NextNumber, "Next number"),
    ...errorResponses(400, 401, 403, 404),
  },
});
