import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// The own profile and password.
export const profileMessages = defineMessages({
  // Profile page.
  "profile.title": ["Profile", "Profil"],
  "profile.details": ["Your details", "Bilgileriniz"],
  "profile.name": ["Name", "Ad"],
  "profile.email": ["E-mail", "E-posta"],
  "profile.language": ["Language", "Dil"],
  "profile.languageDefault": [
    "As the browser or workspace says",
    "Tarayıcıya veya çalışma alanına göre",
  ],
  "profile.save": ["Save", "Kaydet"],
  "profile.saved": ["Your details were saved.", "Bilgileriniz kaydedildi."],
  "profile.password": ["Change password", "Parolayı değiştir"],
  "profile.currentPassword": ["Current password", "Mevcut parola"],
  "profile.newPassword": ["New password", "Yeni parola"],
  "profile.confirmPassword": ["New password again", "Yeni parola (tekrar)"],
  "profile.passwordSaved": ["Your password was changed.", "Parolanız değiştirildi."],
  "profile.passwordWrong": ["The current password is not correct.", "Mevcut parola doğru değil."],
  "profile.passwordMismatch": [
    "The two new passwords differ.",
    "İki yeni parola birbirinden farklı.",
  ],
  "profile.passwordShort": [
    "The new password needs at least 8 characters.",
    "Yeni parola en az 8 karakter olmalı.",
  ],
  "profile.throttled": [
    "Too many attempts. Try again in {seconds} seconds.",
    "Çok fazla deneme. {seconds} saniye sonra yeniden deneyin.",
  ],
  "profile.workspaces": ["Your workspaces", "Çalışma alanlarınız"],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof profileMessages> {}
}
