import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";

export const TASK_STATES = ["created", "claimed", "delegated", "completed", "cancelled"] as const;
export const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"] as const;
export type TaskState = typeof TASK_STATES[number];
export type Priority = typeof PRIORITIES[number];

export const TaskPriority = z.enum(PRIORITIES).openapi("WorkflowTaskPriority");
export const TaskState = z.enum(TASK_STATES).openapi("WorkflowTaskState");

export const FormFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(["string", "long", "boolean", "date", "enum"]),
  required: z.boolean().optional(),
  defaultValue: z.string().optional(),
  values: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
}).openapi("WorkflowFormField");

export const TaskSchema = z.object({
  id: z.uuid(),
  instanceId: z.uuid().nullable(),
  definitionId: z.uuid().nullable(),
  elementId: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  state: TaskState,
  assignee: z.uuid().nullable(),
  assigneeName: z.string().nullable(),
  /** While delegated (or routed by a standing delegation): whose task it is. */
  owner: z.uuid().nullable(),
  ownerName: z.string().nullable(),
  candidateUsers: z.array(z.uuid()),
  candidateRoles: z.array(z.string()),
  priority: TaskPriority,
  dueAt: z.string().nullable(),
  followUpAt: z.string().nullable(),
  overdue: z.boolean(),
  formKey: z.string().nullable(),
  formFields: z.array(FormFieldSchema),
  data: z.record(z.string(), z.unknown()).nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedBy: z.uuid().nullable(),
}).openapi("WorkflowTask");
export type Task = z.infer<typeof TaskSchema>;

export const TaskEventSchema = z.object({
  id: z.uuid(),
  event: z.string(),
  actor: z.uuid().nullable(),
  actorName: z.string().nullable(),
  fromUser: z.uuid().nullable(),
  fromName: z.string().nullable(),
  toUser: z.uuid().nullable(),
  toName: z.string().nullable(),
  at: z.string(),
  data: z.record(z.string(), z.unknown()),
}).openapi("WorkflowTaskEvent");
export type TaskEvent = z.infer<typeof TaskEventSchema>;

export const CommentSchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  author: z.uuid(),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
}).openapi("WorkflowTaskComment");
export type Comment = z.infer<typeof CommentSchema>;

export const TaskDetail = TaskSchema.extend({
  history: z.array(TaskEventSchema),
  comments: z.array(CommentSchema),
  /** What the caller may do now (the page's buttons; the API checks again). */
  can: z.object({
    claim: z.boolean(),
    unclaim: z.boolean(),
    complete: z.boolean(),
    delegate: z.boolean(),
    reassign: z.boolean(),
    edit: z.boolean(),
    cancel: z.boolean(),
  }),
}).openapi("WorkflowTaskDetail");
export type TaskDetail = z.infer<typeof TaskDetail>;

const When = z.iso.datetime({ offset: true });
const Name = z.string().trim().min(1).max(300);
const Description = z.string().max(20_000);

export const TaskInput = z.object({
  name: Name,
  description: Description.default(""),
  assignee: z.uuid().nullish(),
  candidateUsers: z.array(z.uuid()).max(100).default([]),
  candidateRoles: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  priority: TaskPriority.default("normal"),
  dueAt: When.nullish(),
  followUpAt: When.nullish(),
  formFields: z.array(FormFieldSchema).max(100).optional(),
}).openapi("WorkflowTaskInput");
export type TaskInput = z.infer<typeof TaskInput>;

export const TaskUpdate = z.object({
  name: Name,
  description: Description,
  priority: TaskPriority,
  dueAt: When.nullable(),
  followUpAt: When.nullable(),
}).partial().openapi("WorkflowTaskUpdate");
export type TaskUpdate = z.infer<typeof TaskUpdate>;

export const CompleteInput = z.object({
  data: z.record(z.string(), z.unknown()).default({}),
}).openapi("WorkflowTaskComplete");

export const CommentInput = z.object({
  body: z.string().trim().min(1).max(10_000),
}).openapi("WorkflowTaskCommentInput");

const q = (name: string) => ({ param: { name, in: "query" as const } });
export const TaskQuery = PageQuery.extend({
  view: z.enum(["mine", "pool", "all"]).default("mine").openapi(q("view")),
  /** Default: open tasks (created, claimed, delegated). */
  state: TaskState.optional().openapi(q("state")),
  priority: TaskPriority.optional().openapi(q("priority")),
  dueBefore: When.optional().openapi(q("dueBefore")),
  dueAfter: When.optional().openapi(q("dueAfter")),
  followUpBefore: When.optional().openapi(q("followUpBefore")),
  instanceId: z.uuid().optional().openapi(q("instanceId")),
  definitionId: z.uuid().optional().openapi(q("definitionId")),
  overdue: z.enum(["true", "false"]).optional().openapi(q("overdue")),
  q: z.string().trim().max(200).optional().openapi(q("q")),
});
export type TaskQuery = z.infer<typeof TaskQuery>;

export const TaskIdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});
export type FormField = z.infer<typeof FormFieldSchema>;

/** A task to create (a process user task or a stand-alone task). */
export interface NewTask {
  instanceId?: string | null;
  tokenId?: string | null;
  definitionId?: string | null;
  elementId?: string | null;
  name: string;
  description?: string;
  assignee?: string | null;
  candidateUsers?: string[];
  candidateRoles?: string[];
  priority?: "dusuk" | "normal" | "yuksek" | "kritik";
  dueAt?: string | null;
  followUpAt?: string | null;
  formKey?: string | null;
  form?: unknown;
}
