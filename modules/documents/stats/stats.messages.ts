import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: the dashboard. Key → [English, Turkish]. */
export const statsMessages = defineMessages({
  "documents.inTrash": ["In the trash", "Çöp kutusunda"],
  "documents.versionsKept": ["Earlier versions kept", "Saklanan eski sürümler"],
  "documents.byType": ["Storage by file type", "Dosya türüne göre depolama"],
  "documents.perUser": ["Storage per person", "Kişiye göre depolama"],
  "documents.unknownOwner": ["Unknown", "Bilinmiyor"],
  "documents.largest": ["Largest files", "En büyük dosyalar"],
  "documents.recent": ["Recent activity", "Son etkinlikler"],
  "documents.noFiles": ["No files yet.", "Henüz dosya yok."],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof statsMessages> {}
}
