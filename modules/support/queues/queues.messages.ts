import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's team queue texts: key → [English, Turkish]. */
export const queuesMessages = defineMessages({
  "page.queues": ["Queues", "Kuyruklar"],
  "support.queues.lead": [
    "Each team's open tickets. Unassigned tickets come first, oldest first.",
    "Her ekibin açık talepleri. Atanmamış talepler önce, en eskiden başlayarak.",
  ],
  "support.queues.empty": [
    "No teams yet. Add teams under Organizations.",
    "Henüz ekip yok. Ekipleri Organizasyonlar altında ekleyin.",
  ],
  "support.queues.open": ["Open", "Açık"],
  "support.queues.unassigned": ["Unassigned", "Atanmamış"],
  "support.queues.mode": ["Assignment", "Atama"],
  "support.queues.ticketsEmpty": [
    "No open tickets in this queue.",
    "Bu kuyrukta açık talep yok.",
  ],
  "support.queues.more": ["Next page", "Sonraki sayfa"],
  "support.team.none": ["No team", "Ekip yok"],
  "support.team.change": ["Change team", "Ekibi değiştir"],
  "support.error.team": ["No such team.", "Böyle bir ekip yok."],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof queuesMessages> {}
}
