import { z } from "@hono/zod-openapi";
import { TASK_SORTS } from "../tasks/tasks.schemas.ts";

export const VIEW_LAYOUTS = ["list", "board", "calendar", "timeline"] as const;
export const VIEW_GROUPS = ["none", "status", "assignee", "priority", "label"] as const;
/** Columns a list view may show besides the task's title (always shown). */
export const VIEW_COLUMNS = [
  "status",
  "priority",
  "assignee",
  "dueDate",
  "startDate",
  "labels",
  "estimate",
] as const;
export const DEFAULT_COLUMNS = ["status", "priority", "assignee", "dueDate"] as const;

export type ViewLayout = (typeof VIEW_LAYOUTS)[number];
/** Grouping by one of the project's select, multi-select or person fields. */
export const FIELD_GROUP = /^field:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export type ViewGroup = (typeof VIEW_GROUPS)[number] | `field:${string}`;
const Group = z.union([
  z.enum(VIEW_GROUPS),
  z.string().regex(FIELD_GROUP).transform((v) => v as `field:${string}`),
]).openapi({
  type: "string",
  description: `${VIEW_GROUPS.join(", ")}, or field:<field id> for a select, multi-select or ` +
    "person custom field of the project",
});
export type ViewColumn = (typeof VIEW_COLUMNS)[number];

const query = z.record(z.string().max(60), z.string().max(500)).openapi({
  description: "The task list's filter parameters (GET /tasks), as query-string values; " +
    "checked against them when saved",
  example: { priority: "yuksek", assigneeId: "me" },
});

export const ViewSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  ownerId: z.uuid(),
  ownerName: z.string(),
  shared: z.boolean(),
  layout: z.enum(VIEW_LAYOUTS),
  query,
  groupBy: Group,
  sort: z.enum(TASK_SORTS),
  columns: z.array(z.enum(VIEW_COLUMNS)),
  position: z.number(),
  canEdit: z.boolean().openapi({ description: "Whether the caller may change or delete it" }),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("ProjectView");

const fields = {
  name: z.string().trim().min(1).max(80),
  shared: z.boolean().openapi({ description: "Seen by the project's members (else only yours)" }),
  layout: z.enum(VIEW_LAYOUTS),
  query,
  groupBy: Group,
  sort: z.enum(TASK_SORTS),
  columns: z.array(z.enum(VIEW_COLUMNS)).max(VIEW_COLUMNS.length),
  position: z.number().min(-1e12).max(1e12),
};

export const CreateViewBody = z.object(fields).partial()
  .required({ name: true, layout: true })
  .openapi("CreateProjectView");

export const UpdateViewBody = z.object(fields).partial().openapi("UpdateProjectView");

export const ViewList = z.object({ items: z.array(ViewSchema) }).openapi("ProjectViewList");

export type ViewRow = Omit<z.infer<typeof ViewSchema>, "canEdit">;
export type NewView = z.infer<typeof CreateViewBody>;
export type ViewChange = z.infer<typeof UpdateViewBody>;
