import type { SystemJob } from "../../../shared/modules.ts";
import type { JobContext } from "../../../shared/jobs/dispatcher.ts";
import { scheduledStep, todayIn } from "./recurrence.rules.ts";
import {
  claimDueSeries,
  latestOccurrence,
  projectZone,
  setNextDate,
  tenantsWithDueSeries,
  updateSeries,
} from "./recurrence.repo.ts";
import { makeOccurrence } from "./recurrence.service.ts";

export const RECURRENCE_JOB = "projects.recurrence";
/** Series handled per transaction, and transactions per run (the rest waits for the next run). */
export const RECURRENCE_BATCH = 50;
export const RECURRENCE_BATCHES = 10;

/**
 * Every few minutes, per workspace with work: each scheduled series whose next day has come in
 * its project's time zone gets that occurrence (a copy of its latest one), once: the series row
 * is locked (another run skips it) and the (series, day) key refuses a second copy.
 */
export async function makeScheduledOccurrences(ctx: JobContext) {
  if (!ctx.tenantId) return;
  let made = 0;
  for (let batch = 0; batch < RECURRENCE_BATCHES; batch++) {
    const seen = await ctx.scoped(async (sql) => {
      const due = await claimDueSeries(sql, RECURRENCE_BATCH);
      for (const s of due) {
        const latest = await latestOccurrence(sql, s.id);
        if (!latest) {
          // Every occurrence was deleted: nothing left to copy, the series stops.
          await updateSeries(sql, s.id, { ...s, nextDate: null, active: false });
          continue;
        }
        const today = todayIn(await projectZone(sql, s.projectId));
        const step = scheduledStep(s.rule, s.anchorDate, s.nextDate!, today);
        if (step.make && await makeOccurrence(sql, s, step.make, latest.taskId, null)) made++;
        await setNextDate(sql, s.id, step.next);
      }
      return due.length;
    });
    if (seen < RECURRENCE_BATCH || ctx.signal?.aborted) break;
  }
  ctx.log(`scheduled occurrences: ${made}`);
}

export const recurrenceJobs: SystemJob[] = [{
  name: RECURRENCE_JOB,
  handler: makeScheduledOccurrences,
  schedule: {
    cron: "*/5 * * * *",
    perTenant: true,
    tenantsWithWork: (tx) => tenantsWithDueSeries(tx),
  },
}];
