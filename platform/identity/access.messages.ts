import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// Sessions ("where you are signed in"), personal access tokens and service accounts.
export const accessMessages = defineMessages({
  "access.sessions.title": ["Where you are signed in", "Oturum açtığınız yerler"],
  "access.sessions.link": ["Where you are signed in", "Oturum açtığınız yerler"],
  "access.sessions.intro": [
    "Each sign-in on a browser or app is listed here. End one you do not recognise.",
    "Bir tarayıcıda veya uygulamada her oturum açışınız burada listelenir. Tanımadığınız birini sonlandırın.",
  ],
  "access.sessions.device": ["Device", "Cihaz"],
  "access.sessions.address": ["Address", "Adres"],
  "access.sessions.workspace": ["Workspace", "Çalışma alanı"],
  "access.sessions.lastSeen": ["Last seen", "Son görülme"],
  "access.sessions.signedIn": ["Signed in", "Oturum açıldı"],
  "access.sessions.thisDevice": ["This device", "Bu cihaz"],
  "access.sessions.end": ["End session", "Oturumu sonlandır"],
  "access.sessions.endOthers": ["End all other sessions", "Diğer tüm oturumları sonlandır"],
  "access.sessions.ended": ["The session was ended.", "Oturum sonlandırıldı."],
  "access.sessions.endedOthers": [
    "{count} other sessions were ended.",
    "Diğer {count} oturum sonlandırıldı.",
  ],
  "access.sessions.none": ["No other sessions.", "Başka oturum yok."],
  "access.sessions.on": ["{browser} on {os}", "{os} üzerinde {browser}"],
  "access.sessions.unknownDevice": ["Unknown device", "Bilinmeyen cihaz"],
  "access.sessions.unknownAddress": ["Unknown", "Bilinmiyor"],

  "access.tokens.title": ["API tokens", "API anahtarları"],
  "access.tokens.link": ["API tokens", "API anahtarları"],
  "access.tokens.intro": [
    "A token lets a script or integration call the API as you, limited to the permissions you choose. Send it as the header Authorization: Bearer <token>.",
    "Anahtar, bir betiğin veya entegrasyonun API'yi sizin adınıza, seçtiğiniz izinlerle sınırlı olarak çağırmasını sağlar. Authorization: Bearer <anahtar> başlığıyla gönderin.",
  ],
  "access.tokens.new": ["New token", "Yeni anahtar"],
  "access.tokens.name": ["Name", "Ad"],
  "access.tokens.nameHint": [
    "What it is for, e.g. “Nightly export”.",
    "Ne için olduğu, ör. “Gece dışa aktarımı”.",
  ],
  "access.tokens.scopes": ["Permissions", "İzinler"],
  "access.tokens.expiry": ["Expires", "Geçerlilik"],
  "access.tokens.days": ["In {days} days", "{days} gün sonra"],
  "access.tokens.onDate": ["On a date", "Belirli bir tarihte"],
  "access.tokens.date": ["Date (at most a year ahead)", "Tarih (en fazla bir yıl sonrası)"],
  "access.tokens.create": ["Create token", "Anahtar oluştur"],
  "access.tokens.created": [
    "Copy the token now: it is shown only this once.",
    "Anahtarı şimdi kopyalayın: yalnızca bu kez gösterilir.",
  ],
  "access.tokens.prefix": ["Starts with", "Başlangıcı"],
  "access.tokens.expires": ["Expires", "Bitiş"],
  "access.tokens.lastUsed": ["Last used", "Son kullanım"],
  "access.tokens.never": ["Never", "Hiç"],
  "access.tokens.from": ["from {address}", "{address} adresinden"],
  "access.tokens.revoke": ["Revoke", "İptal et"],
  "access.tokens.revoked": ["Revoked", "İptal edildi"],
  "access.tokens.expired": ["Expired", "Süresi doldu"],
  "access.tokens.active": ["Active", "Etkin"],
  "access.tokens.revokedDone": ["The token was revoked.", "Anahtar iptal edildi."],
  "access.tokens.none": ["No tokens yet.", "Henüz anahtar yok."],
  "access.tokens.invalid": [
    "Please give a name, at least one permission and an expiry within a year.",
    "Lütfen bir ad, en az bir izin ve bir yıl içinde bir bitiş tarihi girin.",
  ],
  "access.tokens.count": ["{count} permissions", "{count} izin"],

  "access.accounts.title": ["Service accounts", "Hizmet hesapları"],
  "access.accounts.intro": [
    "A service account is a member that is not a person: integrations sign in with its tokens, never with a password.",
    "Hizmet hesabı, kişi olmayan bir üyedir: entegrasyonlar parola ile değil, onun anahtarlarıyla oturum açar.",
  ],
  "access.accounts.new": ["New service account", "Yeni hizmet hesabı"],
  "access.accounts.name": ["Name", "Ad"],
  "access.accounts.role": ["Role", "Rol"],
  "access.accounts.tokens": ["Live tokens", "Geçerli anahtarlar"],
  "access.accounts.create": ["Add service account", "Hizmet hesabı ekle"],
  "access.accounts.delete": ["Remove", "Kaldır"],
  "access.accounts.deleted": [
    "The service account was removed and its tokens revoked.",
    "Hizmet hesabı kaldırıldı ve anahtarları iptal edildi.",
  ],
  "access.accounts.none": ["No service accounts yet.", "Henüz hizmet hesabı yok."],
  "access.accounts.manage": ["Tokens", "Anahtarlar"],
  "access.accounts.invalid": [
    "Please give a name and choose a role.",
    "Lütfen bir ad girin ve bir rol seçin.",
  ],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof accessMessages> {}
}
