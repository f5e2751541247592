import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: resumable uploads in the upload dialog. Key → [English, Turkish]. */
export const uploadsMessages = defineMessages({
  "documents.tus.cancel": ["Cancel", "İptal"],
  "documents.tus.canceled": ["Cancelled", "İptal edildi"],
  "documents.tus.resuming": ["Resuming where it stopped…", "Kaldığı yerden sürüyor…"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof uploadsMessages> {}
}
