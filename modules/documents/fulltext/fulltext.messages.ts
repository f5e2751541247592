import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: full-text search inside files. Key → [English, Turkish]. */
export const fulltextMessages = defineMessages({
  "documents.textSearch": ["Text search", "Metin araması"],
  "documents.textIndex.pending": ["Waiting to be read", "Okunmayı bekliyor"],
  "documents.textIndex.indexed": ["Searchable", "Aranabilir"],
  "documents.textIndex.truncated": [
    "Searchable (the beginning only)",
    "Aranabilir (yalnızca başı)",
  ],
  "documents.textIndex.failed": ["Could not be read", "Okunamadı"],
  "documents.textIndex.unsupported": ["Not searchable", "Aranamaz"],
  "documents.textIndex.reason.type": [
    "Text is not read from this type of file.",
    "Bu tür dosyalardan metin okunmaz.",
  ],
  "documents.textIndex.reason.too-large": [
    "The file is too large to be read.",
    "Dosya okunamayacak kadar büyük.",
  ],
  "documents.textIndex.reason.corrupt": [
    "The file is damaged or not in the format its type says.",
    "Dosya bozuk ya da türünün belirttiği biçimde değil.",
  ],
  "documents.textIndex.reason.timeout": [
    "Reading the file took too long.",
    "Dosyayı okumak çok uzun sürdü.",
  ],
  "documents.textIndex.reason.error": [
    "Reading the file failed; uploading it again may help.",
    "Dosya okunamadı; yeniden yüklemek işe yarayabilir.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof fulltextMessages> {}
}
