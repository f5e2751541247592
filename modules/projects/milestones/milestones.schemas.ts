import { z } from "@hono/zod-openapi";

const day = z.iso.date();

export const ProgressSchema = z.object({
  total: z.number().int(),
  done: z.number().int(),
  percent: z.number().int().openapi({ description: "Done tasks of all tasks, 0–100" }),
  estimateHours: z.number(),
  doneHours: z.number(),
  percentByEstimate: z.number().int().openapi({
    description: "Estimated hours of done tasks of all estimated hours, 0–100",
  }),
}).openapi("MilestoneProgress");

export const MilestoneSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  date: z.string(),
  description: z.string(),
  progress: ProgressSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("Milestone");

export type Milestone = z.infer<typeof MilestoneSchema>;

export const MilestoneList = z.object({ items: z.array(MilestoneSchema) }).openapi(
  "MilestoneList",
);

export const CreateMilestoneBody = z.object({
  name: z.string().trim().min(1).max(200),
  date: day,
  description: z.string().max(5000).optional(),
}).openapi("CreateMilestone");

export const UpdateMilestoneBody = CreateMilestoneBody.partial().openapi("UpdateMilestone");

export interface MilestoneRow {
  id: string;
  projectId: string;
  name: string;
  date: string;
  description: string;
  createdAt: string;
  updatedAt: string;
  total: number;
  done: number;
  estimateHours: number;
  doneHours: number;
}
