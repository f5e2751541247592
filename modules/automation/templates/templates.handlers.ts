import { createRoute, type OpenAPIHono, type RouteHandler, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { AGENT_KINDS } from "../common/common.schemas.ts";
import { templatesIn } from "./templates.lib.ts";

const TemplateSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(AGENT_KINDS),
  icon: z.string(),
  config: z.record(z.string(), z.unknown()),
  code: z.string(),
  grants: z.array(z.string()),
  job: z.object({
    triggerKind: z.enum(["cron", "manual", "event"]),
    cron: z.string().optional(),
    input: z.record(z.string(), z.unknown()),
  }),
}).openapi("AutomationAgentTemplate");

export const listTemplatesRoute = createRoute({
  operationId: "listAutomationAgentTemplates",
  method: "get",
  path: "/agent-templates",
  tags: ["automation"],
  summary: "Starting points for new agents, in the reader's language",
  middleware: [requirePermission("automation.agent.read")],
  responses: {
    200: jsonResponse(
      z.object({ items: z.array(TemplateSchema) }).openapi("AutomationAgentTemplateList"),
      "Templates",
    ),
    ...errorResponses(401, 403),
  },
});

const list: RouteHandler<typeof listTemplatesRoute, AppEnv> = (c) =>
  c.json({ items: templatesIn(c.var.locale) }, 200);

export const mountTemplates = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(listTemplatesRoute, list);
};
