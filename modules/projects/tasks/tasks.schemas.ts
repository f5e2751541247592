import { z } from "@hono/zod-openapi";

export const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"] as const;
export const Priority = z.enum(PRIORITIES).openapi("TaskPriority");
const day = z.iso.date();
const label = z.string().trim().min(1).max(40);

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
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  estimate: z.number().nullable(),
  labels: z.array(z.string()),
  parentId: z.uuid().nullable(),
  position: z.number(),
  blockedBy: z.array(z.uuid()),
  blocks: z.array(z.uuid()),
  overdue: z.boolean(),
  doneAt: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("Task");

const fields = {
  title: z.string().trim().min(1).max(300),
  description: z.string().max(50000),
  statusId: z.uuid(),
  priority: Priority,
  assigneeId: z.uuid().nullable(),
  startDate: day.nullable(),
  dueDate: day.nullable(),
  estimate: z.number().min(0).max(100000).nullable().openapi({ description: "Hours" }),
  labels: z.array(label).max(20),
  parentId: z.uuid().nullable(),
  blockedBy: z.array(z.uuid()).max(50).openapi({
    description: "Tasks of the same project that must be done first",
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
  startDate: string | null;
  dueDate: string | null;
  estimate: number | null;
  labels: string[];
  parentId: string | null;
  position: number;
  blockedBy: string[];
  blocks: string[];
  overdue: boolean;
  doneAt: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  sortKey?: string;
}
