import { z } from "@hono/zod-openapi";
import { MAX_MINUTES } from "./time.rules.ts";

const day = z.iso.date();

export const TimeEntrySchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  taskTitle: z.string(),
  projectId: z.uuid(),
  projectName: z.string(),
  userId: z.uuid(),
  userName: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  running: z.boolean(),
  minutes: z.number().int(),
  entryDate: z.string(),
  note: z.string(),
  billable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("TimeEntry");

export const TimeEntryPage = z.object({
  items: z.array(TimeEntrySchema),
  nextCursor: z.string().nullable(),
  totalMinutes: z.number().int(),
}).openapi("TimeEntryPage");

export const StartTimerBody = z.object({
  taskId: z.uuid(),
  note: z.string().max(2000).optional(),
  billable: z.boolean().optional(),
}).openapi("StartTimer");

export const TimerResult = z.object({
  running: TimeEntrySchema.nullable(),
  stopped: TimeEntrySchema.nullable().openapi({
    description: "The timer this call stopped (starting one stops the one running)",
  }),
}).openapi("TimerResult");

const entryFields = {
  minutes: z.number().int().min(1).max(MAX_MINUTES).openapi({
    description: "Duration in minutes (at most 24 hours)",
  }),
  date: day.openapi({ description: "The day worked (not after today)" }),
  note: z.string().max(2000),
  billable: z.boolean(),
};

export const CreateEntryBody = z.object({
  taskId: z.uuid(),
  ...entryFields,
  note: entryFields.note.optional(),
  billable: entryFields.billable.optional(),
}).openapi("CreateTimeEntry");

export const UpdateEntryBody = z.object(entryFields).partial().openapi("UpdateTimeEntry");

export const EntryQuery = z.object({
  taskId: z.uuid().optional(),
  projectId: z.uuid().optional(),
  userId: z.union([z.uuid(), z.literal("me")]).optional(),
  from: day.optional(),
  to: day.optional(),
  billable: z.enum(["true", "false"]).optional(),
  format: z.enum(["json", "csv"]).default("json").openapi({
    description: "csv: every matching entry (up to 10,000) as a CSV download",
  }),
});

export const SummaryQuery = z.object({
  projectId: z.uuid().optional(),
  userId: z.union([z.uuid(), z.literal("me")]).optional(),
  from: day.optional(),
  to: day.optional(),
});

export const TimeSummary = z.object({
  tasks: z.array(z.object({
    taskId: z.uuid(),
    title: z.string(),
    projectId: z.uuid(),
    projectName: z.string(),
    estimateHours: z.number().nullable(),
    spentMinutes: z.number().int(),
    spentHours: z.number(),
    leftHours: z.number().nullable(),
    over: z.boolean(),
  })),
  projects: z.array(z.object({
    projectId: z.uuid(),
    name: z.string(),
    estimateHours: z.number(),
    spentMinutes: z.number().int(),
    billableMinutes: z.number().int(),
  })),
  people: z.array(z.object({
    userId: z.uuid(),
    name: z.string(),
    spentMinutes: z.number().int(),
    billableMinutes: z.number().int(),
    estimateHours: z.number().openapi({ description: "Estimates of their tasks with time" }),
  })),
  totalMinutes: z.number().int(),
}).openapi("TimeSummary");

export interface EntryRow {
  id: string;
  taskId: string;
  taskTitle: string;
  projectId: string;
  projectName: string;
  userId: string;
  userName: string | null;
  startedAt: string | null;
  endedAt: string | null;
  running: boolean;
  minutes: number;
  entryDate: string;
  note: string;
  billable: boolean;
  createdAt: string;
  updatedAt: string;
}
