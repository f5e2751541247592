import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's tickets texts: key → [English, Turkish]. */
export const ticketsMessages = defineMessages({
  "support.unassigned": ["Unassigned", "Atanmamış"],
  "support.comments": ["Comments", "Yorumlar"],
  "support.comments.empty": ["No comments yet.", "Henüz yorum yok."],
  "support.comment.add": ["Add comment", "Yorum ekle"],
  "support.comment.body": ["Comment", "Yorum"],
  "support.comment.format": ["Format", "Biçim"],
  "support.comment.text": ["Plain text", "Düz metin"],
  "support.comment.visibility": ["Visible to", "Görünürlük"],
  "support.comment.public": ["Customer and agents", "Müşteri ve temsilciler"],
  "support.comment.internal": ["Internal note", "İç not"],
  "support.tickets.assign": ["Assign", "Ata"],
  "support.tickets.create": ["Open ticket", "Talep aç"],
  "support.tickets.new": ["New ticket", "Yeni talep"],
  "support.tickets.empty": ["No tickets yet.", "Henüz talep yok."],
  "support.tickets.needCustomer": ["Create a customer first:", "Önce bir müşteri oluşturun:"],
  "support.tickets.edit": ["Edit ticket", "Talebi düzenle"],
  "support.tickets.details": ["Details", "Ayrıntılar"],
  "support.tickets.assignTo": ["Assign to", "Şuna ata"],
  "support.tickets.noDescription": ["No description.", "Açıklama yok."],
  "support.tickets.closed": [
    "This ticket is closed and can no longer be changed.",
    "Bu talep kapandı ve artık değiştirilemez.",
  ],
  "support.tickets.closedReopen": [
    "This ticket is closed. Reopen it to comment or change it.",
    "Bu talep kapandı. Yorum yapmak veya değiştirmek için yeniden açın.",
  ],
  "support.reopen": ["Reopen", "Yeniden aç"],
  "support.move.islemde": ["Start work", "İşleme al"],
  "support.move.cozuldu": ["Resolve", "Çözüldü olarak işaretle"],
  "support.move.kapandi": ["Close", "Kapat"],
  "support.move.acik": ["Back to open", "Açık duruma geri al"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof ticketsMessages> {}
}
