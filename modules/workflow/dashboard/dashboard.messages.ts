import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

// The workflow dashboard (/workflow). key: [English, Turkish]
export const dashboardMessages = defineMessages({
  "wfd.description": ["Processes and tasks at a glance.", "Süreçler ve görevler bir bakışta."],
  "wfd.figures": ["Figures", "Göstergeler"],
  "wfd.active": ["Active processes", "Etkin süreçler"],
  "wfd.suspended": ["{n} suspended", "{n} askıda"],
  "wfd.incidents": ["Open incidents", "Açık hata kayıtları"],
  "wfd.myTasks": ["My open tasks", "Açık görevlerim"],
  "wfd.pool": ["Tasks in my pool", "Havuzumdaki görevler"],
  "wfd.overdue": ["Overdue tasks", "Gecikmiş görevler"],
  "wfd.chart": ["Processes per day (14 days)", "Günlük süreçler (14 gün)"],
  "wfd.started": ["Started", "Başlatılan"],
  "wfd.completed": ["Completed", "Tamamlanan"],
  "wfd.newestTasks": ["My newest tasks", "En yeni görevlerim"],
  "wfd.noTasks": ["No open tasks. Well done!", "Açık görev yok. Tebrikler!"],
  "wfd.allTasks": ["My tasks", "Görevlerim"],
  "wfd.recentIncidents": ["Recent incidents", "Son hata kayıtları"],
  "wfd.noIncidents": ["No open incidents.", "Açık hata kaydı yok."],
  "wfd.allProcesses": ["All processes", "Tüm süreçler"],
  "wfd.col.task": ["Task", "Görev"],
  "wfd.col.process": ["Process", "Süreç"],
  "wfd.standalone": ["Stand-alone task", "Bağımsız görev"],
  "wfd.col.priority": ["Priority", "Öncelik"],
  "wfd.col.due": ["Due", "Son tarih"],
  "wfd.col.step": ["Step", "Adım"],
  "wfd.col.message": ["Message", "Mesaj"],
  "wfd.col.when": ["When", "Ne zaman"],
  "wfd.startProcess": ["Start a process", "Süreç başlat"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof dashboardMessages> {}
}
