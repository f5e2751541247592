import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: tags on files and folders. Key → [English, Turkish]. */
export const tagsMessages = defineMessages({
  "documents.tags": ["Tags", "Etiketler"],
  "documents.tag": ["Tag", "Etiket"],
  "documents.anyTag": ["Any tag", "Her etiket"],
  "documents.noTags": ["No tags yet.", "Henüz etiket yok."],
  "documents.editTags": ["Edit tags", "Etiketleri düzenle"],
  "documents.editTagsOf": ["Tags of {name}", "{name} etiketleri"],
  "documents.chooseTags": ["Choose the tags", "Etiketleri seçin"],
  "documents.noTagsToChoose": [
    "The workspace has no tags yet: add the first one below.",
    "Çalışma alanında henüz etiket yok: ilkini aşağıdan ekleyin.",
  ],
  "documents.saveTags": ["Save tags", "Etiketleri kaydet"],
  "documents.newTag": ["New tag", "Yeni etiket"],
  "documents.newTagHint": [
    "A new tag is added to the workspace and to this item.",
    "Yeni etiket çalışma alanına ve bu öğeye eklenir.",
  ],
  "documents.tagName": ["Tag name", "Etiket adı"],
  "documents.tagColour": ["Colour", "Renk"],
  "documents.addTag": ["Add tag", "Etiket ekle"],
  "documents.colour.gray": ["Grey", "Gri"],
  "documents.colour.blue": ["Blue", "Mavi"],
  "documents.colour.green": ["Green", "Yeşil"],
  "documents.colour.amber": ["Amber", "Kehribar"],
  "documents.colour.red": ["Red", "Kırmızı"],
  "documents.colour.purple": ["Purple", "Mor"],
  "documents.colour.teal": ["Teal", "Turkuaz"],
  "documents.history.tagged": ["changed the tags of", "etiketleri değiştirdi:"],
  "documents.history.commented": ["commented on", "yorum yaptı:"],
  "documents.history.comment-deleted": ["deleted a comment on", "bir yorumu sildi:"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof tagsMessages> {}
}
