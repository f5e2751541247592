import { z } from "@hono/zod-openapi";
import { MemberRole } from "../projects/projects.schemas.ts";
import { Priority } from "../tasks/tasks.schemas.ts";
import { DEPENDENCY_KINDS } from "../timeline/schedule.rules.ts";

const key = z.string().min(1).max(20);
const offset = z.number().int().min(-36500).max(36500).nullable();

/** A template's content: a project's setup and task tree, dates in days from its start. */
export const TemplateContent = z.object({
  version: z.literal(1),
  /** Days from the start to the project's due date (null: none). */
  durationDays: offset,
  statuses: z.array(z.object({
    key,
    name: z.string().min(1).max(60),
    category: z.enum(["open", "done"]),
  })).min(1).max(50),
  transitions: z.array(z.object({
    from: key,
    to: key,
    roles: z.array(MemberRole).max(3),
  })).max(2500),
  labels: z.array(z.string().min(1).max(40)).max(500),
  fields: z.array(z.object({
    key,
    name: z.string().min(1).max(100),
    type: z.enum(["text", "number", "date", "select", "multi_select", "person", "url"]),
    required: z.boolean(),
    description: z.string().max(2000),
    minValue: z.number().nullable(),
    maxValue: z.number().nullable(),
    options: z.array(z.object({ label: z.string().min(1).max(100), color: z.string().max(20) }))
      .max(200),
  })).max(100),
  milestones: z.array(z.object({
    key,
    name: z.string().min(1).max(200),
    description: z.string().max(20000),
    offset: z.number().int().min(-36500).max(36500),
  })).max(500),
  tasks: z.array(z.object({
    key,
    title: z.string().min(1).max(300),
    description: z.string().max(50000),
    status: key,
    priority: Priority,
    estimate: z.number().min(0).max(100000).nullable(),
    labels: z.array(z.string().min(1).max(40)).max(20),
    parent: key.nullable(),
    milestone: key.nullable(),
    startOffset: offset,
    dueOffset: offset,
  })).max(2000),
  dependencies: z.array(z.object({
    blocker: key,
    blocked: key,
    kind: z.enum(DEPENDENCY_KINDS),
    lagDays: z.number().int().min(-365).max(365),
  })).max(5000),
}).openapi("ProjectTemplateContent");
export type TemplateContentT = z.infer<typeof TemplateContent>;

export const TemplateSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  taskCount: z.number().int(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
}).openapi("ProjectTemplateSummary");

export const TemplateSchema = TemplateSummary.extend({
  content: TemplateContent,
}).openapi("ProjectTemplate");

export const TemplateList = z.object({ items: z.array(TemplateSummary) })
  .openapi("ProjectTemplateList");

export const CreateTemplateBody = z.object({
  projectId: z.uuid(),
  name: z.string().trim().min(1).max(200),
  description: z.string().max(5000).optional(),
}).openapi("CreateProjectTemplate");

export const FromTemplateBody = z.object({
  name: z.string().trim().min(1).max(200),
  startDate: z.iso.date().openapi({ description: "The new project's start: dates shift to it" }),
  description: z.string().max(20000).optional(),
  timeZone: z.string().max(64).optional(),
}).openapi("CreateProjectFromTemplate");

export type TemplateRow = z.infer<typeof TemplateSummary>;
