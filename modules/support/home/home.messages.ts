import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's home texts: key → [English, Turkish]. */
export const homeMessages = defineMessages({
  "support.home.myTickets": ["My open tickets", "Açık taleplerim"],
  "support.home.slaRisk": ["SLA at risk", "SLA riski olan talepler"],
  "support.home.ticket": ["Ticket", "Talep"],
  "support.home.all": ["Show all", "Tümünü göster"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof homeMessages> {}
}
