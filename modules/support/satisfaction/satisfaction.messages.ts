import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Customer satisfaction texts: key → [English, Turkish]. */
export const satisfactionMessages = defineMessages({
  "page.satisfactionReport": ["Satisfaction", "Memnuniyet"],
  "support.rating.good": ["Good", "İyi"],
  "support.rating.bad": ["Bad", "Kötü"],
  "support.rating.title": ["How did we do?", "Nasıl yardımcı olduk?"],
  "support.rating.intro": [
    "Your request {number} “{subject}” was solved. Tell us how we did.",
    "{number} numaralı “{subject}” talebiniz çözüldü. Nasıl yardımcı olduğumuzu bize söyleyin.",
  ],
  "support.rating.question": ["Your rating", "Değerlendirmeniz"],
  "support.rating.goodLong": ["Good, I am satisfied", "İyi, memnunum"],
  "support.rating.badLong": ["Bad, I am not satisfied", "Kötü, memnun değilim"],
  "support.rating.comment": ["Comment (optional)", "Yorum (isteğe bağlı)"],
  "support.rating.commentHint": ["Up to 2,000 characters.", "En çok 2.000 karakter."],
  "support.rating.send": ["Send rating", "Değerlendirmeyi gönder"],
  "support.rating.thanks": ["Thank you for your rating", "Değerlendirmeniz için teşekkürler"],
  "support.rating.thanksBody": [
    "Your rating of {number} was recorded.",
    "{number} için değerlendirmeniz kaydedildi.",
  ],
  "support.rating.rated": ["Already rated", "Zaten değerlendirildi"],
  "support.rating.ratedBody": [
    "The request {number} has been rated already. Thank you.",
    "{number} numaralı talep zaten değerlendirildi. Teşekkür ederiz.",
  ],
  "support.rating.used": ["This link was used", "Bu bağlantı kullanıldı"],
  "support.rating.usedBody": [
    "A rating link works once, and this one was used already.",
    "Değerlendirme bağlantısı bir kez çalışır; bu bağlantı zaten kullanıldı.",
  ],
  "support.rating.expired": ["This link has expired", "Bu bağlantının süresi doldu"],
  "support.rating.expiredBody": [
    "Rating links work for 30 days. Reply to the e-mail if you still want to tell us something.",
    "Değerlendirme bağlantıları 30 gün geçerlidir. Yine de bir şey söylemek isterseniz e-postayı yanıtlayın.",
  ],
  "support.rating.unknown": ["Link not found", "Bağlantı bulunamadı"],
  "support.rating.unknownBody": [
    "This rating link does not exist. Check that the whole address was copied.",
    "Bu değerlendirme bağlantısı yok. Adresin tamamının kopyalandığını kontrol edin.",
  ],
  "support.rating.notSolved": ["Not solved yet", "Henüz çözülmedi"],
  "support.rating.notSolvedBody": [
    "The request {number} was reopened; you can rate it once it is solved again.",
    "{number} numaralı talep yeniden açıldı; yeniden çözüldüğünde değerlendirebilirsiniz.",
  ],
  "support.rating.pick": ["Choose good or bad.", "İyi ya da kötü seçin."],
  "support.rating.tooLong": [
    "The comment is longer than 2,000 characters.",
    "Yorum 2.000 karakterden uzun.",
  ],
  "support.rating.yourComment": ["Your comment", "Yorumunuz"],
  "support.rating.onTicket": ["Customer rating", "Müşteri değerlendirmesi"],
  "support.rating.via.portal": ["in the portal", "portalda"],
  "support.rating.via.email": ["from the e-mail", "e-postadan"],
  "support.rating.none": ["Not rated yet", "Henüz değerlendirilmedi"],
  "support.satisfaction.groupBy": ["Group by", "Gruplama"],
  "support.satisfaction.agent": ["Agent", "Temsilci"],
  "support.satisfaction.team": ["Team", "Ekip"],
  "support.satisfaction.period": ["Period", "Dönem"],
  "support.satisfaction.bucket": ["Period length", "Dönem uzunluğu"],
  "support.satisfaction.day": ["Day", "Gün"],
  "support.satisfaction.week": ["Week", "Hafta"],
  "support.satisfaction.month": ["Month", "Ay"],
  "support.satisfaction.weekOf": ["Week of {date}", "{date} haftası"],
  "support.satisfaction.score": ["Score", "Puan"],
  "support.satisfaction.scoreHint": ["Share of good ratings", "İyi değerlendirmelerin oranı"],
  "support.satisfaction.total": ["Total", "Toplam"],
  "support.satisfaction.percent": ["{value} %", "%{value}"],
  "support.satisfaction.nobody": ["Unassigned", "Atanmamış"],
  "support.satisfaction.noTeam": ["No team", "Ekip yok"],
  "support.satisfaction.empty": [
    "No ratings in this period.",
    "Bu dönemde değerlendirme yok.",
  ],
  "support.satisfaction.recent": ["Recent comments", "Son yorumlar"],
  "support.satisfaction.noComments": [
    "No comments in this period.",
    "Bu dönemde yorum yok.",
  ],
  "support.satisfaction.ticket": ["Ticket", "Talep"],
  "support.satisfaction.noScore": ["—", "—"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof satisfactionMessages> {}
}
