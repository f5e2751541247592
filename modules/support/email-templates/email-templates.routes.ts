import { createRoute } from "@hono/zod-openapi";
import { crudRoutes } from "../common/crud.routes.ts";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  EmailTemplateInput,
  EmailTemplateQuery,
  EmailTemplateSchema,
  EmailTemplateUpdate,
  PreviewInput,
  PreviewOutput,
} from "./email-templates.schemas.ts";

export const emailTemplateRoutes = crudRoutes({
  path: "/email-template",
  name: "SupportEmailTemplate",
  noun: "e-mail template",
  item: EmailTemplateSchema,
  create: EmailTemplateInput,
  update: EmailTemplateUpdate,
  query: EmailTemplateQuery,
  read: "support.template.read",
  write: "support.template.write",
});

export const previewRoute = createRoute({
  method: "post",
  path: "/email-template/preview",
  tags: ["support"],
  summary: "Render a template with sample ticket and customer values",
  middleware: [requirePermission("support.template.read")] as const,
  request: { body: jsonBody(PreviewInput) },
  responses: {
    200: jsonResponse(PreviewOutput, "Rendered"),
    ...errorResponses(400, 401, 403),
  },
});
