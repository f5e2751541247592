import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: upload-only links ("file drop") and their public page. Key → [English, Turkish]. */
export const dropsMessages = defineMessages({
  "documents.drops.action": ["File drop link", "Dosya bırakma bağlantısı"],
  "documents.drops.dialogTitle": [
    "File drop link for {name}",
    "{name} için dosya bırakma bağlantısı",
  ],
  "documents.drops.intro": [
    "People with the link can upload files into this folder without seeing what is in it.",
    "Bağlantıya sahip olanlar bu klasörün içeriğini görmeden dosya yükleyebilir.",
  ],
  "documents.drops.label": ["Title (optional)", "Başlık (isteğe bağlı)"],
  "documents.drops.message": [
    "Message to the uploader (optional)",
    "Yükleyene mesaj (isteğe bağlı)",
  ],
  "documents.drops.maxFile": ["Largest file (MB)", "En büyük dosya (MB)"],
  "documents.drops.maxTotal": ["Total limit (MB, optional)", "Toplam sınır (MB, isteğe bağlı)"],
  "documents.drops.create": ["Create link", "Bağlantı oluştur"],
  "documents.drops.title": ["File drop links", "Dosya bırakma bağlantıları"],
  "documents.drops.pageTitle": ["File drop links: {name}", "Dosya bırakma bağlantıları: {name}"],
  "documents.drops.newLink": [
    "Copy this link now: it is shown only once.",
    "Bu bağlantıyı şimdi kopyalayın: yalnızca bir kez gösterilir.",
  ],
  "documents.drops.created": ["File drop link created.", "Dosya bırakma bağlantısı oluşturuldu."],
  "documents.drops.revoked": ["Link revoked.", "Bağlantı iptal edildi."],
  "documents.drops.none": ["No file drop links yet.", "Henüz dosya bırakma bağlantısı yok."],
  "documents.drops.untitled": ["Untitled link", "Başlıksız bağlantı"],
  "documents.drops.uploads": ["Uploads", "Yüklemeler"],
  "documents.drops.used": ["Received", "Alınan"],
  "documents.drops.createdBy": ["Created by", "Oluşturan"],
  "documents.drops.revoke": ["Revoke", "İptal et"],
  "documents.drops.revokeName": ["Revoke the link {name}", "{name} bağlantısını iptal et"],
  "documents.drops.back": ["Back to the folder", "Klasöre dön"],
  "documents.drops.passwordSet": ["Password", "Parola"],
  "documents.drops.sizeError": [
    "Give the sizes in whole megabytes (1 or more).",
    "Boyutları tam megabayt olarak girin (1 veya daha fazla).",
  ],
  "documents.drops.notice": [
    "Files dropped into “{name}”: {count}",
    "“{name}” klasörüne bırakılan dosya: {count}",
  ],
  "activity.action.drop-created": ["made a file drop link", "dosya bırakma bağlantısı oluşturdu"],
  "activity.action.drop-revoked": [
    "revoked a file drop link",
    "dosya bırakma bağlantısını iptal etti",
  ],
  // The public page.
  "documents.drops.kicker": ["File drop", "Dosya bırakma"],
  "documents.drops.publicTitle": ["Upload files to {name}", "{name} için dosya yükleyin"],
  "documents.drops.publicHint": [
    "Files you upload here go to {name}. You will not see other files.",
    "Buraya yüklediğiniz dosyalar {name} kuruluşuna gider. Diğer dosyaları görmezsiniz.",
  ],
  "documents.drops.limit": ["Largest file: {size}", "En büyük dosya: {size}"],
  "documents.drops.chooseFiles": ["Choose files", "Dosyaları seçin"],
  "documents.drops.send": ["Upload", "Yükle"],
  "documents.drops.yours": ["Your uploads", "Yüklemeleriniz"],
  "documents.drops.when": ["Uploaded", "Yüklenme"],
  "documents.drops.yoursEmpty": [
    "Nothing uploaded in this session yet.",
    "Bu oturumda henüz bir şey yüklenmedi.",
  ],
  "documents.drops.thanks": ["Uploaded: {count}", "Yüklenen: {count}"],
  "documents.drops.passwordAsk": [
    "Enter the password you were given for this link.",
    "Bu bağlantı için size verilen parolayı girin.",
  ],
  "documents.drops.goneTitle": ["This link is closed", "Bu bağlantı kapandı"],
  "documents.drops.goneBody": [
    "The file drop link has expired or was revoked. Ask the person who sent it for a new one.",
    "Dosya bırakma bağlantısının süresi doldu ya da iptal edildi. Gönderen kişiden yenisini isteyin.",
  ],
  "documents.drops.unknownTitle": ["Link not found", "Bağlantı bulunamadı"],
  "documents.drops.unknownBody": [
    "Check that the whole link was copied.",
    "Bağlantının tamamının kopyalandığını kontrol edin.",
  ],
  "documents.drops.tooLarge": [
    "A file is larger than this link allows.",
    "Bir dosya bu bağlantının izin verdiğinden büyük.",
  ],
  "documents.drops.full": [
    "There is no room for these files right now.",
    "Şu anda bu dosyalar için yer yok.",
  ],
  "documents.drops.badUpload": [
    "Choose at least one file to upload.",
    "Yüklemek için en az bir dosya seçin.",
  ],
  "documents.drops.crossSite": [
    "This form can only be sent from its own page.",
    "Bu form yalnızca kendi sayfasından gönderilebilir.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof dropsMessages> {}
}
