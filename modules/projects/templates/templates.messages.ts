/** Project templates' texts (key → [English, Turkish]). */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const templatesMessages = defineMessages({
  "page.projectTemplates": ["Project templates", "Proje şablonları"],
  "projects.templates.empty": ["No templates yet", "Henüz şablon yok"],
  "projects.templates.emptyHint": [
    "Open a project and choose “Save as template” to reuse its statuses, fields and tasks.",
    "Bir projeyi açıp “Şablon olarak kaydet”i seçin; durumları, alanları ve görevleri yeniden kullanılır.",
  ],
  "projects.templates.name": ["Template", "Şablon"],
  "projects.templates.tasks": ["Tasks", "Görevler"],
  "projects.templates.madeBy": ["Made by", "Oluşturan"],
  "projects.templates.madeAt": ["Saved", "Kaydedildi"],
  "projects.templates.description": ["Description", "Açıklama"],
  "projects.templates.save": ["Save as template", "Şablon olarak kaydet"],
  "projects.templates.saveHint": [
    "Keeps the statuses and their moves, labels, custom fields, milestones and the task tree with dependencies; dates are kept relative to the project start.",
    "Durumlar ve geçişleri, etiketler, özel alanlar, kilometre taşları ve bağımlılıklarıyla görev ağacı saklanır; tarihler proje başlangıcına göre tutulur.",
  ],
  "projects.templates.saveButton": ["Save template", "Şablonu kaydet"],
  "projects.templates.saved": ["Template saved.", "Şablon kaydedildi."],
  "projects.templates.use": ["New project", "Yeni proje"],
  "projects.templates.useTitle": ["New project from {name}", "{name} şablonundan yeni proje"],
  "projects.templates.startDate": ["Start date", "Başlangıç tarihi"],
  "projects.templates.startHint": [
    "Every date of the template moves with it.",
    "Şablondaki tüm tarihler buna göre kaydırılır.",
  ],
  "projects.templates.create": ["Create project", "Projeyi oluştur"],
  "projects.templates.fromTemplate": ["New from template", "Şablondan yeni"],
  "projects.templates.fromTemplateHint": [
    "Or start from a saved template:",
    "Ya da kayıtlı bir şablondan başlayın:",
  ],
  "projects.templates.choose": ["Template", "Şablon"],
  "projects.templates.delete": ["Delete", "Sil"],
  "projects.templates.deleteConfirm": [
    "Delete the template {name}? Projects made from it stay.",
    "{name} şablonu silinsin mi? Ondan oluşturulan projeler kalır.",
  ],
  "projects.templates.deleted": ["Template deleted.", "Şablon silindi."],
  "projects.templates.manage": ["All templates", "Tüm şablonlar"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof templatesMessages> {}
}
