import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { StatusSchema } from "../common/common.schemas.ts";

export const StatusDefinition = z.object({
  value: StatusSchema,
  /** Label per language code. */
  labels: z.record(z.string(), z.string()),
  /** Statuses a ticket may move to from here. */
  next: z.array(StatusSchema),
  open: z.boolean(),
}).openapi("SupportStatusDefinition");

export const statusRoute = createRoute({
  method: "get",
  path: "/status",
  tags: ["support"],
  summary: "Ticket status definitions with labels per language and allowed moves",
  middleware: [requirePermission("support.ticket.read")] as const,
  responses: {
    200: jsonResponse(z.object({ items: z.array(StatusDefinition) }), "Statuses"),
    ...errorResponses(401, 403),
  },
});
