/** The project calendar (key → [English, Turkish]). */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const calendarMessages = defineMessages({
  "projects.view.calendar": ["Calendar", "Takvim"],
  "projects.calendar.title": ["Calendar", "Takvim"],
  "projects.calendar.prev": ["Previous month", "Önceki ay"],
  "projects.calendar.next": ["Next month", "Sonraki ay"],
  "projects.calendar.today": ["Today", "Bugün"],
  "projects.calendar.undated": ["No due date", "Bitiş tarihi yok"],
  "projects.calendar.undatedNone": [
    "Every task has a due date.",
    "Her görevin bir bitiş tarihi var.",
  ],
  "projects.calendar.agenda": ["Tasks this month", "Bu ayın görevleri"],
  "projects.calendar.agendaNone": [
    "No tasks are due this month.",
    "Bu ay bitişi olan görev yok.",
  ],
  "projects.calendar.help": [
    "Drag a task to another day to change its due date, or open the task to edit the date.",
    "Bitiş tarihini değiştirmek için görevi başka bir güne sürükleyin ya da görevi açıp tarihi düzenleyin.",
  ],
  "projects.calendar.moveRefused": [
    "The date could not be changed.",
    "Tarih değiştirilemedi.",
  ],
  "projects.calendar.moveFailed": [
    "The change could not be saved. Check your connection and try again.",
    "Değişiklik kaydedilemedi. Bağlantınızı kontrol edip yeniden deneyin.",
  ],
  "projects.calendar.moved": ["Due date changed.", "Bitiş tarihi değişti."],
  "projects.calendar.dayTasks": ["{count} tasks", "{count} görev"],
  "projects.calendar.truncated": [
    "Only the first {count} tasks are shown; narrow the filters.",
    "Yalnızca ilk {count} görev gösteriliyor; filtreleri daraltın.",
  ],
  "projects.calendar.subscribe": ["Calendar feed", "Takvim aboneliği"],
  "projects.calendar.refusedDates": [
    "The due date cannot be before the task's start date.",
    "Bitiş tarihi görevin başlangıç tarihinden önce olamaz.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof calendarMessages> {}
}
