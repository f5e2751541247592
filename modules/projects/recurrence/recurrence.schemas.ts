import { z } from "@hono/zod-openapi";
import { RECURRENCE_MODES } from "./recurrence.rules.ts";

export const RecurrenceMode = z.enum(RECURRENCE_MODES).openapi("TaskRecurrenceMode", {
  description: "on_done: the next occurrence is made when this one is done; " +
    "on_schedule: by a job when its date comes, even if the previous one is open",
});

/** A task's recurrence as sent on task create/update and to PUT /tasks/{id}/recurrence. */
export const RecurrenceInput = z.object({
  rule: z.string().trim().min(1).max(500).openapi({
    description: "RFC 5545 RRULE (no DTSTART), at most daily",
    example: "FREQ=WEEKLY;BYDAY=MO",
  }),
  mode: RecurrenceMode.default("on_done"),
}).openapi("TaskRecurrenceInput");

export const RecurrenceDate = z.object({
  date: z.string().openapi({ description: "The occurrence's day in the project's time zone" }),
  startsAt: z.string().openapi({ description: "When that day starts there (UTC)" }),
}).openapi("TaskRecurrenceDate");

export const OccurrenceSchema = z.object({
  taskId: z.uuid().nullable(),
  title: z.string().nullable(),
  date: z.string(),
  done: z.boolean(),
}).openapi("TaskOccurrence");

export const RecurrenceSchema = z.object({
  taskId: z.uuid(),
  seriesId: z.uuid().nullable(),
  rule: z.string().nullable(),
  mode: RecurrenceMode.nullable(),
  text: z.string().nullable().openapi({ description: "The rule in the reader's language" }),
  timeZone: z.string(),
  occurrenceDate: z.string().nullable(),
  nextDates: z.array(RecurrenceDate),
  occurrences: z.array(OccurrenceSchema),
}).openapi("TaskRecurrence");

export const PreviewBody = z.object({
  rule: z.string().trim().min(1).max(500),
  start: z.iso.date().optional().openapi({ description: "First occurrence (default: today)" }),
  timeZone: z.string().max(64).optional().openapi({ description: "Default: UTC" }),
}).openapi("TaskRecurrencePreview");

export const PreviewSchema = z.object({
  rule: z.string(),
  text: z.string(),
  nextDates: z.array(RecurrenceDate),
}).openapi("TaskRecurrencePreviewResult");

export type RecurrenceView = z.infer<typeof RecurrenceSchema>;

export interface SeriesRow {
  id: string;
  projectId: string;
  rule: string;
  mode: "on_done" | "on_schedule";
  anchorDate: string;
  nextDate: string | null;
  active: boolean;
}
