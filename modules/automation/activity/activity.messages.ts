import { addMessages } from "../../../shared/i18n/i18n.ts";

// The cross-module activity log page. [key, English, Turkish]
const MESSAGES: [string, string, string][] = [
  [
    "automation.activity.description",
    "Who changed what, in every module you may read.",
    "Okuyabildiğiniz tüm modüllerde kimin neyi değiştirdiği.",
  ],
  ["automation.activity.csv", "Download CSV", "CSV indir"],
  ["automation.activity.entity.agent", "Agent", "Ajan"],
  ["automation.activity.entity.job", "Job", "İş"],
  ["automation.activity.entity.run", "Run", "Çalıştırma"],
  ["automation.activity.entity.settings", "Settings", "Ayarlar"],
  ["automation.activity.entity.ticket", "Ticket", "Talep"],
  ["automation.activity.entity.customer", "Customer", "Müşteri"],
  ["automation.activity.entity.contract", "Contract", "Sözleşme"],
  ["automation.activity.entity.project", "Project", "Proje"],
  ["automation.activity.entity.task", "Task", "Görev"],
  ["automation.activity.entity.file", "File", "Dosya"],
  ["automation.activity.entity.folder", "Folder", "Klasör"],
  ["automation.activity.entity.process", "Process", "Süreç"],
];

addMessages("en", Object.fromEntries(MESSAGES.map(([k, en]) => [k, en])));
addMessages("tr", Object.fromEntries(MESSAGES.map(([k, , tr]) => [k, tr])));
