import { z } from "@hono/zod-openapi";
import { canonicalZone } from "../recurrence/recurrence.rules.ts";

export const PROJECT_STATUSES = ["planlamada", "aktif", "tamamlandi"] as const;
export const ProjectStatus = z.enum(PROJECT_STATUSES).openapi("ProjectStatus");
export const MemberRole = z.enum(["manager", "member", "viewer"]).openapi("ProjectMemberRole");
const day = z.iso.date();
const ProjectTimeZone = z.string().trim().max(64).transform((tz, ctx) => {
  const canonical = canonicalZone(tz);
  if (!canonical) {
    ctx.addIssue({ code: "custom", message: "an IANA time zone such as Europe/Istanbul" });
    return z.NEVER;
  }
  return canonical;
}).openapi({ type: "string", example: "Europe/Istanbul" });

export const IdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});
export const MemberParams = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  userId: z.uuid().openapi({ param: { name: "userId", in: "path" } }),
});

export const ProjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  status: ProjectStatus,
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  timeZone: z.string().openapi({ description: "IANA time zone (recurring tasks' dates)" }),
  archived: z.boolean(),
  myRole: MemberRole.nullable(),
  taskCount: z.number().int(),
  doneCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("Project");

export const CreateProjectBody = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(20000).optional(),
  status: ProjectStatus.optional(),
  startDate: day.nullable().optional(),
  dueDate: day.nullable().optional(),
  timeZone: ProjectTimeZone.optional().openapi({
    description: "IANA time zone; default: the workspace's",
  }),
}).openapi("CreateProject");

export const UpdateProjectBody = CreateProjectBody.partial().openapi("UpdateProject");

export const ProjectQuery = z.object({
  status: ProjectStatus.optional().openapi({ param: { name: "status", in: "query" } }),
  archived: z.enum(["true", "false", "all"]).default("false").openapi({
    param: { name: "archived", in: "query" },
    description: "Archived projects are hidden unless asked for",
  }),
  q: z.string().max(200).optional().openapi({ param: { name: "q", in: "query" } }),
});

export const ProjectMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: MemberRole,
  createdAt: z.string(),
}).openapi("ProjectMember");

export const AddMemberBody = z.object({ userId: z.uuid(), role: MemberRole })
  .openapi("AddProjectMember");
export const ChangeMemberBody = z.object({ role: MemberRole }).openapi("ChangeProjectMember");

export interface ProjectRow {
  id: string;
  name: string;
  description: string;
  status: "planlamada" | "aktif" | "tamamlandi";
  startDate: string | null;
  dueDate: string | null;
  timeZone: string;
  archived: boolean;
  myRole: "manager" | "member" | "viewer" | null;
  taskCount: number;
  doneCount: number;
  createdAt: string;
  updatedAt: string;
  sortAt?: string;
}

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: "manager" | "member" | "viewer";
  createdAt: string;
}
