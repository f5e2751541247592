import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's customers texts: key → [English, Turkish]. */
export const customersMessages = defineMessages({
  "support.kind.person": ["Person", "Kişi"],
  "support.kind.firm": ["Firm", "Firma"],
  "support.customer.tickets": ["Tickets of this customer", "Bu müşterinin talepleri"],
  "support.customers.new": ["New customer", "Yeni müşteri"],
  "support.customer.unknown": ["Unknown customer", "Bilinmeyen müşteri"],
  "support.customer.someone": ["Someone", "Biri"],
  "support.customer.profile": ["Profile", "Profil"],
  "support.customer.noHistory": ["Nothing has happened yet.", "Henüz bir şey olmadı."],
  "support.customerHistory.ticket.created": ["opened ticket", "talep açtı:"],
  "support.customerHistory.ticket.updated": ["changed ticket", "talebi değiştirdi:"],
  "support.customerHistory.ticket.assigned": ["assigned ticket", "talebi atadı:"],
  "support.customerHistory.ticket.closed": ["closed ticket", "talebi kapattı:"],
  "support.customerHistory.ticket.reopened": ["reopened ticket", "talebi yeniden açtı:"],
  "support.customerHistory.comment.commented": ["commented on", "yorum yaptı:"],
  "support.customerHistory.contract.created": ["added contract", "sözleşme ekledi:"],
  "support.customerHistory.contract.reminded": [
    "sent the renewal reminder for",
    "yenileme hatırlatması gönderdi:",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof customersMessages> {}
}
