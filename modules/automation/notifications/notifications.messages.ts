import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Automation's notifications texts: key → [English, Turkish]. */
export const notificationsMessages = defineMessages({
  "automation.notifications.description": [
    "Failed runs, agents in error, runs near their time limit and queue backlog.",
    "Başarısız çalıştırmalar, hatalı ajanlar, süre sınırına yaklaşan çalıştırmalar ve kuyruk birikimi.",
  ],
  "automation.notifications.views": ["Which notifications", "Hangi bildirimler"],
  "automation.notifications.all": ["All", "Tümü"],
  "automation.notifications.unread": ["Unread", "Okunmamış"],
  "automation.notifications.list": ["Automation notifications", "Otomasyon bildirimleri"],
  "automation.notifications.what": ["Notification", "Bildirim"],
  "automation.notifications.markRead": ["Mark “{title}” read", "“{title}” okundu olarak işaretle"],
  "automation.notifications.empty": [
    "No automation notifications yet",
    "Henüz otomasyon bildirimi yok",
  ],
  "automation.notifications.noneUnread": ["Nothing unread", "Okunmamış bildirim yok"],
  "automation.notifications.inbox": ["All notifications", "Tüm bildirimler"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof notificationsMessages> {}
}
