import type { SystemActor } from "../../../shared/http/actor.ts";
import { type MessageKey, t } from "../../../shared/i18n/i18n.ts";
import { log } from "../../../shared/log.ts";
import { notify, queueMail } from "../../../platform/notifications/public.ts";
import type { AutomationSettings } from "../common/common.schemas.ts";
import { recipientsOf } from "./engine.repo.ts";

export interface Notice {
  /** i18n keys of the title and body (`automation.engine.notice.*`). */
  titleKey: MessageKey;
  bodyKey: MessageKey;
  vars: Record<string, string | number>;
  link: string;
}

/**
 * Tells the tenant's automation recipients (or, when none are set, the fallback person: the
 * job's or agent's creator) in the inbox, and by e-mail when the settings say so. Texts are
 * stored rendered, in each recipient's language. A recipient who left is skipped, never fails
 * the run's bookkeeping.
 */
export async function tellRecipients(
  { sql, bus }: SystemActor,
  { settings, fallback, notice }: {
    settings: AutomationSettings;
    fallback: string | null;
    notice: Notice;
  },
) {
  const ids = settings.recipients.length ? settings.recipients : fallback ? [fallback] : [];
  if (!ids.length) return;
  for (const r of await recipientsOf(sql, ids)) {
    const title = t(r.locale, notice.titleKey, notice.vars);
    const body = t(r.locale, notice.bodyKey, notice.vars);
    try {
      await notify({ sql, bus }, {
        userId: r.userId,
        module: "automation",
        title,
        body,
        link: notice.link,
      });
      if (settings.notifyEmail && r.email) {
        await queueMail({ sql }, {
          to: r.email,
          subject: title,
          text: `${body}\n\n${notice.link}`,
        });
      }
    } catch (err) {
      log.warn("automation notice not delivered", { user: r.userId, error: String(err) });
    }
  }
}
