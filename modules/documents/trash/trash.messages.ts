import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: the trash. Key → [English, Turkish]. */
export const trashMessages = defineMessages({
  "documents.trashEmpty": ["The trash is empty.", "Çöp kutusu boş."],
  "documents.trashHint": [
    "Deleted files and folders wait here until they are restored or purged.",
    "Silinen dosya ve klasörler geri yüklenene veya kalıcı olarak silinene kadar burada bekler.",
  ],
  "documents.deletedAt": ["Deleted", "Silinme"],
  "documents.deletedBy": ["Deleted by", "Silen"],
  "documents.itemCount": ["Files inside: {count}", "İçindeki dosya: {count}"],
  "documents.restoreName": ["Restore {name}", "{name} geri yükle"],
  "documents.deleteForeverName": ["Delete {name} permanently", "{name} kalıcı olarak sil"],
  "documents.deleteConfirm": [
    "Delete {name} for good? This cannot be undone.",
    "{name} kalıcı olarak silinsin mi? Bu geri alınamaz.",
  ],
  "documents.emptyTrash": ["Empty trash", "Çöp kutusunu boşalt"],
  "documents.emptyConfirm": [
    "Empty the trash? Everything in it is deleted for good.",
    "Çöp kutusu boşaltılsın mı? İçindekiler kalıcı olarak silinir.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof trashMessages> {}
}
