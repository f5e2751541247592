import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's "waiting on customer" texts: key → [English, Turkish]. */
export const waitingMessages = defineMessages({
  "support.waiting.customer": ["Waiting on customer", "Müşteri bekleniyor"],
  "support.waiting.third_party": ["Waiting on a third party", "Üçüncü taraf bekleniyor"],
  "support.waiting.since": ["since {since}", "{since} tarihinden beri"],
  "support.waiting.paused": [
    "The SLA clocks are paused until the ticket resumes.",
    "Talep devam edene kadar SLA süreleri duraklatıldı.",
  ],
  "support.waiting.set": ["Wait on customer", "Müşteriyi bekle"],
  "support.waiting.setThirdParty": ["Wait on third party", "Üçüncü tarafı bekle"],
  "support.waiting.resume": ["Resume", "Devam et"],
  "support.waiting.badge": ["Waiting", "Bekliyor"],
  "support.error.pending": [
    "Only a ticket in progress can wait.",
    "Yalnızca işlemdeki bir talep bekletilebilir.",
  ],
  "support.history.ticket.waiting": ["put the ticket on hold", "talebi beklemeye aldı"],
  "support.history.ticket.resumed": ["resumed the ticket", "talebi devam ettirdi"],
  "support.history.ticket.customerReplied": [
    "resumed the ticket (the customer replied)",
    "talebi devam ettirdi (müşteri yanıt verdi)",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof waitingMessages> {}
}
