/**
 * The SLA side of "waiting on the customer": while a ticket waits, its running clocks stand
 * still; when it resumes they move on by the business time that passed (nights, weekends and
 * holidays of the policy's calendar do not count, they never did).
 */
import {
  addBusinessMinutes,
  businessMinutesBetween,
  type Calendar,
  hasWorkingTime,
} from "../sla/business-hours.rules.ts";

export const PENDING_REASONS = ["customer", "third_party"] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];

export interface RunningClocks {
  firstRespondedAt: Date | null;
  firstResponseWarnAt: Date | null;
  firstResponseDue: Date | null;
  resolvedAt: Date | null;
  resolutionWarnAt: Date | null;
  resolutionDue: Date | null;
}

export type ShiftedClocks = Pick<
  RunningClocks,
  "firstResponseWarnAt" | "firstResponseDue" | "resolutionWarnAt" | "resolutionDue"
>;

/**
 * The clock times after a pause from `pausedAt` to `resumedAt`, and the business minutes it
 * lasted. A time still ahead when the pause began moves on by those minutes; one already past
 * (a warning sent, a breach) stays, and a stopped clock (answered, resolved) is not touched.
 */
export function shiftClocks(
  clocks: RunningClocks,
  pausedAt: Date,
  resumedAt: Date,
  calendar: Calendar | null,
): { clocks: ShiftedClocks; businessMinutes: number } {
  const { firstResponseWarnAt, firstResponseDue, resolutionWarnAt, resolutionDue } = clocks;
  const same = { firstResponseWarnAt, firstResponseDue, resolutionWarnAt, resolutionDue };
  if (!calendar || !hasWorkingTime(calendar)) return { clocks: same, businessMinutes: 0 };
  const minutes = businessMinutesBetween(pausedAt, resumedAt, calendar);
  if (minutes <= 0) return { clocks: same, businessMinutes: 0 };
  const move = (at: Date | null, running: boolean) =>
    at && running && at > pausedAt ? addBusinessMinutes(at, minutes, calendar) : at;
  const firstRunning = !clocks.firstRespondedAt;
  const resolutionRunning = !clocks.resolvedAt;
  return {
    clocks: {
      firstResponseWarnAt: move(firstResponseWarnAt, firstRunning),
      firstResponseDue: move(firstResponseDue, firstRunning),
      resolutionWarnAt: move(resolutionWarnAt, resolutionRunning),
      resolutionDue: move(resolutionDue, resolutionRunning),
    },
    businessMinutes: minutes,
  };
}

/**
 * Clocks computed afresh from the opening time (a new priority or customer) with the ticket's
 * earlier pauses applied again in order, so a recalculation does not give the paused time back.
 */
export function replayPauses(
  clocks: RunningClocks,
  pauses: { startedAt: Date; endedAt: Date }[],
  calendar: Calendar | null,
): ShiftedClocks {
  let current = clocks;
  for (const p of pauses) {
    current = { ...current, ...shiftClocks(current, p.startedAt, p.endedAt, calendar).clocks };
  }
  const { firstResponseWarnAt, firstResponseDue, resolutionWarnAt, resolutionDue } = current;
  return { firstResponseWarnAt, firstResponseDue, resolutionWarnAt, resolutionDue };
}
