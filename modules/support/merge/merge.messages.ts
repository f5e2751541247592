import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's ticket merge texts: key → [English, Turkish]. */
export const mergeMessages = defineMessages({
  "support.merge.action": ["Merge into…", "Birleştir…"],
  "support.merge.title": ["Merge into another ticket", "Başka bir talebe birleştir"],
  "support.merge.number": ["Ticket number", "Talep numarası"],
  "support.merge.hint": [
    "Its comments, files and e-mail thread move to that ticket; this ticket is closed with a link to it.",
    "Yorumları, dosyaları ve e-posta yazışması o talebe taşınır; bu talep ona bağlantıyla kapatılır.",
  ],
  "support.merge.submit": ["Merge", "Birleştir"],
  "support.merge.mergedInto": ["Merged into {number}", "{number} talebine birleştirildi"],
  "support.merge.done": ["Ticket merged.", "Talep birleştirildi."],
  "support.merge.error": [
    "These tickets cannot be merged: check the number, and that neither is closed.",
    "Bu talepler birleştirilemez: numarayı ve ikisinin de kapalı olmadığını kontrol edin.",
  ],
  "support.history.ticket.merged": [
    "merged the ticket into another",
    "talebi başka bir talebe birleştirdi",
  ],
  "support.history.ticket.mergedIn": [
    "merged another ticket into this one",
    "başka bir talebi bu talebe birleştirdi",
  ],
  "support.rules.on.ticket.merged": [
    "A ticket is merged into another",
    "Bir talep başka bir talebe birleştirildiğinde",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof mergeMessages> {}
}
