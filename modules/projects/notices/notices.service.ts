import type { SystemActor } from "../../../shared/http/actor.ts";
import { notify, queueMail } from "../../../platform/notifications/public.ts";
import { activeMembers } from "../../../platform/identity/public.ts";
import { mailRecipients, type NoticeKind } from "./notices.repo.ts";

export interface Notice {
  kind: NoticeKind;
  title: string;
  body: string;
  link: string;
}

/**
 * Notifies each user once (in-app, in real time after commit) and queues an e-mail for those
 * who opted in to this kind. `notices` maps a user to what they get, so one event that is
 * both a mention and a comment for someone reaches them once.
 */
export async function deliver({ sql, bus }: SystemActor, notices: Map<string, Notice>) {
  const byKind = new Map<NoticeKind, string[]>();
  for (const [userId, n] of notices) {
    await notify({ sql, bus }, {
      userId,
      module: "projects",
      title: n.title,
      body: n.body,
      link: n.link,
    });
    byKind.set(n.kind, [...(byKind.get(n.kind) ?? []), userId]);
  }
  for (const [kind, ids] of byKind) {
    for (const r of await mailRecipients(sql, ids, kind)) {
      const n = notices.get(r.userId)!;
      await queueMail({ sql }, { to: r.email, subject: n.title, text: `${n.body}\n\n${n.link}` });
    }
  }
}

/** Only active tenant members get notices (a disabled one would make notify() refuse). */
export const activeOnly = (
  { sql }: Pick<SystemActor, "sql">,
  userIds: string[],
): Promise<string[]> => activeMembers(sql, userIds);
