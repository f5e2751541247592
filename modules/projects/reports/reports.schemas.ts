import { z } from "@hono/zod-openapi";

export const ReportQuery = z.object({
  projectId: z.uuid().optional(),
  format: z.enum(["json", "csv"]).default("json"),
});
export const ProgressQuery = ReportQuery.extend({
  days: z.coerce.number().int().min(2).max(365).default(30),
});

const Bucket = z.object({
  key: z.string().nullable(),
  label: z.string(),
  count: z.number().int(),
  open: z.number().int(),
});

export const ProgressReport = z.object({
  items: z.array(z.object({
    projectId: z.uuid(),
    name: z.string(),
    status: z.string(),
    total: z.number().int(),
    done: z.number().int(),
    percent: z.number(),
    byStatus: z.array(z.object({
      statusId: z.uuid(),
      name: z.string(),
      category: z.string(),
      count: z.number().int(),
    })),
  })),
  burnUp: z.array(z.object({ day: z.string(), total: z.number().int(), done: z.number().int() })),
}).openapi("ProgressReport");

export const DistributionReport = z.object({
  byStatus: z.array(Bucket),
  byPriority: z.array(Bucket),
  byAssignee: z.array(Bucket),
}).openapi("DistributionReport");

export const WorkloadReport = z.object({
  items: z.array(z.object({
    userId: z.uuid(),
    name: z.string(),
    email: z.string(),
    open: z.number().int(),
    overdue: z.number().int(),
    estimate: z.number(),
    done: z.number().int(),
  })),
}).openapi("WorkloadReport");
