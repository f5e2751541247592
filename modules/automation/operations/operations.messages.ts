import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Automation's operations texts: key → [English, Turkish]. */
export const operationsMessages = defineMessages({
  "automation.operations.support.tickets.list": ["List tickets", "Talepleri listele"],
  "automation.operations.support.tickets.get": ["Read a ticket", "Talebi oku"],
  "automation.operations.support.tickets.create": ["Open a ticket", "Talep aç"],
  "automation.operations.support.tickets.close": ["Close a ticket", "Talebi kapat"],
  "automation.operations.support.customers.create": ["Create a customer", "Müşteri oluştur"],
  "automation.operations.projects.projects.list": ["List projects", "Projeleri listele"],
  "automation.operations.projects.tasks.create": ["Create a task", "Görev oluştur"],
  "automation.operations.documents.files.upload": [
    "Save a file in Documents",
    "Belgeler'e dosya kaydet",
  ],
  "automation.operations.platform.mail.send": ["Send an e-mail", "E-posta gönder"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof operationsMessages> {}
}
