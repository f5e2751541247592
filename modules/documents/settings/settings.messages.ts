import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: the storage settings. Key → [English, Turkish]. */
export const settingsMessages = defineMessages({
  "documents.limits": ["Limits", "Sınırlar"],
  "documents.settingsQuota": ["Storage quota (MiB)", "Depolama kotası (MiB)"],
  "documents.settingsQuotaHint": [
    "For the whole workspace; 0 blocks uploads.",
    "Tüm çalışma alanı için; 0 yüklemeleri engeller.",
  ],
  "documents.settingsMaxFile": ["Largest file (MiB)", "En büyük dosya (MiB)"],
  "documents.settingsMaxFileHint": [
    "Bigger uploads are refused.",
    "Daha büyük yüklemeler reddedilir.",
  ],
  "documents.settingsVersionsHint": [
    "The oldest versions go first.",
    "Önce en eski sürümler silinir.",
  ],
  "documents.settingsRetention": [
    "Days in the trash before purging",
    "Çöp kutusunda kalma süresi (gün)",
  ],
  "documents.settingsRetentionHint": [
    "Then they are deleted for good.",
    "Sonra kalıcı olarak silinirler.",
  ],
  "documents.settingsNotify": [
    "Notify owners when a shared file is opened",
    "Paylaşılan bir dosya açıldığında sahibine bildir",
  ],
  "documents.wholeNumber": [
    "{field}: enter a whole number from {min} to {max}.",
    "{field}: {min} ile {max} arasında bir tam sayı girin.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof settingsMessages> {}
}
