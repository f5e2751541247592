/** Saved views and the project's filter bar (key → [English, Turkish]). */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const viewsMessages = defineMessages({
  "projects.savedViews": ["Views", "Görünümler"],
  "projects.savedViews.menu": ["Saved views", "Kayıtlı görünümler"],
  "projects.savedViews.none": ["No saved views yet.", "Henüz kayıtlı görünüm yok."],
  "projects.savedViews.mine": ["Personal", "Kişisel"],
  "projects.savedViews.sharedGroup": ["Shared with the project", "Projeyle paylaşılan"],
  "projects.savedViews.save": ["Save view", "Görünümü kaydet"],
  "projects.savedViews.name": ["View name", "Görünüm adı"],
  "projects.savedViews.share": [
    "Share with the project's members",
    "Projenin üyeleriyle paylaş",
  ],
  "projects.savedViews.layout": ["Layout", "Düzen"],
  "projects.savedViews.layout.list": ["List", "Liste"],
  "projects.savedViews.layout.board": ["Board", "Pano"],
  "projects.savedViews.layout.calendar": ["Calendar", "Takvim"],
  "projects.savedViews.layout.timeline": ["Timeline", "Zaman çizelgesi"],
  "projects.savedViews.delete": ["Delete view", "Görünümü sil"],
  "projects.savedViews.deleteNamed": ["Delete view {name}", "{name} görünümünü sil"],
  "projects.savedViews.current": ["Open view: {name}", "Açık görünüm: {name}"],
  "projects.savedViews.saveHint": [
    "Saves the filters, grouping, sort and columns shown now.",
    "Şu anki filtreleri, gruplamayı, sıralamayı ve sütunları kaydeder.",
  ],
  "projects.savedViews.badFilters": [
    "Some filters were not valid and are not applied.",
    "Bazı filtreler geçerli değil ve uygulanmadı.",
  ],
  "projects.savedViews.checkName": ["Give the view a name.", "Görünüme bir ad verin."],
  "projects.savedViews.viewerShared": [
    "Viewers can save personal views only.",
    "İzleyiciler yalnızca kişisel görünüm kaydedebilir.",
  ],
  "projects.savedViews.truncated": [
    "Showing the first {count} tasks; narrow the filters to see the rest.",
    "İlk {count} görev gösteriliyor; geri kalanı için filtreleri daraltın.",
  ],
  "projects.groupBy": ["Group by", "Grupla"],
  "projects.groupBy.none": ["No grouping", "Gruplama yok"],
  "projects.groupBy.status": ["Status", "Durum"],
  "projects.groupBy.assignee": ["Assignee", "Atanan"],
  "projects.groupBy.priority": ["Priority", "Öncelik"],
  "projects.groupBy.label": ["Label", "Etiket"],
  "projects.groupBy.noValue": ["No value", "Değer yok"],
  "projects.columns": ["Columns", "Sütunlar"],
  "projects.column.status": ["Status", "Durum"],
  "projects.column.priority": ["Priority", "Öncelik"],
  "projects.column.assignee": ["Assignee", "Atanan"],
  "projects.column.dueDate": ["Due date", "Bitiş tarihi"],
  "projects.column.startDate": ["Start date", "Başlangıç tarihi"],
  "projects.column.labels": ["Labels", "Etiketler"],
  "projects.column.estimate": ["Estimate", "Tahmin"],
  "projects.noLabel": ["No label", "Etiketsiz"],
  "projects.groupCount": ["{count} tasks", "{count} görev"],
  "projects.clearFilters": ["Clear filters", "Filtreleri temizle"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof viewsMessages> {}
}
