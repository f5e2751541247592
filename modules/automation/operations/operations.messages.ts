import { addMessages } from "../../../shared/i18n/i18n.ts";

addMessages("en", {
  "automation.operations.support.tickets.list": "List tickets",
  "automation.operations.support.tickets.get": "Read a ticket",
  "automation.operations.support.tickets.create": "Open a ticket",
  "automation.operations.support.tickets.close": "Close a ticket",
  "automation.operations.support.customers.create": "Create a customer",
  "automation.operations.projects.projects.list": "List projects",
  "automation.operations.projects.tasks.create": "Create a task",
  "automation.operations.documents.files.upload": "Save a file in Documents",
  "automation.operations.platform.mail.send": "Send an e-mail",
});
addMessages("tr", {
  "automation.operations.support.tickets.list": "Talepleri listele",
  "automation.operations.support.tickets.get": "Talebi oku",
  "automation.operations.support.tickets.create": "Talep aç",
  "automation.operations.support.tickets.close": "Talebi kapat",
  "automation.operations.support.customers.create": "Müşteri oluştur",
  "automation.operations.projects.projects.list": "Projeleri listele",
  "automation.operations.projects.tasks.create": "Görev oluştur",
  "automation.operations.documents.files.upload": "Belgeler'e dosya kaydet",
  "automation.operations.platform.mail.send": "E-posta gönder",
});
