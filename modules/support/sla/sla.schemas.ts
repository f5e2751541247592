import { z } from "@hono/zod-openapi";
import { PRIORITIES, Timestamps } from "../common/common.schemas.ts";

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "a time HH:MM");
const Target = z.object({
  firstResponseMinutes: z.number().int().min(1).max(525_600),
  resolutionMinutes: z.number().int().min(1).max(5_256_000),
});
export const Targets = z.object(
  Object.fromEntries(PRIORITIES.map((p) => [p, Target])) as Record<
    (typeof PRIORITIES)[number],
    typeof Target
  >,
).openapi("SupportSlaTargets");

export const CalendarSchema = z.object({
  timeZone: z.string().min(1).max(64),
  /** Working periods per weekday, "0" Sunday … "6" Saturday. */
  weekly: z.partialRecord(
    z.enum(["0", "1", "2", "3", "4", "5", "6"]),
    z.array(z.tuple([HHMM, HHMM])).max(6),
  ),
  holidays: z.array(z.iso.date()).max(400).default([]),
}).openapi("SupportSlaCalendar");

export const Escalation = z.object({
  /** Who is told when a ticket breaches: a user and/or every member of a team. */
  userId: z.uuid().nullish(),
  teamId: z.uuid().nullish(),
  /** Raise the ticket's priority one step on escalation. */
  raisePriority: z.boolean().default(false),
  /** Reassign the ticket to this agent on escalation. */
  reassignTo: z.uuid().nullish(),
}).openapi("SupportSlaEscalation");

export const SlaPolicySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  targets: Targets,
  calendar: CalendarSchema,
  warningPercent: z.number().int(),
  escalation: Escalation,
  isDefault: z.boolean(),
  ...Timestamps,
}).openapi("SupportSlaPolicy");
export type SlaPolicy = z.infer<typeof SlaPolicySchema>;

export const SlaPolicyInput = z.object({
  name: z.string().trim().min(1).max(200),
  targets: Targets,
  calendar: CalendarSchema,
  warningPercent: z.number().int().min(1).max(99).default(80),
  escalation: Escalation.default({ raisePriority: false }),
  isDefault: z.boolean().default(false),
}).openapi("SupportSlaPolicyInput");
export type SlaPolicyInput = z.infer<typeof SlaPolicyInput>;
export const SlaPolicyUpdate = z.object({
  name: z.string().trim().min(1).max(200),
  targets: Targets,
  calendar: CalendarSchema,
  warningPercent: z.number().int().min(1).max(99),
  escalation: Escalation,
  isDefault: z.boolean(),
}).partial().openapi("SupportSlaPolicyUpdate");
export type SlaPolicyUpdate = z.infer<typeof SlaPolicyUpdate>;
