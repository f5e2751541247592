import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Automation's activity texts: key → [English, Turkish]. */
export const activityMessages = defineMessages({
  "automation.activity.description": [
    "Who changed what, in every module you may read.",
    "Okuyabildiğiniz tüm modüllerde kimin neyi değiştirdiği.",
  ],
  "automation.activity.csv": ["Download CSV", "CSV indir"],
  "automation.activity.action.enabled": ["enabled", "etkinleştirdi"],
  "automation.activity.action.disabled": ["disabled", "devre dışı bıraktı"],
  "automation.activity.action.run": ["started by hand", "elle başlattı"],
  "automation.activity.action.test-run": ["test ran", "deneme çalıştırması yaptı"],
  "automation.activity.action.cancelled": ["cancelled", "iptal etti"],
  "automation.activity.action.failing": ["marked as failing", "hatalı olarak işaretledi"],
  "automation.activity.action.recovered": ["marked as active again", "yeniden etkinleştirdi"],
  "automation.activity.action.env-set": [
    "added an environment variable to",
    "ortam değişkeni ekledi",
  ],
  "automation.activity.action.env-rotated": [
    "changed an environment variable of",
    "ortam değişkenini değiştirdi",
  ],
  "automation.activity.action.env-deleted": [
    "removed an environment variable of",
    "ortam değişkenini kaldırdı",
  ],
  "automation.activity.action.secret-rotated": [
    "renewed the webhook secret of",
    "webhook anahtarını yeniledi",
  ],
  "automation.activity.entity.agent": ["Agent", "Ajan"],
  "automation.activity.entity.job": ["Job", "İş"],
  "automation.activity.entity.run": ["Run", "Çalıştırma"],
  "automation.activity.entity.settings": ["Settings", "Ayarlar"],
  "automation.activity.entity.ticket": ["Ticket", "Talep"],
  "automation.activity.entity.customer": ["Customer", "Müşteri"],
  "automation.activity.entity.contract": ["Contract", "Sözleşme"],
  "automation.activity.entity.project": ["Project", "Proje"],
  "automation.activity.entity.task": ["Task", "Görev"],
  "automation.activity.entity.file": ["File", "Dosya"],
  "automation.activity.entity.folder": ["Folder", "Klasör"],
  "automation.activity.entity.process": ["Process", "Süreç"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof activityMessages> {}
}
