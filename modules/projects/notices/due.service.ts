import type { SystemJob } from "../../../shared/modules.ts";
import type { JobContext } from "../../../shared/jobs/dispatcher.ts";
import { claimDueReminders } from "./notices.repo.ts";
import { activeOnly, deliver, type Notice } from "./notices.service.ts";

export const DUE_JOB = "projects.due-reminders";
/** Tasks due within this many days (today included) get one reminder per due date. */
export const DUE_WINDOW_DAYS = 1;

/**
 * Daily, per tenant: reminds assignees of open tasks due today or tomorrow. A reminder row per
 * (task, due date) makes reruns and retries send nothing twice; moving the due date re-arms it.
 */
export async function remindDueTasks(ctx: JobContext) {
  if (!ctx.tenantId) return;
  const sent = await ctx.scoped(async (sql) => {
    const due = await claimDueReminders(sql, DUE_WINDOW_DAYS);
    const active = new Set(await activeOnly({ sql }, due.map((d) => d.assigneeId)));
    for (const d of due) {
      if (!active.has(d.assigneeId)) continue;
      const notice: Notice = {
        kind: "due",
        title: `Due ${d.dueDate}: ${d.title}`,
        body: `The task "${d.title}" is due on ${d.dueDate}.`,
        link: `/projects/tasks/${d.id}`,
      };
      await deliver({ sql, bus: ctx.bus }, new Map([[d.assigneeId, notice]]));
    }
    return due.length;
  });
  ctx.log(`due reminders: ${sent}`);
}

export const projectJobs: SystemJob[] = [{
  name: DUE_JOB,
  handler: remindDueTasks,
  schedule: { cron: "0 7 * * *", perTenant: true },
}];
