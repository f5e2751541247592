import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's e-mail intake texts (the original-message page, e-mail comments): en, tr. */
export const mailMessages = defineMessages({
  "support.mail.noSubject": ["(no subject)", "(konu yok)"],
  "support.mail.emptyBody": ["(no text; see the attachments)", "(metin yok; eklere bakın)"],
  "support.mail.followUp": [
    "Follow-up to the closed ticket {number}.",
    "Kapatılmış {number} numaralı talebin devamı.",
  ],
  "support.mail.original": ["Original e-mail", "Orijinal e-posta"],
  "support.mail.viewOriginal": ["View original e-mail", "Orijinal e-postayı görüntüle"],
  "support.mail.byEmail": ["by e-mail", "e-posta ile"],
  "support.mail.customer": ["Customer", "Müşteri"],
  "support.mail.from": ["From", "Kimden"],
  "support.mail.to": ["To", "Kime"],
  "support.mail.cc": ["CC", "Bilgi"],
  "support.mail.date": ["Date", "Tarih"],
  "support.mail.received": ["Received", "Alındı"],
  "support.mail.subject": ["Subject", "Konu"],
  "support.mail.mailbox": ["Mailbox", "Posta kutusu"],
  "support.mail.ticket": ["Ticket", "Talep"],
  "support.mail.formatted": ["Message", "İleti"],
  "support.mail.fullText": ["Full text with quoted history", "Alıntılanan geçmişle tam metin"],
  "support.mail.noText": ["The message has no text.", "İletinin metni yok."],
  "support.mail.attachments": ["Attachments", "Ekler"],
  "support.mail.inline": ["in the message", "iletinin içinde"],
  "support.mail.notStored": [
    "Not stored (see the note above)",
    "Saklanmadı (yukarıdaki nota bakın)",
  ],
  "support.mail.downloadRaw": ["Download original (.eml)", "Orijinali indir (.eml)"],
  "support.mail.rawGone": [
    "The original message is no longer stored.",
    "Orijinal ileti artık saklanmıyor.",
  ],
  "support.mail.unreadable": [
    "The message could not be read: {reason}",
    "İleti okunamadı: {reason}",
  ],
  "support.mail.remoteImages": [
    "Remote images are not loaded; they are shown as links.",
    "Uzak görseller yüklenmez; bağlantı olarak gösterilir.",
  ],
  "support.mail.state.queued": ["Waiting to be processed", "İşlenmeyi bekliyor"],
  "support.mail.state.processed": ["Processed", "İşlendi"],
  "support.mail.state.ignored": ["Ignored", "Yok sayıldı"],
  "support.mail.state.failed": ["Failed", "Başarısız"],
  "support.mail.note": ["Note", "Not"],
  "support.mail.status": ["Status", "Durum"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof mailMessages> {}
}
