import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's time accounting texts: key → [English, Turkish]. */
export const timeMessages = defineMessages({
  "page.timeReport": ["Time report", "Zaman raporu"],
  "support.time.minutes": ["Time spent (minutes)", "Harcanan süre (dakika)"],
  "support.time.minutesHint": ["Optional, up to 1440.", "İsteğe bağlı, en çok 1440."],
  "support.time.spent": ["Time spent", "Harcanan süre"],
  "support.time.total": ["Total time", "Toplam süre"],
  "support.time.groupBy": ["Group by", "Gruplama"],
  "support.time.agent": ["Agent", "Temsilci"],
  "support.time.customer": ["Customer", "Müşteri"],
  "support.time.tickets": ["Tickets", "Talepler"],
  "support.time.comments": ["Entries", "Kayıtlar"],
  "support.time.unknown": ["Unknown", "Bilinmiyor"],
  "support.time.empty": [
    "No time was recorded in this period.",
    "Bu dönemde süre kaydedilmedi.",
  ],
  "support.time.totalTickets": ["Tickets with time", "Süre kaydı olan talepler"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof timeMessages> {}
}
