/**
 * Telling a person about a task: an inbox entry (live badge through the notification bus) and
 * an e-mail through the outbox, both in the caller's transaction so they exist only if the
 * change commits. People who are not active members of the tenant are skipped, not refused:
 * a process may name someone who has left.
 */
import type { Sql } from "../../../shared/db/database.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { notify, queueMail } from "../../../platform/notifications/public.ts";
import { memberLocale } from "../../../platform/identity/public.ts";
import "./tasks.messages.ts";

export type TaskNotice = "assigned" | "delegated" | "returned" | "dueSoon" | "overdue";

export async function tellAboutTask(
  sql: Sql,
  bus: Bus,
  userId: string,
  kind: TaskNotice,
  task: { id: string; name: string },
) {
  const [member] = await sql<{ email: string }[]>`
    select email from member_directory where user_id = ${userId} and status = 'active'`;
  if (!member) return;
  // Notices are stored as text, so they are written in the recipient's language.
  const locale = await memberLocale(sql, userId);
  const title = t(locale, `workflow.tasks.notice.${kind}`, { name: task.name });
  const link = `/workflow/tasks/${task.id}`;
  await notify(sql, bus, { userId, module: "workflow", title, body: task.name, link });
  if (member.email) {
    await queueMail(sql, {
      to: member.email,
      subject: title,
      text: `${title}\n\n${task.name}\n${link}`,
    });
  }
}
