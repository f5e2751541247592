import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: the notifications page. Key → [English, Turkish]. */
export const notificationsMessages = defineMessages({
  "documents.notification": ["Notification", "Bildirim"],
  "documents.received": ["Received", "Alınma"],
  "documents.read": ["Read", "Okundu"],
  "documents.unread": ["New", "Yeni"],
  "documents.noNotifications": ["No document notifications.", "Belge bildirimi yok."],
  "documents.noNotificationsHint": [
    "You hear here when someone opens a file you shared by link.",
    "Bağlantıyla paylaştığınız bir dosya açıldığında burada haber alırsınız.",
  ],
  "documents.openInbox": ["Open the inbox", "Gelen kutusunu aç"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof notificationsMessages> {}
}
