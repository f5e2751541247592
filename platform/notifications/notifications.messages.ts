import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// The inbox and the outbox on the kit.
export const notificationsMessages = defineMessages({
  "notifications.all": ["All", "Tümü"],
  "notifications.unreadOnly": ["Unread", "Okunmamış"],
  "notifications.views": ["Which notifications", "Hangi bildirimler"],
  "notifications.new": ["new", "yeni"],
  "notifications.what": ["Notification", "Bildirim"],
  "notifications.module": ["Module", "Modül"],
  "notifications.when": ["When", "Ne zaman"],
  "notifications.noneUnread": ["You have read everything.", "Her şeyi okudunuz."],
  "notifications.markReadOf": ["Mark “{title}” read", "“{title}” okundu olarak işaretle"],
  "outbox.noMailServer": [
    "No mail server is set up yet: messages wait here until the operator configures one.",
    "Henüz e-posta sunucusu ayarlanmadı: iletiler, sistem yöneticisi bir sunucu ayarlayana kadar burada bekler.",
  ],
  "outbox.attempts": ["{count} attempts", "{count} deneme"],
  "outbox.interrupted": [
    "A send was cut off: it may have arrived twice",
    "Bir gönderim yarıda kesildi: iki kez ulaşmış olabilir",
  ],
  "outbox.interruptedHint": [
    "It was sent again with the same Message-ID, so mail servers can drop the copy.",
    "Aynı Message-ID ile yeniden gönderildi; posta sunucuları kopyayı ayıklayabilir.",
  ],
  "outbox.sentAt": ["Sent", "Gönderildi"],
  "outbox.queuedLabel": ["Waiting", "Bekliyor"],
  "outbox.sendingLabel": ["Sending", "Gönderiliyor"],
  "outbox.sentLabel": ["Sent", "Gönderildi"],
  "outbox.failedLabel": ["Failed", "Başarısız"],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof notificationsMessages> {}
}
