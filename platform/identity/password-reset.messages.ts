import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// "Forgot password", the reset link, and the password policy shown while typing.
export const passwordResetMessages = defineMessages({
  "reset.forgotLink": ["Forgot password?", "Parolanızı mı unuttunuz?"],
  "reset.forgot.title": ["Reset your password", "Parolanızı sıfırlayın"],
  "reset.forgot.lead": [
    "Give the e-mail address you sign in with. We send a link to set a new password.",
    "Oturum açtığınız e-posta adresini yazın. Yeni parola belirlemeniz için bir bağlantı gönderelim.",
  ],
  "reset.email": ["E-mail", "E-posta"],
  "reset.send": ["Send the link", "Bağlantıyı gönder"],
  "reset.requested": [
    "If an account uses this address, a link to reset its password is on its way. It works once, for 30 minutes.",
    "Bu adresi kullanan bir hesap varsa parola sıfırlama bağlantısı yolda. Bağlantı bir kez ve 30 dakika çalışır.",
  ],
  "reset.invalidEmail": [
    "Please give a valid e-mail address.",
    "Lütfen geçerli bir e-posta adresi yazın.",
  ],
  "reset.noPublicUrl": [
    "Password reset by e-mail is not available at this address: the server's public address (PUBLIC_URL) is not set. Ask the operator.",
    "Bu adreste e-postayla parola sıfırlama kullanılamıyor: sunucunun genel adresi (PUBLIC_URL) ayarlanmamış. İşletmeciye başvurun.",
  ],
  "reset.throttled": [
    "Too many requests. Try again in {seconds} seconds.",
    "Çok fazla istek. {seconds} saniye sonra yeniden deneyin.",
  ],
  "reset.backToLogin": ["Back to sign-in", "Oturum açmaya dön"],
  "reset.title": ["Choose a new password", "Yeni bir parola belirleyin"],
  "reset.lead": ["For {email}.", "{email} için."],
  "reset.newPassword": ["New password", "Yeni parola"],
  "reset.confirm": ["New password again", "Yeni parola (tekrar)"],
  "reset.save": ["Set the new password", "Yeni parolayı kaydet"],
  "reset.mismatch": ["The two passwords differ.", "İki parola birbirinden farklı."],
  "reset.done.title": ["Your password was changed", "Parolanız değiştirildi"],
  "reset.done": [
    "You were signed out everywhere. Sign in with your new password.",
    "Her yerde oturumunuz kapatıldı. Yeni parolanızla oturum açın.",
  ],
  "reset.dead.title": ["This link does not work", "Bu bağlantı çalışmıyor"],
  "reset.dead": [
    "It was used already, it expired (links work for 30 minutes) or it is not complete. Ask for a new one.",
    "Bağlantı zaten kullanılmış, süresi dolmuş (bağlantılar 30 dakika çalışır) ya da eksik. Yenisini isteyin.",
  ],
  "reset.again": ["Ask for a new link", "Yeni bağlantı iste"],
  "reset.mail.subject": ["Reset your password", "Parolanızı sıfırlayın"],
  "reset.mail.body": [
    "Hello {name},\n\nSomeone (hopefully you) asked to reset the password of your account. Open this link to choose a new one (it works once, for 30 minutes):\n{link}\n\nIf you did not ask for this, ignore this message: your password stays as it is.",
    "Merhaba {name},\n\nBiri (umarız siz) hesabınızın parolasını sıfırlamak istedi. Yeni bir parola belirlemek için bu bağlantıyı açın (bir kez, 30 dakika çalışır):\n{link}\n\nBunu siz istemediyseniz bu iletiyi yok sayın: parolanız değişmez.",
  ],
  // The policy meter.
  "password.policy.label": ["Password strength", "Parola gücü"],
  "password.policy.minLength": [
    "At least {min} characters",
    "En az {min} karakter",
  ],
  "password.policy.hint": [
    "Several unrelated words, or a long sentence, make a strong password.",
    "Birbiriyle ilgisiz birkaç kelime ya da uzun bir cümle güçlü bir parola olur.",
  ],
  "password.strength.empty": ["Not typed yet", "Henüz yazılmadı"],
  "password.strength.veryWeak": ["Very weak", "Çok zayıf"],
  "password.strength.weak": ["Weak", "Zayıf"],
  "password.strength.fair": ["Fair", "Orta"],
  "password.strength.good": ["Good", "İyi"],
  "password.strength.strong": ["Strong", "Güçlü"],
  "password.issue.tooShort": ["Too short.", "Çok kısa."],
  "password.issue.tooLong": ["Too long.", "Çok uzun."],
  "password.issue.tooGuessable": [
    "Too easy to guess: avoid common words, names, dates and keyboard rows.",
    "Tahmini çok kolay: yaygın kelimelerden, adlardan, tarihlerden ve klavye dizilerinden kaçının.",
  ],
  "password.issue.containsPersonal": [
    "Do not build it from your name or e-mail address.",
    "Adınızdan veya e-posta adresinizden oluşturmayın.",
  ],
  "password.rejected": [
    "Please choose a stronger password: {reasons}",
    "Lütfen daha güçlü bir parola seçin: {reasons}",
  ],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof passwordResetMessages> {}
}
