/** The personal calendar feed (key → [English, Turkish]). */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const icalMessages = defineMessages({
  "page.calendarFeed": ["Calendar feed", "Takvim aboneliği"],
  "projects.feed.title": ["Calendar feed", "Takvim aboneliği"],
  "projects.feed.intro": [
    "Subscribe to your open tasks from Google Calendar, Outlook or Apple Calendar: each task " +
    "shows on its due date (from its start date when it has one).",
    "Açık görevlerinize Google Takvim, Outlook veya Apple Takvim'den abone olun: her görev " +
    "bitiş tarihinde (başlangıç tarihi varsa oradan itibaren) görünür.",
  ],
  "projects.feed.secret": [
    "The address is a secret: anyone who has it can read these tasks. Revoke it if it leaks.",
    "Bu adres gizlidir: adrese sahip olan herkes bu görevleri okuyabilir. Sızarsa iptal edin.",
  ],
  "projects.feed.none": ["You have no feed link yet.", "Henüz bir abonelik bağlantınız yok."],
  "projects.feed.active": ["Link made:", "Bağlantının oluşturulması:"],
  "projects.feed.create": ["Create link", "Bağlantı oluştur"],
  "projects.feed.recreate": ["Make a new link", "Yeni bağlantı oluştur"],
  "projects.feed.revoke": ["Revoke link", "Bağlantıyı iptal et"],
  "projects.feed.revoked": ["The link was revoked.", "Bağlantı iptal edildi."],
  "projects.feed.url": ["Feed address", "Abonelik adresi"],
  "projects.feed.copyOnce": [
    "Copy it now: it is shown only this once. The previous link no longer works.",
    "Şimdi kopyalayın: yalnızca bu kez gösterilir. Önceki bağlantı artık çalışmaz.",
  ],
  "projects.feed.hidden": [
    "The address is shown only when it is made. Make a new link to see one again.",
    "Adres yalnızca oluşturulduğunda gösterilir. Yeniden görmek için yeni bağlantı oluşturun.",
  ],
  "projects.feed.includeWatched": [
    "Include tasks I watch (not only those assigned to me)",
    "İzlediğim görevleri de ekle (yalnızca bana atananları değil)",
  ],
  "projects.feed.saveOptions": ["Save", "Kaydet"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof icalMessages> {}
}
