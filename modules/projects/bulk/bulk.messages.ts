import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const bulkMessages = defineMessages({
  "projects.bulk.select": ["Select {title}", "{title} görevini seç"],
  "projects.bulk.column": ["Select", "Seç"],
  "projects.bulk.selectAll": ["Select all tasks", "Tüm görevleri seç"],
  "projects.bulk.title": ["Change selected tasks", "Seçili görevleri değiştir"],
  "projects.bulk.selected": ["Selected tasks: {count}", "Seçili görev: {count}"],
  "projects.bulk.keep": ["Keep", "Değiştirme"],
  "projects.bulk.status": ["Set status", "Durum"],
  "projects.bulk.priority": ["Set priority", "Öncelik"],
  "projects.bulk.assignee": ["Add assignee", "Sorumlu ekle"],
  "projects.bulk.addLabel": ["Add label", "Etiket ekle"],
  "projects.bulk.removeLabel": ["Remove label", "Etiket çıkar"],
  "projects.bulk.dueDate": ["Set due date", "Bitiş tarihi"],
  "projects.bulk.apply": ["Apply", "Uygula"],
  "projects.bulk.delete": ["Delete selected", "Seçilenleri sil"],
  "projects.bulk.confirmDelete": [
    "Delete the selected tasks? This cannot be undone.",
    "Seçili görevler silinsin mi? Bu geri alınamaz.",
  ],
  "projects.bulk.none": ["Select at least one task.", "En az bir görev seçin."],
  "projects.bulk.nothing": ["Choose something to change.", "Değiştirilecek bir şey seçin."],
  "projects.bulk.done": ["{count} tasks changed.", "{count} görev değiştirildi."],
  "projects.bulk.refused": [
    "Nothing was changed: {task} — {reason}",
    "Hiçbir şey değiştirilmedi: {task} — {reason}",
  ],
  "projects.bulk.statusOneProject": [
    "Filter by one project to set a status.",
    "Durum değiştirmek için tek bir projeye göre süzün.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof bulkMessages> {}
}
