import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// Two-factor sign-in: the security page, the sign-in steps and the workspace policy.
export const twoFactorMessages = defineMessages({
  // Security page.
  "twoFactor.title": ["Sign-in security", "Oturum açma güvenliği"],
  "twoFactor.description": [
    "A second step after your password: an authenticator app, recovery codes and passkeys.",
    "Parolanızdan sonra ikinci bir adım: doğrulama uygulaması, kurtarma kodları ve geçiş anahtarları.",
  ],
  "twoFactor.profileLink": ["Sign-in security", "Oturum açma güvenliği"],
  "twoFactor.profileLinkHint": [
    "Two-step sign-in with an authenticator app or a passkey.",
    "Doğrulama uygulaması veya geçiş anahtarıyla iki adımlı oturum açma.",
  ],
  "twoFactor.totp": ["Authenticator app", "Doğrulama uygulaması"],
  "twoFactor.totpOn": [
    "On: signing in asks for a code from your app.",
    "Açık: oturum açarken uygulamanızdan bir kod istenir.",
  ],
  "twoFactor.totpOff": [
    "Not set up. Use an app such as Google Authenticator, Microsoft Authenticator or 1Password.",
    "Kurulmadı. Google Authenticator, Microsoft Authenticator veya 1Password gibi bir uygulama kullanın.",
  ],
  "twoFactor.totpStart": ["Set up an authenticator app", "Doğrulama uygulaması kur"],
  "twoFactor.scan": [
    "Scan this code with your authenticator app, or type the key below into it.",
    "Bu kodu doğrulama uygulamanızla tarayın ya da aşağıdaki anahtarı uygulamaya yazın.",
  ],
  "twoFactor.qrAlt": [
    "QR code for your authenticator app",
    "Doğrulama uygulamanız için QR kodu",
  ],
  "twoFactor.secret": ["Setup key", "Kurulum anahtarı"],
  "twoFactor.code": ["Code from the app", "Uygulamadaki kod"],
  "twoFactor.codeHint": ["Six digits.", "Altı rakam."],
  "twoFactor.confirm": ["Confirm and turn on", "Onayla ve aç"],
  "twoFactor.enabled": [
    "The authenticator app is on. Keep the recovery codes below somewhere safe.",
    "Doğrulama uygulaması açıldı. Aşağıdaki kurtarma kodlarını güvenli bir yerde saklayın.",
  ],
  "twoFactor.wrongCode": [
    "That code is not correct or was already used. Wait for the next code and try again.",
    "Bu kod doğru değil ya da daha önce kullanıldı. Sonraki kodu bekleyip yeniden deneyin.",
  ],
  "twoFactor.remove": ["Turn off", "Kapat"],
  "twoFactor.removeHint": [
    "Enter a current code to turn the authenticator app off.",
    "Doğrulama uygulamasını kapatmak için güncel bir kod girin.",
  ],
  "twoFactor.removed": ["The authenticator app is off.", "Doğrulama uygulaması kapatıldı."],
  "twoFactor.policyKeeps": [
    "Your workspace requires a second factor: set up another one first.",
    "Çalışma alanınız ikinci bir doğrulama istiyor: önce başka birini kurun.",
  ],
  "twoFactor.recovery": ["Recovery codes", "Kurtarma kodları"],
  "twoFactor.recoveryLeft": [
    "{count} unused codes left. Each one signs in once when you cannot use your app or passkey.",
    "{count} kullanılmamış kod kaldı. Uygulamanızı veya geçiş anahtarınızı kullanamadığınızda her biri bir kez oturum açar.",
  ],
  "twoFactor.recoveryNone": [
    "No recovery codes yet.",
    "Henüz kurtarma kodu yok.",
  ],
  "twoFactor.recoveryNew": ["Make new codes", "Yeni kodlar oluştur"],
  "twoFactor.recoveryShown": [
    "Your new recovery codes. They are shown only now; the old ones no longer work.",
    "Yeni kurtarma kodlarınız. Yalnızca şimdi gösterilir; eskileri artık çalışmaz.",
  ],
  "twoFactor.recoveryNeedsFactor": [
    "Set up an authenticator app or a passkey first.",
    "Önce bir doğrulama uygulaması veya geçiş anahtarı kurun.",
  ],
  "twoFactor.passkeys": ["Passkeys", "Geçiş anahtarları"],
  "twoFactor.passkeysHint": [
    "Sign in with your fingerprint, face or device PIN instead of a password, or as the second step.",
    "Parola yerine ya da ikinci adım olarak parmak iziniz, yüzünüz veya cihaz PIN'inizle oturum açın.",
  ],
  "twoFactor.passkeysNone": ["No passkeys yet.", "Henüz geçiş anahtarı yok."],
  "twoFactor.passkeyName": ["Passkey name", "Geçiş anahtarı adı"],
  "twoFactor.passkeyNameHint": [
    'So you can tell them apart, e.g. "Work laptop".',
    'Ayırt edebilmeniz için, örneğin "İş bilgisayarı".',
  ],
  "twoFactor.passkeyDefaultName": ["My passkey", "Geçiş anahtarım"],
  "twoFactor.passkeyAdd": ["Add a passkey", "Geçiş anahtarı ekle"],
  "twoFactor.passkeyAdded": ["Added {when}", "{when} eklendi"],
  "twoFactor.passkeyUsed": ["last used {when}", "son kullanım {when}"],
  "twoFactor.passkeyRemove": ["Remove", "Kaldır"],
  "twoFactor.passkeyRemoveLabel": ["Remove the passkey {name}", "{name} geçiş anahtarını kaldır"],
  "twoFactor.passkeyRemoved": ["The passkey was removed.", "Geçiş anahtarı kaldırıldı."],
  "twoFactor.passkeyAddedFlash": ["The passkey was added.", "Geçiş anahtarı eklendi."],
  "twoFactor.passkeyFailed": [
    "The passkey could not be used. Try again, or use another way.",
    "Geçiş anahtarı kullanılamadı. Yeniden deneyin ya da başka bir yol kullanın.",
  ],
  "twoFactor.passkeyUnsupported": [
    "This browser cannot use passkeys.",
    "Bu tarayıcı geçiş anahtarlarını kullanamıyor.",
  ],
  "twoFactor.working": ["Waiting for your passkey…", "Geçiş anahtarınız bekleniyor…"],
  "twoFactor.on": ["On", "Açık"],
  "twoFactor.off": ["Off", "Kapalı"],

  // Sign-in steps.
  "twoFactor.stepTitle": ["Second step", "İkinci adım"],
  "twoFactor.stepIntro": [
    "Enter the code from your authenticator app.",
    "Doğrulama uygulamanızdaki kodu girin.",
  ],
  "twoFactor.stepPasskeyOnly": [
    "Confirm with your passkey.",
    "Geçiş anahtarınızla onaylayın.",
  ],
  "twoFactor.verify": ["Verify", "Doğrula"],
  "twoFactor.useRecovery": ["Use a recovery code instead", "Bunun yerine kurtarma kodu kullan"],
  "twoFactor.recoveryCode": ["Recovery code", "Kurtarma kodu"],
  "twoFactor.usePasskey": ["Use a passkey", "Geçiş anahtarı kullan"],
  "twoFactor.expired": [
    "This sign-in has expired. Enter your password again.",
    "Bu oturum açma denemesinin süresi doldu. Parolanızı yeniden girin.",
  ],
  "twoFactor.wrongAnswer": [
    "That is not correct, or it was already used. Try again.",
    "Bu doğru değil ya da daha önce kullanıldı. Yeniden deneyin.",
  ],
  "twoFactor.startOver": ["Start again", "Baştan başla"],
  "twoFactor.enrolTitle": ["Set up a second step", "İkinci adımı kurun"],
  "twoFactor.enrolIntro": [
    "Your workspace requires a second step when signing in. Set up an authenticator app or a passkey to continue.",
    "Çalışma alanınız oturum açarken ikinci bir adım istiyor. Devam etmek için bir doğrulama uygulaması veya geçiş anahtarı kurun.",
  ],
  "twoFactor.enrolPasskey": ["Or add a passkey", "Ya da geçiş anahtarı ekleyin"],
  "twoFactor.codesTitle": ["Save your recovery codes", "Kurtarma kodlarınızı saklayın"],
  "twoFactor.continue": ["Continue", "Devam et"],
  "twoFactor.passkeySignIn": ["Sign in with a passkey", "Geçiş anahtarıyla oturum aç"],
  "twoFactor.or": ["or", "veya"],

  // Workspace policy.
  "twoFactor.policy": ["Two-step sign-in", "İki adımlı oturum açma"],
  "twoFactor.policyHint": [
    "Who must use an authenticator app or a passkey. People without one set it up at their next sign-in.",
    "Kimlerin doğrulama uygulaması veya geçiş anahtarı kullanması gerektiği. Kurmamış olanlar bir sonraki oturum açışlarında kurar.",
  ],
  "twoFactor.policy.none": ["Nobody is required", "Kimse zorunlu değil"],
  "twoFactor.policy.admins": ["Owners and admins", "Sahipler ve yöneticiler"],
  "twoFactor.policy.everyone": ["Everyone", "Herkes"],
  "twoFactor.policySaved": ["Saved.", "Kaydedildi."],
  "twoFactor.policyInvalid": ["Choose one of the options.", "Seçeneklerden birini seçin."],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof twoFactorMessages> {}
}
