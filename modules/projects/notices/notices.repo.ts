import type { Sql } from "../../../shared/db/database.ts";

import type { MailPreferences, NoticeKind } from "./notices.schemas.ts";
export { type MailPreferences, NOTICE_KINDS, type NoticeKind } from "./notices.schemas.ts";

const TENANT = (sql: Sql) => sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

export async function selectPreferences(sql: Sql, userId: string): Promise<MailPreferences> {
  const [row] = await sql<MailPreferences[]>`
    select assignment, comment, mention, due from project_mail_preferences
    where user_id = ${userId}`;
  return row ?? { assignment: false, comment: false, mention: false, due: false };
}

export async function upsertPreferences(sql: Sql, userId: string, p: MailPreferences) {
  await sql`
    insert into project_mail_preferences (tenant_id, user_id, assignment, comment, mention, due)
    values (${TENANT(sql)}, ${userId}, ${p.assignment}, ${p.comment}, ${p.mention}, ${p.due})
    on conflict (tenant_id, user_id) do update set assignment = excluded.assignment,
      comment = excluded.comment, mention = excluded.mention, due = excluded.due`;
}

/** Recipients that want this kind by e-mail, with their address. */
export async function mailRecipients(sql: Sql, userIds: string[], kind: NoticeKind) {
  if (!userIds.length) return [];
  return await sql<{ userId: string; email: string }[]>`
    select p.user_id, d.email from project_mail_preferences p
      join member_directory d on d.user_id = p.user_id
    where p.user_id = any(${userIds}::uuid[]) and ${sql(kind)} = true`;
}

/**
 * Records one reminder per (task, due date) for open tasks due within `days` days whose
 * assignee is a member of the (live) project, and returns those newly recorded.
 */
export async function claimDueReminders(sql: Sql, days: number) {
  return await sql<
    { id: string; title: string; dueDate: string; assigneeId: string }[]
  >`
      insert into task_due_reminders (tenant_id, task_id, due_date)
      select t.tenant_id, t.id, t.due_date from tasks t
        join projects p on p.tenant_id = t.tenant_id and p.id = t.project_id
        join project_members m on m.tenant_id = t.tenant_id and m.project_id = t.project_id
          and m.user_id = t.assignee_id
      where t.done_at is null and not p.archived and t.assignee_id is not null
        and t.due_date between current_date and current_date + ${days}::int
      on conflict do nothing
      returning task_id as id,
        (select title from tasks x where x.tenant_id = task_due_reminders.tenant_id
          and x.id = task_due_reminders.task_id) as title,
        due_date,
        (select assignee_id from tasks x where x.tenant_id = task_due_reminders.tenant_id
          and x.id = task_due_reminders.task_id) as assignee_id`;
}
