import { z } from "@hono/zod-openapi";
import { ListQuery, Timestamps } from "../common/common.schemas.ts";

export const DepartmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  ...Timestamps,
}).openapi("SupportDepartment");
export type Department = z.infer<typeof DepartmentSchema>;
export const DepartmentInput = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).optional(),
}).openapi("SupportDepartmentInput");
export type DepartmentInput = z.infer<typeof DepartmentInput>;
export const DepartmentUpdate = DepartmentInput.partial().openapi("SupportDepartmentUpdate");
export type DepartmentUpdate = z.infer<typeof DepartmentUpdate>;

export const TeamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  departmentId: z.uuid().nullable(),
  memberIds: z.array(z.uuid()),
  ...Timestamps,
}).openapi("SupportTeam");
export type Team = z.infer<typeof TeamSchema>;
export const TeamInput = z.object({
  name: z.string().trim().min(1).max(200),
  departmentId: z.uuid().nullish(),
  memberIds: z.array(z.uuid()).max(500).default([]),
}).openapi("SupportTeamInput");
export type TeamInput = z.infer<typeof TeamInput>;
export const TeamUpdate = z.object({
  name: z.string().trim().min(1).max(200),
  departmentId: z.uuid().nullable(),
  memberIds: z.array(z.uuid()).max(500),
}).partial().openapi("SupportTeamUpdate");
export type TeamUpdate = z.infer<typeof TeamUpdate>;
export const TeamQuery = ListQuery.extend({
  departmentId: z.uuid().optional().openapi({ param: { name: "departmentId", in: "query" } }),
});
