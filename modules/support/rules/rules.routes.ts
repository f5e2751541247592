import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { Deleted, IdParam } from "../common/common.schemas.ts";
import { RuleToggle, SupportRule, SupportRuleInput } from "./rules.schemas.ts";

const tags = ["support"];
export const RULES_READ = "support.settings.read";
export const RULES_WRITE = "admin.notification.write";

export const listRulesRoute = createRoute({
  method: "get",
  path: "/notification-rules",
  tags,
  summary: "Notification rules on Support events",
  middleware: [requirePermission(RULES_READ)],
  responses: {
    200: jsonResponse(z.object({ items: z.array(SupportRule) }), "Rules"),
    ...errorResponses(401, 403),
  },
});

export const createRuleRoute = createRoute({
  method: "post",
  path: "/notification-rules",
  tags,
  summary: "Add a rule: when a Support event is published and the condition holds, run actions",
  middleware: [requirePermission(RULES_WRITE)],
  request: { body: jsonBody(SupportRuleInput) },
  responses: { 201: jsonResponse(SupportRule, "Created"), ...errorResponses(400, 401, 403) },
});

export const toggleRuleRoute = createRoute({
  method: "put",
  path: "/notification-rules/{id}",
  tags,
  summary: "Turn a rule on or off",
  middleware: [requirePermission(RULES_WRITE)],
  request: { params: IdParam, body: jsonBody(RuleToggle) },
  responses: { 200: jsonResponse(SupportRule, "Updated"), ...errorResponses(400, 401, 403, 404) },
});

export const deleteRuleRoute = createRoute({
  method: "delete",
  path: "/notification-rules/{id}",
  tags,
  summary: "Delete a rule",
  middleware: [requirePermission(RULES_WRITE)],
  request: { params: IdParam },
  responses: { 200: jsonResponse(Deleted, "Deleted"), ...errorResponses(400, 401, 403, 404) },
});
