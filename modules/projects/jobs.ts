import type { SystemJob } from "../../shared/modules.ts";
import type { JobContext } from "../../shared/jobs/dispatcher.ts";
import { activeOnly, deliver, type Notice } from "./notices/notices.service.ts";

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
    const due = await sql<
      { id: string; title: string; dueDate: string; assigneeId: string }[]
    >`
      insert into task_due_reminders (tenant_id, task_id, due_date)
      select t.tenant_id, t.id, t.due_date from tasks t
        join projects p on p.tenant_id = t.tenant_id and p.id = t.project_id
        join project_members m on m.tenant_id = t.tenant_id and m.project_id = t.project_id
          and m.user_id = t.assignee_id
      where t.done_at is null and not p.archived and t.assignee_id is not null
        and t.due_date between current_date and current_date + ${DUE_WINDOW_DAYS}::int
      on conflict do nothing
      returning task_id as id,
        (select title from tasks x where x.tenant_id = task_due_reminders.tenant_id
          and x.id = task_due_reminders.task_id) as title,
        due_date,
        (select assignee_id from tasks x where x.tenant_id = task_due_reminders.tenant_id
          and x.id = task_due_reminders.task_id) as assignee_id`;
    const active = new Set(await activeOnly(sql, due.map((d) => d.assigneeId)));
    for (const d of due) {
      if (!active.has(d.assigneeId)) continue;
      const notice: Notice = {
        kind: "due",
        title: `Due ${d.dueDate}: ${d.title}`,
        body: `The task "${d.title}" is due on ${d.dueDate}.`,
        link: `/projects/tasks/${d.id}`,
      };
      await deliver(sql, ctx.bus, new Map([[d.assigneeId, notice]]));
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
