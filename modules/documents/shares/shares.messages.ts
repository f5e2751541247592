import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: sharing, the shared-with-me list and the public link page. Key → [English, Turkish]. */
export const sharesMessages = defineMessages({
  "documents.allFiles": ["All files", "Tüm dosyalar"],
  "documents.views": ["Views", "Görünümler"],
  "documents.choose": ["Choose…", "Seçin…"],
  "documents.noShares": ["Not shared yet.", "Henüz paylaşılmadı."],
  "documents.shareUser": ["Person", "Kişi"],
  "documents.shareGroup": ["Group", "Grup"],
  "documents.shareState.active": ["Active", "Etkin"],
  "documents.shareState.expired": ["Expired", "Süresi doldu"],
  "documents.shareState.revoked": ["Revoked", "İptal edildi"],
  "documents.expiry": ["Expiry date (optional)", "Bitiş tarihi (isteğe bağlı)"],
  "documents.never": ["Never", "Süresiz"],
  "documents.opened": ["Opened", "Açılma"],
  "documents.linkPassword": ["Password (optional)", "Parola (isteğe bağlı)"],
  "documents.linkPasswordHint": [
    "At least 4 characters; people with the link must enter it.",
    "En az 4 karakter; bağlantıya sahip olanların girmesi gerekir.",
  ],
  "documents.passwordProtected": ["Password protected", "Parola korumalı"],
  "documents.formerMember": ["A former member", "Eski bir üye"],
  "documents.revoke": ["Revoke", "İptal et"],
  "documents.revokeConfirm": [
    "Revoke this share? The link or access stops working at once.",
    "Bu paylaşım iptal edilsin mi? Bağlantı veya erişim hemen çalışmaz olur.",
  ],
  "documents.linkCreated": [
    "Public link (shown only now; copy it):",
    "Herkese açık bağlantı (yalnızca şimdi gösterilir; kopyalayın):",
  ],
  "documents.copy": ["Copy link", "Bağlantıyı kopyala"],
  "documents.copied": ["Copied", "Kopyalandı"],
  "documents.shared": ["Shared.", "Paylaşıldı."],
  "documents.nothingShared": [
    "Nothing is shared with you yet.",
    "Henüz sizinle paylaşılan bir şey yok.",
  ],
  "documents.nothingSharedHint": [
    "Files and folders others share with you, or with one of your roles, appear here.",
    "Başkalarının sizinle veya rollerinizden biriyle paylaştığı dosya ve klasörler burada görünür.",
  ],
  "documents.sharedBy": ["Shared by", "Paylaşan"],
  "documents.sharedAt": ["Shared", "Paylaşılma"],
  "documents.error.pickKind": ["Choose whom to share with.", "Kiminle paylaşılacağını seçin."],
  "documents.error.pickPrincipal": ["Choose a person or a group.", "Bir kişi veya grup seçin."],
  "documents.error.expiry": ["The expiry date is not valid.", "Bitiş tarihi geçerli değil."],
  "documents.error.password": [
    "The password needs 4 to 200 characters.",
    "Parola 4 ile 200 karakter arasında olmalı.",
  ],
  "documents.sharedLink": ["Shared link", "Paylaşılan bağlantı"],
  "documents.linkExpires": ["This link works until", "Bu bağlantının geçerlilik sonu:"],
  "documents.password": ["Password", "Parola"],
  "documents.passwordTitle": ["This link has a password", "Bu bağlantı parola korumalı"],
  "documents.passwordAsk": [
    "The person who shared this link gave it a password.",
    "Bu bağlantıyı paylaşan kişi bir parola belirledi.",
  ],
  "documents.open": ["Open", "Aç"],
  "documents.wrongPassword": ["Wrong password.", "Parola yanlış."],
  "documents.tooManyAttempts": [
    "Too many wrong passwords for this link. Try again later.",
    "Bu bağlantı için çok fazla hatalı parola girildi. Daha sonra yeniden deneyin.",
  ],
  "documents.linkGone": [
    "This link does not exist, has expired or was revoked.",
    "Bu bağlantı yok, süresi dolmuş veya iptal edilmiş.",
  ],
  "documents.backToShare": ["Back to the shared folder", "Paylaşılan klasöre dön"],
  "documents.emptyShare": ["This folder is empty.", "Bu klasör boş."],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof sharesMessages> {}
}
