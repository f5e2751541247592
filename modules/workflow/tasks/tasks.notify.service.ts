/**
 * Telling a person about a task: an inbox entry (live badge through the notification bus) and
 * an e-mail through the outbox, both in the caller's transaction so they exist only if the
 * change commits. People who are not active members of the tenant are skipped, not refused:
 * a process may name someone who has left.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { notify, queueMail } from "../../../platform/notifications/public.ts";
import { memberLocale } from "../../../platform/identity/public.ts";
import { activeMemberEmail } from "./tasks.repo.ts";
import "./tasks.messages.ts";

export type TaskNotice = "assigned" | "delegated" | "returned" | "dueSoon" | "overdue";

export async function tellAboutTask(
  system: SystemActor,
  input: { userId: string; kind: TaskNotice; task: { id: string; name: string } },
) {
  const { sql, bus } = system;
  const { userId, kind, task } = input;
  const member = await activeMemberEmail(sql, userId);
  if (!member) return;
  // Notices are stored as text, so they are written in the recipient's language.
  const locale = await memberLocale(sql, userId);
  const title = t(locale, `workflow.tasks.notice.${kind}`, { name: task.name });
  const link = `/workflow/tasks/${task.id}`;
  await notify({ sql, bus }, { userId, module: "workflow", title, body: task.name, link });
  if (member.email) {
    await queueMail({ sql }, {
      to: member.email,
      subject: title,
      text: `${title}\n\n${task.name}\n${link}`,
    });
  }
}
