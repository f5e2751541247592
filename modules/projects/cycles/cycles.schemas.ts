import { z } from "@hono/zod-openapi";
import { CYCLE_STATES } from "./cycles.rules.ts";

const day = z.iso.date();

export const CycleSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  goal: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  state: z.enum(CYCLE_STATES),
  completedAt: z.string().nullable(),
  totalTasks: z.number().int(),
  doneTasks: z.number().int(),
  totalEstimate: z.number(),
  doneEstimate: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("Cycle");

export const CycleList = z.object({ items: z.array(CycleSchema) }).openapi("CycleList");

export const CycleQuery = z.object({
  projectId: z.uuid(),
  state: z.enum(CYCLE_STATES).optional(),
});

export const CreateCycleBody = z.object({
  projectId: z.uuid(),
  name: z.string().trim().min(1).max(120),
  goal: z.string().max(2000).optional(),
  startDate: day,
  endDate: day,
}).openapi("CreateCycle");

export const UpdateCycleBody = z.object({
  name: z.string().trim().min(1).max(120),
  goal: z.string().max(2000),
  startDate: day,
  endDate: day,
}).partial().openapi("UpdateCycle");

export const CycleTasksBody = z.object({
  taskIds: z.array(z.uuid()).min(1).max(500),
}).openapi("CycleTasks");

export const CompleteCycleBody = z.object({
  carryOverTo: z.uuid().nullable().openapi({
    description: "The cycle unfinished tasks move to; null sends them back to the backlog",
  }),
}).openapi("CompleteCycle");

export const CompleteResult = z.object({
  cycle: CycleSchema,
  completedTasks: z.number().int(),
  carriedTasks: z.number().int(),
  carriedTo: z.uuid().nullable(),
}).openapi("CycleCompletion");

export const BurndownSchema = z.object({
  cycleId: z.uuid(),
  startDate: z.string(),
  endDate: z.string(),
  points: z.array(z.object({
    day: z.string(),
    openTasks: z.number().nullable(),
    openHours: z.number().nullable(),
    idealTasks: z.number(),
    idealHours: z.number(),
  })),
}).openapi("CycleBurndown");

export const VelocityQuery = z.object({
  projectId: z.uuid(),
  last: z.coerce.number().int().min(1).max(20).default(6),
});

export const VelocitySchema = z.object({
  items: z.array(z.object({
    cycleId: z.uuid(),
    name: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    committedTasks: z.number().int(),
    completedTasks: z.number().int(),
    completedEstimate: z.number(),
    carriedTasks: z.number().int(),
  })),
  average: z.object({ tasks: z.number(), hours: z.number() }),
}).openapi("CycleVelocity");

export interface CycleRow {
  id: string;
  projectId: string;
  name: string;
  goal: string;
  startDate: string;
  endDate: string;
  completedAt: string | null;
  committedTasks: number | null;
  completedTasks: number | null;
  completedEstimate: number | null;
  carriedTasks: number | null;
  totalTasks: number;
  doneTasks: number;
  totalEstimate: number;
  doneEstimate: number;
  createdAt: string;
  updatedAt: string;
}
