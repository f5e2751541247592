import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** The customer portal's ticket pages: key → [English, Turkish]. */
export const portalTicketsMessages = defineMessages({
  "support.portalTickets.title": ["My requests", "Taleplerim"],
  "support.portalTickets.new": ["New request", "Yeni talep"],
  "support.portalTickets.newIntro": [
    "Tell us what you need. We answer here and by e-mail.",
    "Neye ihtiyacınız olduğunu yazın. Burada ve e-postayla yanıtlarız.",
  ],
  "support.portalTickets.filters": ["Filter requests", "Talepleri süz"],
  "support.portalTickets.whose": ["Whose", "Kimin"],
  "support.portalTickets.mine": ["Mine", "Benim"],
  "support.portalTickets.company": ["My company's", "Şirketimin"],
  "support.portalTickets.status": ["Status", "Durum"],
  "support.portalTickets.filter.open": ["Open", "Açık"],
  "support.portalTickets.filter.solved": ["Solved", "Çözüldü"],
  "support.portalTickets.filter.closed": ["Closed", "Kapandı"],
  "support.portalTickets.handledBy": ["Handled by", "İlgilenen"],
  "support.portalTickets.anyStatus": ["Any status", "Her durum"],
  "support.portalTickets.apply": ["Apply", "Uygula"],
  "support.portalTickets.more": ["Load more", "Daha fazla"],
  "support.portalTickets.none": ["You have no requests yet.", "Henüz talebiniz yok."],
  "support.portalTickets.noMatches": [
    "No request matches these filters.",
    "Bu filtrelere uyan talep yok.",
  ],
  "support.portalTickets.subject": ["Subject", "Konu"],
  "support.portalTickets.number": ["Number", "Numara"],
  "support.portalTickets.updated": ["Last update", "Son güncelleme"],
  "support.portalTickets.opened": ["Opened", "Açılış"],
  "support.portalTickets.priority": ["Priority", "Öncelik"],
  "support.portalTickets.description": ["Description", "Açıklama"],
  "support.portalTickets.files": ["Attachments", "Ekler"],
  "support.portalTickets.filesHint": [
    "You can add several files, up to {size} each.",
    "Her biri en çok {size} olan birden çok dosya ekleyebilirsiniz.",
  ],
  "support.portalTickets.uploading": ["Uploading…", "Yükleniyor…"],
  "support.portalTickets.removeFile": ["Remove {name}", "{name} dosyasını çıkar"],
  "support.portalTickets.submit": ["Send request", "Talebi gönder"],
  "support.portalTickets.cancel": ["Cancel", "Vazgeç"],
  "support.portalTickets.subjectRequired": ["Enter a subject.", "Bir konu yazın."],
  "support.portalTickets.subjectTooLong": [
    "The subject may have at most 300 characters.",
    "Konu en çok 300 karakter olabilir.",
  ],
  "support.portalTickets.descriptionTooLong": [
    "The description may have at most 50,000 characters.",
    "Açıklama en çok 50.000 karakter olabilir.",
  ],
  "support.portalTickets.priorityInvalid": [
    "Choose a priority from the list.",
    "Listeden bir öncelik seçin.",
  ],
  "support.portalTickets.replyRequired": ["Write your message.", "Mesajınızı yazın."],
  "support.portalTickets.replyTooLong": [
    "A message may have at most 20,000 characters.",
    "Bir mesaj en çok 20.000 karakter olabilir.",
  ],
  "support.portalTickets.fileTooLarge": [
    "A file may be at most {size}. Choose a smaller file.",
    "Bir dosya en çok {size} olabilir. Daha küçük bir dosya seçin.",
  ],
  "support.portalTickets.fileFailed": [
    "The file could not be uploaded. Check it and try again.",
    "Dosya yüklenemedi. Denetleyip yeniden deneyin.",
  ],
  "support.portalTickets.tooManyWaiting": [
    "You have added many files without sending them. Send or remove some first.",
    "Göndermeden çok sayıda dosya eklediniz. Önce bazılarını gönderin ya da kaldırın.",
  ],
  "support.portalTickets.fileGone": [
    "An attached file is no longer there. Add it again.",
    "Eklenen bir dosya artık yok. Yeniden ekleyin.",
  ],
  "support.portalTickets.suggestTitle": [
    "These articles may answer your question",
    "Bu makaleler sorunuzu yanıtlayabilir",
  ],
  "support.portalTickets.solved": ["This solved my problem", "Sorunumu çözdü"],
  "support.portalTickets.thanks": [
    "Glad it helped. No request was opened.",
    "Yardımcı olmasına sevindik. Talep açılmadı.",
  ],
  "support.portalTickets.thanksBack": ["Back to my requests", "Taleplerime dön"],
  "support.portalTickets.created": ["Your request was sent.", "Talebiniz gönderildi."],
  "support.portalTickets.conversation": ["Conversation", "Yazışma"],
  "support.portalTickets.you": ["You", "Siz"],
  "support.portalTickets.supportTeam": ["Support team", "Destek ekibi"],
  "support.portalTickets.customer": ["Customer", "Müşteri"],
  "support.portalTickets.reply": ["Reply", "Yanıtla"],
  "support.portalTickets.replyLabel": ["Your message", "Mesajınız"],
  "support.portalTickets.send": ["Send", "Gönder"],
  "support.portalTickets.replied": ["Your message was sent.", "Mesajınız gönderildi."],
  "support.portalTickets.close": ["Close request", "Talebi kapat"],
  "support.portalTickets.closedDone": ["The request is closed.", "Talep kapatıldı."],
  "support.portalTickets.reopen": ["Reopen request", "Talebi yeniden aç"],
  "support.portalTickets.reopenedDone": ["The request is open again.", "Talep yeniden açıldı."],
  "support.portalTickets.reopenUntil": [
    "You can reopen it until {date}.",
    "{date} tarihine kadar yeniden açabilirsiniz.",
  ],
  "support.portalTickets.reopenExpired": [
    "This request was closed more than {days} days ago and can no longer be reopened. Open a new request instead.",
    "Bu talep {days} günden uzun süre önce kapandı, artık yeniden açılamaz. Bunun yerine yeni bir talep açın.",
  ],
  "support.portalTickets.closedNote": [
    "This request is closed. Open a new request if you need more help.",
    "Bu talep kapalı. Başka yardıma ihtiyacınız olursa yeni bir talep açın.",
  ],
  "support.portalTickets.notOpen": [
    "This request is closed; reopen it to write.",
    "Bu talep kapalı; yazmak için yeniden açın.",
  ],
  "support.portalTickets.rateTitle": ["How did we do?", "Nasıl yardımcı olduk?"],
  "support.portalTickets.rateGood": ["Good", "İyi"],
  "support.portalTickets.rateBad": ["Bad", "Kötü"],
  "support.portalTickets.rateComment": ["Comment (optional)", "Yorum (isteğe bağlı)"],
  "support.portalTickets.rateSend": ["Send rating", "Değerlendirmeyi gönder"],
  "support.portalTickets.rateRequired": ["Choose good or bad.", "İyi ya da kötü seçin."],
  "support.portalTickets.rated": ["Your rating", "Değerlendirmeniz"],
  "support.portalTickets.ratedThanks": [
    "Thank you for your rating.",
    "Değerlendirmeniz için teşekkürler.",
  ],
  "support.portalTickets.notFound": ["Request not found", "Talep bulunamadı"],
  "support.portalTickets.notFoundText": [
    "There is no such request, or it is not yours to see.",
    "Böyle bir talep yok ya da görme yetkiniz yok.",
  ],
  "support.portalTickets.download": ["Download {name}", "{name} dosyasını indir"],
  "support.portalTickets.back": ["All requests", "Tüm talepler"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof portalTicketsMessages> {}
}
