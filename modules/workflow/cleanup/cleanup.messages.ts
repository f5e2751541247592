import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

// The workflow settings page (history cleanup). key: [English, Turkish]
export const cleanupMessages = defineMessages({
  "workflow.settings.description": [
    "How long the history of finished processes is kept.",
    "Biten süreçlerin geçmişinin ne kadar süre saklandığı.",
  ],
  "workflow.settings.history": ["History cleanup", "Geçmiş temizliği"],
  "workflow.settings.historyTtl": [
    "Keep finished processes for (days)",
    "Biten süreçleri sakla (gün)",
  ],
  "workflow.settings.historyTtl.hint": [
    "Every night, processes that finished longer ago than this are deleted with their steps, tasks, variables and history. A process definition can set its own time in the designer (History cleanup, Time to live). Leave empty to keep everything.",
    "Her gece bundan daha önce biten süreçler adımları, görevleri, değişkenleri ve geçmişiyle birlikte silinir. Bir süreç tanımı kendi süresini tasarımcıda belirleyebilir (History cleanup, Time to live). Her şeyi saklamak için boş bırakın.",
  ],
  "workflow.settings.keepForever": [
    "Nothing is deleted: no time is set here or in a process definition.",
    "Hiçbir şey silinmez: ne burada ne de bir süreç tanımında süre belirlenmiş.",
  ],
  "workflow.settings.keepDays": [
    "Finished processes without a time of their own are deleted after {days} days.",
    "Kendi süresi olmayan biten süreçler {days} gün sonra silinir.",
  ],
  "workflow.settings.audit": [
    "Each night's cleanup is listed in the audit monitor.",
    "Her gecenin temizliği denetim izleme sayfasında listelenir.",
  ],
  "workflow.settings.saved": ["Settings saved.", "Ayarlar kaydedildi."],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof cleanupMessages> {}
}
