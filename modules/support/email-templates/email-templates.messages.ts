import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's email templates texts: key → [English, Turkish]. */
export const emailTemplatesMessages = defineMessages({
  "support.templateKind.opened": ["Ticket opened", "Talep açıldı"],
  "support.templateKind.updated": ["Ticket updated", "Talep güncellendi"],
  "support.templateKind.closed": ["Ticket closed", "Talep kapandı"],
  "support.templateKind.renewal": ["Contract renewal", "Sözleşme yenileme"],
  "support.templateKind.reply": ["Reply to the customer", "Müşteriye yanıt"],
  "support.preview": ["Preview", "Önizleme"],
  "support.templates.variables": [
    "Variables: {{ticket.number}}, {{ticket.subject}}, {{ticket.statusLabel}}, {{ticket.priorityLabel}}, {{ticket.assignee}}, {{customer.name}}, {{comment.body}}, {{agent.name}}, {{signature}}, {{contract.name}}, {{contract.endsOn}}, {{ratingLink}} (solved or closed: a single-use rating link)",
    "Değişkenler: {{ticket.number}}, {{ticket.subject}}, {{ticket.statusLabel}}, {{ticket.priorityLabel}}, {{ticket.assignee}}, {{customer.name}}, {{comment.body}}, {{agent.name}}, {{signature}}, {{contract.name}}, {{contract.endsOn}}, {{ratingLink}} (çözüldü ya da kapandı: tek kullanımlık değerlendirme bağlantısı)",
  ],
  "support.templates.new": ["New template", "Yeni şablon"],
  "support.templates.try": ["Try a template", "Şablonu deneyin"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof emailTemplatesMessages> {}
}
