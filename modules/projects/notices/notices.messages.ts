/** Notices' texts: the notification list and its kinds (key → [English, Turkish]). */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const noticesMessages = defineMessages({
  "projects.mailPrefs": ["Also send me an e-mail for", "Şunlar için bana e-posta da gönder"],
  "projects.noNotifications": ["No notifications.", "Bildirim yok."],
  "projects.notice.assignment": ["Tasks assigned to me", "Bana atanan görevler"],
  "projects.notice.comment": ["Comments on my tasks", "Görevlerime yapılan yorumlar"],
  "projects.notice.mention": ["Mentions", "Anılmalarım"],
  "projects.notice.due": ["Due dates approaching", "Yaklaşan bitiş tarihleri"],
  "projects.recentNotices": ["Notifications from Projects", "Projeler bildirimleri"],
  "projects.openInbox": ["Open the inbox", "Gelen kutusunu aç"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof noticesMessages> {}
}
