import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: thumbnails, previews and the grid view. Key → [English, Turkish]. */
export const thumbnailsMessages = defineMessages({
  "documents.layout": ["Show as", "Görünüm"],
  "documents.layout.list": ["List", "Liste"],
  "documents.layout.grid": ["Grid", "Izgara"],
  "documents.previewOf": ["Preview of {name}", "{name} önizlemesi"],
  "documents.openFull": ["Open the whole file", "Dosyanın tamamını aç"],
  "documents.previewText": [
    "The beginning of the text read from the file.",
    "Dosyadan okunan metnin başı.",
  ],
  "documents.previewPending": [
    "The preview is being prepared; it shows here in a moment.",
    "Önizleme hazırlanıyor; birazdan burada görünecek.",
  ],
  "documents.thumbnail": ["Thumbnail", "Küçük resim"],
  "documents.thumbnail.pending": ["Being prepared", "Hazırlanıyor"],
  "documents.thumbnail.ready": ["Ready", "Hazır"],
  "documents.thumbnail.failed": ["Could not be made", "Oluşturulamadı"],
  "documents.thumbnail.unsupported": ["None for this file", "Bu dosya için yok"],
  "documents.thumbnail.reason.type": [
    "Thumbnails are made for images and PDF files.",
    "Küçük resimler görseller ve PDF dosyaları için oluşturulur.",
  ],
  "documents.thumbnail.reason.too-large": [
    "The file is too large for a thumbnail.",
    "Dosya küçük resim için çok büyük.",
  ],
  "documents.thumbnail.reason.corrupt": [
    "The file is damaged or not in the format its type says; it still downloads as it is.",
    "Dosya bozuk ya da türünün belirttiği biçimde değil; yine de olduğu gibi indirilebilir.",
  ],
  "documents.thumbnail.reason.timeout": [
    "Making the thumbnail took too long.",
    "Küçük resmi oluşturmak çok uzun sürdü.",
  ],
  "documents.thumbnail.reason.error": [
    "Making the thumbnail failed; uploading the file again may help.",
    "Küçük resim oluşturulamadı; dosyayı yeniden yüklemek işe yarayabilir.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof thumbnailsMessages> {}
}
