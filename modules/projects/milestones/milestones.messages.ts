/** Milestones' texts (key → [English, Turkish]). */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const milestonesMessages = defineMessages({
  "projects.view.milestones": ["Milestones", "Kilometre taşları"],
  "projects.milestone": ["Milestone", "Kilometre taşı"],
  "projects.milestone.name": ["Name", "Ad"],
  "projects.milestone.date": ["Date", "Tarih"],
  "projects.milestone.description": ["Description", "Açıklama"],
  "projects.milestone.progress": ["Progress", "İlerleme"],
  "projects.milestone.tasks": [
    "{done} of {total} tasks done",
    "{total} görevden {done} tamamlandı",
  ],
  "projects.milestone.hours": [
    "{done} of {total} estimated hours",
    "{total} tahmini saatin {done} saati",
  ],
  "projects.milestone.new": ["New milestone", "Yeni kilometre taşı"],
  "projects.milestone.edit": ["Edit", "Düzenle"],
  "projects.milestone.save": ["Save", "Kaydet"],
  "projects.milestone.add": ["Add milestone", "Kilometre taşı ekle"],
  "projects.milestone.delete": ["Delete", "Sil"],
  "projects.milestone.deleteConfirm": [
    "Delete this milestone? Its tasks stay, without a milestone.",
    "Bu kilometre taşı silinsin mi? Görevleri kalır, kilometre taşı olmadan.",
  ],
  "projects.milestone.none": [
    "No milestones yet.",
    "Henüz kilometre taşı yok.",
  ],
  "projects.milestone.noneHint": [
    "Managers add milestones; tasks are attached from the task page.",
    "Kilometre taşlarını yöneticiler ekler; görevler görev sayfasından bağlanır.",
  ],
  "projects.milestone.saved": ["Milestone saved.", "Kilometre taşı kaydedildi."],
  "projects.milestone.deleted": ["Milestone deleted.", "Kilometre taşı silindi."],
  "projects.milestone.outside": [
    "The date must be inside the project's dates.",
    "Tarih projenin tarihleri içinde olmalı.",
  ],
  "projects.milestone.showTasks": ["Show tasks", "Görevleri göster"],
  "projects.milestone.choose": ["No milestone", "Kilometre taşı yok"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof milestonesMessages> {}
}
