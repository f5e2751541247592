/** Public links, embedding and the public/embedded sheet pages. */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const sharingMessages = defineMessages({
  "analytics.share.button": ["Share", "Paylaş"],
  "analytics.share.title": ["Share this sheet", "Bu sayfayı paylaş"],
  "analytics.share.loading": ["Loading…", "Yükleniyor…"],
  "analytics.share.publicLinks": ["Public links", "Herkese açık bağlantılar"],
  "analytics.share.publicHint": [
    "Anyone with the link sees this sheet read-only, without signing in. The data is read with your access; it stops when you lose access or revoke the link.",
    "Bağlantıya sahip herkes bu sayfayı oturum açmadan, salt okunur görür. Veriler sizin erişiminizle okunur; erişiminizi kaybettiğinizde veya bağlantıyı iptal ettiğinizde durur.",
  ],
  "analytics.share.links": ["Public links of this sheet", "Bu sayfanın herkese açık bağlantıları"],
  "analytics.share.noLinks": ["No public links yet.", "Henüz herkese açık bağlantı yok."],
  "analytics.share.created": ["Created", "Oluşturulma"],
  "analytics.share.expires": ["Expires", "Sona erme"],
  "analytics.share.expired": ["Expired", "Süresi doldu"],
  "analytics.share.never": ["Never", "Hiçbir zaman"],
  "analytics.share.protection": ["Protection", "Koruma"],
  "analytics.share.withPassword": ["Password", "Parola"],
  "analytics.share.withCsv": ["Downloads", "İndirmeler"],
  "analytics.share.noProtection": ["None", "Yok"],
  "analytics.share.actions": ["Actions", "İşlemler"],
  "analytics.share.revoke": ["Revoke", "İptal et"],
  "analytics.share.revokeConfirm": [
    "Revoke this link? It stops working at once.",
    "Bu bağlantı iptal edilsin mi? Hemen çalışmayı bırakır.",
  ],
  "analytics.share.revoked": ["The link was revoked.", "Bağlantı iptal edildi."],
  "analytics.share.newLink": ["The new link", "Yeni bağlantı"],
  "analytics.share.onlyOnce": [
    "Copy it now: it is shown only this once.",
    "Şimdi kopyalayın: yalnızca bu kez gösterilir.",
  ],
  "analytics.share.copy": ["Copy link", "Bağlantıyı kopyala"],
  "analytics.share.copied": ["Copied", "Kopyalandı"],
  "analytics.share.expiresOn": ["Expires on (optional)", "Sona erme günü (isteğe bağlı)"],
  "analytics.share.expiresHint": [
    "The link stops working at the end of this day.",
    "Bağlantı bu günün sonunda çalışmayı bırakır.",
  ],
  "analytics.share.password": ["Password", "Parola"],
  "analytics.share.passwordHint": [
    "Optional, at least 6 characters.",
    "İsteğe bağlı, en az 6 karakter.",
  ],
  "analytics.share.tooShort": [
    "The password needs at least 6 characters.",
    "Parola en az 6 karakter olmalı.",
  ],
  "analytics.share.allowCsv": [
    "Allow downloading each widget's data as CSV",
    "Her bileşenin verisinin CSV olarak indirilmesine izin ver",
  ],
  "analytics.share.create": ["Create public link", "Herkese açık bağlantı oluştur"],
  "analytics.share.linkMade": [
    "The public link was created.",
    "Herkese açık bağlantı oluşturuldu.",
  ],
  "analytics.share.badInput": [
    "Check the expiry day and the password.",
    "Sona erme gününü ve parolayı kontrol edin.",
  ],
  "analytics.share.embedding": ["Embedding", "Yerleştirme"],
  "analytics.share.embedHint": [
    "Your own site can show this sheet in a frame: your server signs a short-lived token with the workspace's embedding secret, and the filter values in it are locked.",
    "Kendi siteniz bu sayfayı bir çerçevede gösterebilir: sunucunuz çalışma alanının yerleştirme anahtarıyla kısa ömürlü bir belirteç imzalar ve içindeki filtre değerleri kilitlenir.",
  ],
  "analytics.share.embedOn": ["Embedding is on", "Yerleştirme açık"],
  "analytics.share.embedOff": ["Embedding is off", "Yerleştirme kapalı"],
  "analytics.share.embedEnable": ["Allow embedding", "Yerleştirmeye izin ver"],
  "analytics.share.embedDisable": ["Stop embedding", "Yerleştirmeyi durdur"],
  "analytics.share.snippetHint": [
    "Run this on your server to make the frame's address:",
    "Çerçevenin adresini üretmek için bunu sunucunuzda çalıştırın:",
  ],
  "analytics.share.noSecret": [
    "An administrator has to make the embedding secret first.",
    "Önce bir yöneticinin yerleştirme anahtarını oluşturması gerekir.",
  ],
  "analytics.share.manageSecret": [
    "Embedding secret and allowed sites",
    "Yerleştirme anahtarı ve izin verilen siteler",
  ],
  "analytics.share.publicTitle": ["Shared dashboard", "Paylaşılan pano"],
  "analytics.share.sharedSheet": ["Shared dashboard", "Paylaşılan pano"],
  "analytics.share.availableUntil": ["Available until", "Şu zamana kadar açık:"],
  "analytics.share.lockedFilters": ["Fixed filters", "Sabit filtreler"],
  "analytics.share.lockedMissing": [
    "This widget cannot apply the fixed filters.",
    "Bu bileşen sabit filtreleri uygulayamıyor.",
  ],
  "analytics.share.passwordTitle": ["This dashboard is protected", "Bu pano korunuyor"],
  "analytics.share.passwordAsk": [
    "Enter the password you were given with the link.",
    "Bağlantıyla birlikte size verilen parolayı girin.",
  ],
  "analytics.share.wrongPassword": ["The password is not right.", "Parola doğru değil."],
  "analytics.share.open": ["Open", "Aç"],
  "analytics.share.goneTitle": ["Link not available", "Bağlantı kullanılamıyor"],
  "analytics.share.gone": [
    "This link does not exist, has expired or is no longer shared.",
    "Bu bağlantı yok, süresi dolmuş ya da artık paylaşılmıyor.",
  ],
  "analytics.share.refusedTitle": ["Cannot show this dashboard", "Bu pano gösterilemiyor"],
  "analytics.share.refused": [
    "The embed address is not valid or has expired. Reload the page that shows it.",
    "Yerleştirme adresi geçerli değil ya da süresi dolmuş. Onu gösteren sayfayı yeniden yükleyin.",
  ],
  "analytics.embed.title": ["Embedding", "Yerleştirme"],
  "analytics.embed.description": [
    "The secret your servers sign embed tokens with, and the sites allowed to show embeds.",
    "Sunucularınızın yerleştirme belirteçlerini imzaladığı anahtar ve yerleştirmeleri gösterebilecek siteler.",
  ],
  "analytics.embed.secretTitle": ["Embedding secret", "Yerleştirme anahtarı"],
  "analytics.embed.secretHint": [
    "Kept encrypted and shown only once. Making a new one stops every token signed with the old one.",
    "Şifreli saklanır ve yalnızca bir kez gösterilir. Yenisini oluşturmak eskisiyle imzalanmış tüm belirteçleri durdurur.",
  ],
  "analytics.embed.keyId": [
    "Key id (the token header's kid):",
    "Anahtar kimliği (belirteç başlığındaki kid):",
  ],
  "analytics.embed.madeAt": ["made", "oluşturulma:"],
  "analytics.embed.none": ["No embedding secret yet.", "Henüz yerleştirme anahtarı yok."],
  "analytics.embed.secret": ["The new secret", "Yeni anahtar"],
  "analytics.embed.make": ["Make the embedding secret", "Yerleştirme anahtarını oluştur"],
  "analytics.embed.rotate": ["Make a new secret", "Yeni anahtar oluştur"],
  "analytics.embed.rotateConfirm": [
    "Make a new secret? Embeds signed with the current one stop working at once.",
    "Yeni anahtar oluşturulsun mu? Şimdiki anahtarla imzalanan yerleştirmeler hemen durur.",
  ],
  "analytics.embed.made": ["The new secret is ready.", "Yeni anahtar hazır."],
  "analytics.embed.originsTitle": ["Allowed sites", "İzin verilen siteler"],
  "analytics.embed.originsHint": [
    "Only these sites may show embeds in a frame; every other page of the workspace can never be framed.",
    "Yerleştirmeleri çerçevede yalnızca bu siteler gösterebilir; çalışma alanının diğer sayfaları hiçbir zaman çerçevelenemez.",
  ],
  "analytics.embed.origins": ["Sites", "Siteler"],
  "analytics.embed.originsFormat": [
    "One per line, such as https://intranet.example.com",
    "Her satıra bir tane, örneğin https://intranet.example.com",
  ],
  "analytics.embed.save": ["Save", "Kaydet"],
  "analytics.embed.saved": ["Saved.", "Kaydedildi."],
  "analytics.embed.badOrigin": [
    "Each site must be an address like https://example.com (no path).",
    "Her site https://example.com gibi bir adres olmalı (yol olmadan).",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof sharingMessages> {}
}
