import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";
import { TaskPriority, TaskState } from "../tasks/tasks.schemas.ts";

/** Relative due filters of the task list (evaluated when the filter is applied). */
export const DUE_KINDS = ["overdue", "today", "week", "followUp"] as const;
export const FILTER_VIEWS = ["mine", "pool", "all"] as const;

/** The task list's query a filter keeps: the list's own query parameters. */
export const TaskFilterQuery = z.object({
  view: z.enum(FILTER_VIEWS).default("mine").openapi({
    description: "mine: my tasks; pool: tasks I may claim; all: every task (supervisors)",
  }),
  q: z.string().trim().max(200).optional(),
  state: TaskState.optional().openapi({ description: "Default: open tasks" }),
  priority: TaskPriority.optional(),
  due: z.enum(DUE_KINDS).optional().openapi({
    description: "Relative to when the filter is applied: overdue, due today, due within a " +
      "week, follow-up reached",
  }),
  definitionId: z.uuid().optional(),
}).strict().openapi("WorkflowTaskFilterQuery");
export type TaskFilterQuery = z.infer<typeof TaskFilterQuery>;

export const TaskFilterSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  ownerId: z.uuid(),
  ownerName: z.string().nullable(),
  shared: z.boolean(),
  query: TaskFilterQuery,
  position: z.number().int(),
  /** Whether the caller may change or delete it. */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("WorkflowTaskFilter");
export type TaskFilter = z.infer<typeof TaskFilterSchema>;

export const TaskFilterInput = z.object({
  name: z.string().trim().min(1).max(100),
  shared: z.boolean().default(false).openapi({
    description: "Visible to everyone who reads tasks (needs workflow.filter.write)",
  }),
  query: TaskFilterQuery.default({ view: "mine" }),
  position: z.number().int().min(0).max(10_000).default(0),
}).strict().openapi("WorkflowTaskFilterInput");
export type TaskFilterInput = z.infer<typeof TaskFilterInput>;

export const TaskFilterUpdate = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  shared: z.boolean().optional(),
  query: TaskFilterQuery.optional(),
  position: z.number().int().min(0).max(10_000).optional(),
}).strict().openapi("WorkflowTaskFilterUpdate");
export type TaskFilterUpdate = z.infer<typeof TaskFilterUpdate>;

export const TaskFilterList = z.object({
  items: z.array(TaskFilterSchema),
  nextCursor: z.string().nullable(),
}).openapi("WorkflowTaskFilterList");

export const TaskFilterListQuery = PageQuery;

export const TaskFilterIdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});
