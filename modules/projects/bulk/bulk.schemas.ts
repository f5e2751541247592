import { z } from "@hono/zod-openapi";
import { Priority, TaskSchema } from "../tasks/tasks.schemas.ts";

export const BULK_MAX = 500;
const label = z.string().trim().min(1).max(40);

export const BulkSet = z.object({
  statusId: z.uuid().optional(),
  priority: Priority.optional(),
  assigneeIds: z.array(z.uuid()).max(20).optional().openapi({
    description: "Replaces every assignee (empty: nobody)",
  }),
  addAssignee: z.uuid().optional().openapi({ description: "Adds one assignee, keeping others" }),
  removeAssignee: z.uuid().optional(),
  addLabels: z.array(label).max(20).optional(),
  removeLabels: z.array(label).max(20).optional(),
  dueDate: z.iso.date().nullable().optional(),
}).strict().openapi("BulkTaskSet");

export const BulkBody = z.object({
  taskIds: z.array(z.uuid()).min(1).max(BULK_MAX).openapi({
    description: `At most ${BULK_MAX} tasks, of one or several projects the caller may write`,
  }),
  set: BulkSet.optional(),
  delete: z.boolean().optional().openapi({ description: "Delete every task instead" }),
}).refine((b) => (b.delete === true) !== (b.set !== undefined && Object.keys(b.set).length > 0), {
  message: "Give either a non-empty set or delete: true",
  path: ["set"],
}).openapi("BulkTaskChange");

export const BulkResult = z.object({
  updated: z.number().int(),
  deleted: z.number().int(),
  items: z.array(TaskSchema),
}).openapi("BulkTaskResult");

export type BulkInput = z.infer<typeof BulkBody>;
export type BulkSetInput = z.infer<typeof BulkSet>;
