import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's settings texts: key → [English, Turkish]. */
export const settingsMessages = defineMessages({
  "support.settings.customerEmails": [
    "E-mail customers when their ticket is opened, updated or closed",
    "Talep açıldığında, güncellendiğinde veya kapandığında müşteriye e-posta gönder",
  ],
  "support.settings.defaultLocale": ["Default e-mail language", "Varsayılan e-posta dili"],
  "support.settings.signature": ["Reply signature", "Yanıt imzası"],
  "support.settings.signatureHint": [
    "Ends every reply e-mail. Placeholders: {{agent.name}}, {{ticket.number}}, {{customer.name}}",
    "Her yanıt e-postasının sonuna eklenir. Yer tutucular: {{agent.name}}, {{ticket.number}}, {{customer.name}}",
  ],
  "support.settings.defaultPriority": [
    "Default priority of new tickets",
    "Yeni taleplerin varsayılan önceliği",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof settingsMessages> {}
}
