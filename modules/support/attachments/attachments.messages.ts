import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Ticket files and the reply box's e-mail options: key → [English, Turkish]. */
export const ticketAttachmentsMessages = defineMessages({
  "support.files.title": ["Files", "Dosyalar"],
  "support.files.empty": [
    "No files on the ticket itself. Files sent with comments show under them.",
    "Talebin kendisinde dosya yok. Yorumlarla gönderilen dosyalar yorumların altında görünür.",
  ],
  "support.files.drop": [
    "Drop files here or choose them",
    "Dosyaları buraya bırakın ya da seçin",
  ],
  "support.files.upload": ["Upload", "Yükle"],
  "support.files.failed": [
    "The upload failed. Check the file and try again.",
    "Yükleme başarısız oldu. Dosyayı denetleyip yeniden deneyin.",
  ],
  "support.files.delete": ["Delete {name}", "{name} dosyasını sil"],
  "support.files.remove": ["Remove {name}", "{name} dosyasını çıkar"],
  "support.files.preview": ["Preview {name}", "{name} önizle"],
  "support.files.uploaded": ["Files uploaded.", "Dosyalar yüklendi."],
  "support.reply.sendEmail": ["Send as e-mail to {email}", "{email} adresine e-posta gönder"],
  "support.reply.noEmail": [
    "The customer has no e-mail address, so the reply is not e-mailed.",
    "Müşterinin e-posta adresi yok; yanıt e-postayla gönderilmez.",
  ],
  "support.reply.cc": ["CC", "Bilgi (CC)"],
  "support.reply.ccHint": ["Addresses separated by commas", "Virgülle ayrılmış adresler"],
  "support.reply.internalNever": [
    "Internal notes are never e-mailed.",
    "Dahili notlar hiçbir zaman e-postayla gönderilmez.",
  ],
  "support.reply.emailed": ["Sent by e-mail", "E-postayla gönderildi"],
  "support.reply.ccList": ["CC: {list}", "Bilgi: {list}"],
  "support.reply.fileMissing": [
    'The file "{name}" could not be attached: it was deleted before this e-mail was sent.',
    '"{name}" dosyası eklenemedi: bu e-posta gönderilmeden önce silindi.',
  ],
  "support.history.ticket.attached": ["attached files", "dosya ekledi"],
  "support.history.ticket.detached": ["removed a file", "bir dosyayı kaldırdı"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof ticketAttachmentsMessages> {}
}
