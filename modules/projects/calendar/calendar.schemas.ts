import { z } from "@hono/zod-openapi";
import { TaskQuery, TaskSchema } from "../tasks/tasks.schemas.ts";

export const CalendarQuery = TaskQuery.omit({ projectId: true, sort: true }).extend({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional().openapi({
    description: "YYYY-MM; the reader's current month when left out",
    example: "2026-12",
  }),
});

export const CalendarSchema = z.object({
  month: z.string(),
  from: z.string().openapi({ description: "First day shown (the week start on or before day 1)" }),
  to: z.string(),
  weekStart: z.number().int().openapi({ description: "ISO weekday the weeks start on (1 Monday)" }),
  today: z.string(),
  days: z.array(z.object({ date: z.string(), inMonth: z.boolean(), tasks: z.array(TaskSchema) })),
  undated: z.array(TaskSchema).openapi({ description: "Tasks without a due date" }),
  truncated: z.boolean(),
}).openapi("ProjectCalendar");

export type CalendarData = z.infer<typeof CalendarSchema>;
