import { z } from "@hono/zod-openapi";
import { TaskQuery } from "../tasks/tasks.schemas.ts";
import { MilestoneSchema } from "../milestones/milestones.schemas.ts";
import { DEPENDENCY_KINDS } from "./schedule.rules.ts";

export const GROUP_BYS = ["status", "assignee", "milestone"] as const;
export type GroupBy = (typeof GROUP_BYS)[number];
export const DependencyKind = z.enum(DEPENDENCY_KINDS).openapi("TaskDependencyKind");

/** The task list's filters (without the project, which is in the path) and a grouping. */
export const TimelineQuery = TaskQuery.omit({ projectId: true, sort: true }).extend({
  groupBy: z.enum(GROUP_BYS).default("status").openapi({
    description: "Rows grouped by status (flow order), assignee or milestone (by date)",
  }),
});

export const TimelineTask = z.object({
  id: z.uuid(),
  title: z.string(),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  start: z.string().nullable().openapi({ description: "First day drawn (start, else due date)" }),
  end: z.string().nullable().openapi({ description: "Last day drawn (due, else start date)" }),
  progress: z.number().int().openapi({ description: "0–100: done tasks 100, else done subtasks" }),
  statusId: z.uuid(),
  statusName: z.string(),
  done: z.boolean(),
  assigneeId: z.uuid().nullable(),
  assigneeName: z.string().nullable(),
  milestoneId: z.uuid().nullable(),
  group: z.string().openapi({ description: "Key of the task's group in `groups`" }),
  critical: z.boolean().openapi({ description: "On the critical path (zero float)" }),
  float: z.number().int().nullable().openapi({ description: "Days of slack; null in a cycle" }),
  dependencies: z.array(z.object({
    blockerId: z.uuid(),
    kind: DependencyKind,
    lagDays: z.number().int(),
  })),
}).openapi("TimelineTask");

export const TimelineSchema = z.object({
  project: z.object({
    id: z.uuid(),
    name: z.string(),
    startDate: z.string().nullable(),
    dueDate: z.string().nullable(),
  }),
  groupBy: z.enum(GROUP_BYS),
  groups: z.array(z.object({
    key: z.string(),
    label: z.string().nullable().openapi({ description: "null: no assignee / no milestone" }),
  })),
  tasks: z.array(TimelineTask),
  milestones: z.array(MilestoneSchema),
  criticalPath: z.array(z.uuid()).openapi({ description: "Critical tasks, earliest first" }),
  truncated: z.boolean().openapi({ description: "More tasks matched than the 10,000 drawn" }),
}).openapi("Timeline");

export type Timeline = z.infer<typeof TimelineSchema>;
