/**
 * Due-soon and overdue reminders: every five minutes, in each workspace with one to send, tells
 * each open task's assignee once per kind (the task's `reminded` list remembers what went out).
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import type { SystemJob } from "../../../shared/modules.ts";
import { markReminded, tasksToRemind, tenantsWithReminders } from "./tasks.repo.ts";
import { DUE_SOON_MS } from "./tasks.rules.ts";
import { tellAboutTask } from "./tasks.notify.service.ts";

export const REMINDER_JOB = "workflow.task-reminders";

/** Sends what is due now; returns how many reminders went out. */
export async function sendTaskReminders(
  system: SystemActor,
  input: { now?: number } = {},
): Promise<number> {
  const { sql } = system;
  const { now = Date.now() } = input;
  let sent = 0;
  for (const t of await tasksToRemind(sql, DUE_SOON_MS)) {
    const overdue = Date.parse(t.dueAt) <= now;
    const kind = overdue ? "overdue" : "due-soon";
    if (t.reminded.includes(kind)) continue;
    await markReminded(sql, t.id, kind);
    // An overdue task never needs its due-soon reminder afterwards.
    if (overdue && !t.reminded.includes("due-soon")) await markReminded(sql, t.id, "due-soon");
    await tellAboutTask(system, {
      userId: t.assignee,
      kind: overdue ? "overdue" : "dueSoon",
      task: t,
    });
    sent++;
  }
  return sent;
}

export const taskRemindersJob: SystemJob = {
  name: REMINDER_JOB,
  schedule: {
    cron: "*/5 * * * *",
    perTenant: true,
    tenantsWithWork: (tx) => tenantsWithReminders(tx, DUE_SOON_MS),
  },
  handler: (ctx) => ctx.scoped((sql) => sendTaskReminders({ sql, bus: ctx.bus })).then(() => {}),
};
