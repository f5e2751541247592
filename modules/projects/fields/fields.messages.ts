import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const fieldsMessages = defineMessages({
  "projects.view.fields": ["Fields", "Alanlar"],
  "projects.fields.title": ["Custom fields", "Özel alanlar"],
  "projects.fields.intro": [
    "Fields every task of this project can carry: a customer, a cost centre, story points.",
    "Bu projedeki her görevin taşıyabileceği alanlar: müşteri, masraf merkezi, hikâye puanı.",
  ],
  "projects.fields.none": ["No custom fields yet.", "Henüz özel alan yok."],
  "projects.fields.noneHint": [
    "Managers of the project can add fields here.",
    "Projenin yöneticileri buraya alan ekleyebilir.",
  ],
  "projects.fields.readOnly": [
    "Only the project's managers can change fields.",
    "Alanları yalnızca projenin yöneticileri değiştirebilir.",
  ],
  "projects.fields.add": ["Add field", "Alan ekle"],
  "projects.fields.name": ["Name", "Ad"],
  "projects.fields.type": ["Type", "Tür"],
  "projects.fields.required": ["Required", "Zorunlu"],
  "projects.fields.requiredHint": [
    "A new task needs a value",
    "Yeni bir görev için değer gerekir",
  ],
  "projects.fields.description": ["Description", "Açıklama"],
  "projects.fields.options": ["Options", "Seçenekler"],
  "projects.fields.optionsHint": [
    "One option a line. Renaming an option keeps the tasks' values.",
    "Her satıra bir seçenek. Bir seçeneği yeniden adlandırmak görevlerdeki değerleri korur.",
  ],
  "projects.fields.option": ["Option", "Seçenek"],
  "projects.fields.optionsOnly": [
    "Select and multi-select fields only.",
    "Yalnızca seçim ve çoklu seçim alanları için.",
  ],
  "projects.fields.numbersOnly": ["Number fields only", "Yalnızca sayı alanları için"],
  "projects.fields.removeHint": [
    "Empty an option's name to remove it.",
    "Bir seçeneği kaldırmak için adını boşaltın.",
  ],
  "projects.fields.sortBy": ["Sort by a field", "Alana göre sırala"],
  "projects.fields.noFieldSort": ["No field", "Alan yok"],
  "projects.fields.color": ["Colour", "Renk"],
  "projects.fields.newOption": ["New option", "Yeni seçenek"],
  "projects.fields.min": ["Minimum", "En az"],
  "projects.fields.max": ["Maximum", "En çok"],
  "projects.fields.save": ["Save field", "Alanı kaydet"],
  "projects.fields.edit": ["Edit", "Düzenle"],
  "projects.fields.delete": ["Delete field", "Alanı sil"],
  "projects.fields.deleteConfirm": [
    "Delete this field and its value on every task? This cannot be undone.",
    "Bu alan ve tüm görevlerdeki değeri silinsin mi? Bu geri alınamaz.",
  ],
  "projects.fields.clearRemoved": [
    "Remove deleted options from the tasks that use them",
    "Silinen seçenekleri onları kullanan görevlerden kaldır",
  ],
  "projects.fields.moveUp": ["Move up", "Yukarı taşı"],
  "projects.fields.moveDown": ["Move down", "Aşağı taşı"],
  "projects.fields.saved": ["Field saved.", "Alan kaydedildi."],
  "projects.fields.deleted": ["Field deleted.", "Alan silindi."],
  "projects.fields.taskTitle": ["Fields", "Alanlar"],
  "projects.fields.taskSave": ["Save fields", "Alanları kaydet"],
  "projects.fields.notSet": ["Not set", "Belirtilmedi"],
  "projects.fields.anyValue": ["Any", "Herhangi"],
  "projects.fields.filterBy": ["Filter by a field", "Alana göre süz"],
  "projects.fields.breakdown": ["By field", "Alana göre"],
  "projects.fields.breakdownHint": [
    "Task counts by a select or person field of the project.",
    "Projenin bir seçim ya da kişi alanına göre görev sayıları.",
  ],
  "projects.fields.noBreakdown": [
    "This project has no select or person field.",
    "Bu projenin seçim ya da kişi alanı yok.",
  ],
  "projects.fields.tasks": ["Tasks", "Görevler"],
  "projects.fields.open": ["Open", "Açık"],
  "projects.fields.value": ["Value", "Değer"],
  "projects.fields.field": ["Field", "Alan"],
  // The project's history (feed/history.lib.ts reads these keys when they exist).
  "projects.history.project.field-created": [
    "added a custom field to the project",
    "projeye özel alan ekledi",
  ],
  "projects.history.project.field-changed": [
    "changed a custom field of the project",
    "projenin bir özel alanını değiştirdi",
  ],
  "projects.history.project.field-deleted": [
    "deleted a custom field of the project",
    "projenin bir özel alanını sildi",
  ],
  "projects.history.field-created": ["added a custom field", "özel alan ekledi"],
  "projects.history.field-changed": ["changed a custom field", "bir özel alanı değiştirdi"],
  "projects.history.field-deleted": ["deleted a custom field", "bir özel alanı sildi"],
  "projects.fields.show": ["Show", "Göster"],
  "projects.fields.type.text": ["Text", "Metin"],
  "projects.fields.type.number": ["Number", "Sayı"],
  "projects.fields.type.date": ["Date", "Tarih"],
  "projects.fields.type.select": ["Select", "Seçim"],
  "projects.fields.type.multi_select": ["Multi-select", "Çoklu seçim"],
  "projects.fields.type.person": ["Person", "Kişi"],
  "projects.fields.type.url": ["Link", "Bağlantı"],
  "projects.fields.color.gray": ["Grey", "Gri"],
  "projects.fields.color.blue": ["Blue", "Mavi"],
  "projects.fields.color.green": ["Green", "Yeşil"],
  "projects.fields.color.amber": ["Amber", "Kehribar"],
  "projects.fields.color.red": ["Red", "Kırmızı"],
  "projects.fields.color.purple": ["Purple", "Mor"],
  "projects.fields.color.teal": ["Teal", "Camgöbeği"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof fieldsMessages> {}
}
