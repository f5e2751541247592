import { z } from "@hono/zod-openapi";
import { IncidentSchema } from "../instances/instances.schemas.ts";

export const DashboardSchema = z.object({
  processes: z.object({
    active: z.number().int(),
    suspended: z.number().int(),
    openIncidents: z.number().int(),
  }),
  tasks: z.object({
    mine: z.number().int(),
    pool: z.number().int(),
    overdue: z.number().int(),
  }),
  perDay: z.array(z.object({
    day: z.string(),
    started: z.number().int(),
    completed: z.number().int(),
  })),
  myNewestTasks: z.array(z.object({
    id: z.uuid(),
    name: z.string(),
    instanceId: z.uuid().nullable(),
    instanceName: z.string().nullable(),
    priority: z.string(),
    dueAt: z.string().nullable(),
    createdAt: z.string(),
  })),
  recentIncidents: z.array(IncidentSchema),
}).openapi("WorkflowDashboard");
export type Dashboard = z.infer<typeof DashboardSchema>;
