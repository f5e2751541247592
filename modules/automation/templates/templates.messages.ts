import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Automation's templates texts: key → [English, Turkish]. */
export const templatesMessages = defineMessages({
  "automation.templates.closeResolved.name": ["Close resolved tickets", "Çözülen talepleri kapat"],
  "automation.templates.closeResolved.description": [
    "Closes tickets that have stayed resolved for a number of days (7 unless you change it).",
    "Belirli bir gün sayısı boyunca çözüldü durumunda kalan talepleri kapatır (değiştirmezseniz 7 gün).",
  ],
  "automation.templates.digest.name": [
    "Daily digest of open tickets",
    "Açık taleplerin günlük özeti",
  ],
  "automation.templates.digest.description": [
    "E-mails the open tickets by priority to the addresses you list, every weekday morning.",
    "Açık talepleri önceliğe göre listeler ve özeti her iş günü sabahı belirttiğiniz adreslere e-postayla gönderir.",
  ],
  "automation.templates.importCustomers.name": [
    "Import customers from a REST endpoint",
    "REST uç noktasından müşteri aktar",
  ],
  "automation.templates.importCustomers.description": [
    "Reads a list of customers from another system every night and adds them to Support.",
    "Her gece başka bir sistemden müşteri listesini okur ve Destek'e ekler.",
  ],
  "automation.templates.projectReport.name": [
    "Project status report (CSV)",
    "Proje durum raporu (CSV)",
  ],
  "automation.templates.projectReport.description": [
    "Saves a CSV of every project's progress in Documents (Reports folder) each Monday.",
    "Her pazartesi tüm projelerin ilerlemesini içeren bir CSV dosyasını Belgeler'deki Raporlar klasörüne kaydeder.",
  ],
  "automation.templates.webhook.name": [
    "Post to an outgoing webhook",
    "Giden web kancasına gönder",
  ],
  "automation.templates.webhook.description": [
    "Sends a JSON message to another service's webhook, e.g. when a run fails.",
    "Başka bir hizmetin web kancasına JSON mesajı gönderir; örneğin bir çalıştırma başarısız olduğunda.",
  ],
  "automation.templates.followUp.name": ["Create a follow-up task", "Takip görevi oluştur"],
  "automation.templates.followUp.description": [
    "Adds a task to a project with the title given in the input.",
    "Girdide verilen başlıkla bir projeye görev ekler.",
  ],
  "automation.templates.welcome.name": ["Welcome e-mail", "Hoş geldiniz e-postası"],
  "automation.templates.welcome.description": [
    "Sends a welcome e-mail to the address and name given in the input.",
    "Girdide verilen adres ve isme bir hoş geldiniz e-postası gönderir.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof templatesMessages> {}
}
