import { addMessages } from "../../../shared/i18n/i18n.ts";

addMessages("en", {
  "automation.templates.closeResolved.name": "Close resolved tickets",
  "automation.templates.closeResolved.description":
    "Closes tickets that have stayed resolved for a number of days (7 unless you change it).",
  "automation.templates.digest.name": "Daily digest of open tickets",
  "automation.templates.digest.description":
    "E-mails the open tickets by priority to the addresses you list, every weekday morning.",
  "automation.templates.importCustomers.name": "Import customers from a REST endpoint",
  "automation.templates.importCustomers.description":
    "Reads a list of customers from another system every night and adds them to Support.",
  "automation.templates.projectReport.name": "Project status report (CSV)",
  "automation.templates.projectReport.description":
    "Saves a CSV of every project's progress in Documents (Reports folder) each Monday.",
  "automation.templates.webhook.name": "Post to an outgoing webhook",
  "automation.templates.webhook.description":
    "Sends a JSON message to another service's webhook, e.g. when a run fails.",
  "automation.templates.followUp.name": "Create a follow-up task",
  "automation.templates.followUp.description":
    "Adds a task to a project with the title given in the input.",
  "automation.templates.welcome.name": "Welcome e-mail",
  "automation.templates.welcome.description":
    "Sends a welcome e-mail to the address and name given in the input.",
});

addMessages("tr", {
  "automation.templates.closeResolved.name": "Çözülen talepleri kapat",
  "automation.templates.closeResolved.description":
    "Belirli bir gün sayısı boyunca çözüldü durumunda kalan talepleri kapatır (değiştirmezseniz 7 gün).",
  "automation.templates.digest.name": "Açık taleplerin günlük özeti",
  "automation.templates.digest.description":
    "Açık talepleri önceliğe göre listeler ve özeti her iş günü sabahı belirttiğiniz adreslere e-postayla gönderir.",
  "automation.templates.importCustomers.name": "REST uç noktasından müşteri aktar",
  "automation.templates.importCustomers.description":
    "Her gece başka bir sistemden müşteri listesini okur ve Destek'e ekler.",
  "automation.templates.projectReport.name": "Proje durum raporu (CSV)",
  "automation.templates.projectReport.description":
    "Her pazartesi tüm projelerin ilerlemesini içeren bir CSV dosyasını Belgeler'deki Raporlar klasörüne kaydeder.",
  "automation.templates.webhook.name": "Giden web kancasına gönder",
  "automation.templates.webhook.description":
    "Başka bir hizmetin web kancasına JSON mesajı gönderir; örneğin bir çalıştırma başarısız olduğunda.",
  "automation.templates.followUp.name": "Takip görevi oluştur",
  "automation.templates.followUp.description": "Girdide verilen başlıkla bir projeye görev ekler.",
  "automation.templates.welcome.name": "Hoş geldiniz e-postası",
  "automation.templates.welcome.description":
    "Girdide verilen adres ve isme bir hoş geldiniz e-postası gönderir.",
});
