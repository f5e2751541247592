import { z } from "@hono/zod-openapi";
import { CustomFieldInput, CustomFieldValues } from "../fields/fields.schemas.ts";
import { DEPENDENCY_KINDS } from "../timeline/schedule.rules.ts";
import { RecurrenceInput } from "../recurrence/recurrence.schemas.ts";

export const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"] as const;
export const Priority = z.enum(PRIORITIES).openapi("TaskPriority");
const day = z.iso.date();
const label = z.string().trim().min(1).max(40);
export const DependencyInput = z.object({
  taskId: z.uuid(),
  kind: z.enum(DEPENDENCY_KINDS).default("finish_to_start"),
  lagDays: z.number().int().min(-365).max(365).default(0),
}).openapi("TaskDependencyInput");

export const TaskSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  projectName: z.string(),
  title: z.string(),
  description: z.string(),
  statusId: z.uuid(),
  statusName: z.string(),
  statusCategory: z.enum(["open", "done"]),
  priority: Priority,
  assigneeId: z.uuid().nullable(),
  assigneeName: z.string().nullable(),
  assigneeIds: z.array(z.uuid()).openapi({
    description: "Every assignee; the first is assigneeId",
  }),
  assignees: z.array(z.object({ id: z.uuid(), name: z.string() })),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  estimate: z.number().nullable(),
  labels: z.array(z.string()),
  parentId: z.uuid().nullable(),
  position: z.number(),
  blockedBy: z.array(z.uuid()),
  blocks: z.array(z.uuid()),
  milestoneId: z.uuid().nullable(),
  cycleId: z.uuid().nullable(),
  overdue: z.boolean(),
  doneAt: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  customFields: CustomFieldValues,
}).openapi("Task");

const fields = {
  title: z.string().trim().min(1).max(300),
  customFields: CustomFieldInput,
  description: z.string().max(50000),
  statusId: z.uuid(),
  priority: Priority,
  assigneeId: z.uuid().nullable(),
  assigneeIds: z.array(z.uuid()).max(20).openapi({
    description: "Every assignee (project members); the first becomes assigneeId",
  }),
  startDate: day.nullable(),
  dueDate: day.nullable(),
  estimate: z.number().min(0).max(100000).nullable().openapi({ description: "Hours" }),
  labels: z.array(label).max(20),
  parentId: z.uuid().nullable(),
  blockedBy: z.array(z.uuid()).max(50).openapi({
    description: "Tasks of the same project that must be done first",
  }),
  dependencies: z.array(DependencyInput).max(50).openapi({
    description: "Blockers with their kind and lag; when given, stands for blockedBy",
  }),
  milestoneId: z.uuid().nullable(),
  cycleId: z.uuid().nullable().openapi({ description: "An open cycle of the same project" }),
  recurrence: RecurrenceInput.nullable().openapi({
    description: "Makes the task recurring (null stops it); see /tasks/{id}/recurrence",
  }),
};

export const CreateTaskBody = z.object({
  projectId: z.uuid(),
  ...fields,
  title: fields.title,
}).partial().required({ projectId: true, title: true }).openapi("CreateTask");

export const UpdateTaskBody = z.object({
  ...fields,
  position: z.number().min(-1e12).max(1e12).openapi({
    description: "Order within the board column",
  }),
}).partial().openapi("UpdateTask");

export const TASK_SORTS = ["created", "updated", "due", "priority"] as const;

export const TaskQuery = z.object({
  projectId: z.uuid().optional(),
  statusId: z.uuid().optional(),
  priority: Priority.optional(),
  assigneeId: z.union([z.uuid(), z.enum(["me", "unassigned"])]).optional(),
  dueFrom: day.optional(),
  dueTo: day.optional(),
  overdue: z.enum(["true", "false"]).optional(),
  done: z.enum(["true", "false"]).optional().openapi({
    description: "true: tasks in a done status; false: open tasks only",
  }),
  label: label.optional(),
  parentId: z.uuid().optional(),
  cf: z.union([z.string().max(500), z.array(z.string().max(500)).max(20)]).optional().openapi({
    description: "Custom-field filter, repeatable: <fieldId>:<op>:<value> or <fieldId>:<value> " +
      "(eq). Ops: eq, ne, contains (text, url), gt, gte, lt, lte (number, date), any (select, " +
      "multi-select, person: ids separated by commas; person also takes me), empty, set",
  }),
  sortField: z.uuid().optional().openapi({
    description: "Sort by a custom field instead of sort (tasks without a value last)",
  }),
  sortDir: z.enum(["asc", "desc"]).optional().openapi({ description: "With sortField" }),
  milestoneId: z.uuid().optional(),
  cycleId: z.union([z.uuid(), z.literal("none")]).optional().openapi({
    description: "Tasks in this cycle; none: tasks in no cycle (the backlog)",
  }),
  q: z.string().max(200).optional(),
  sort: z.enum(TASK_SORTS).default("created").openapi({
    description: "created/updated: newest first; due: soonest first; priority: highest first",
  }),
});

export const PriorityList = z.object({
  items: z.array(z.object({ value: Priority, label: z.string(), rank: z.number().int() })),
}).openapi("PriorityList");

export interface TaskRow {
  id: string;
  projectId: string;
  projectName: string;
  title: string;
  description: string;
  statusId: string;
  statusName: string;
  statusCategory: "open" | "done";
  priority: "dusuk" | "normal" | "yuksek" | "kritik";
  assigneeId: string | null;
  assigneeName: string | null;
  assigneeIds: string[];
  assignees: { id: string; name: string }[];
  startDate: string | null;
  dueDate: string | null;
  estimate: number | null;
  labels: string[];
  parentId: string | null;
  position: number;
  blockedBy: string[];
  blocks: string[];
  milestoneId: string | null;
  cycleId: string | null;
  overdue: boolean;
  doneAt: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  customFields: Record<string, string | number | string[]>;
  sortKey?: string;
}
