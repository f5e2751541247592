import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** The customer portal's sign-in, layout and settings texts: key → [English, Turkish]. */
export const portalMessages = defineMessages({
  "portal.title": ["Support", "Destek"],
  "portal.home": ["Support home", "Destek ana sayfası"],
  "portal.helpCentre": ["Help centre", "Yardım merkezi"],
  "portal.myTickets": ["My tickets", "Taleplerim"],
  "portal.signIn": ["Sign in", "Giriş yap"],
  "portal.signOut": ["Sign out", "Çıkış yap"],
  "portal.signedInAs": ["Signed in as {name}", "{name} olarak giriş yapıldı"],
  "portal.languages": ["Language", "Dil"],
  "portal.skip": ["Skip to content", "İçeriğe geç"],
  "portal.notFound.title": ["Page not found", "Sayfa bulunamadı"],
  "portal.notFound.body": [
    "There is no support portal at this address.",
    "Bu adreste bir destek portalı yok.",
  ],
  "portal.error.title": ["Something is not right", "Bir sorun var"],
  "portal.signIn.title": ["Sign in to {workspace} support", "{workspace} desteğine giriş"],
  "portal.signIn.intro": [
    "Enter the e-mail address you write to us from. We will send you a link that signs you in.",
    "Bize yazdığınız e-posta adresini girin. Size giriş yapmanızı sağlayan bir bağlantı göndereceğiz.",
  ],
  "portal.signIn.email": ["E-mail address", "E-posta adresi"],
  "portal.signIn.send": ["Send me a sign-in link", "Bana giriş bağlantısı gönder"],
  "portal.signIn.sent": [
    "If this address belongs to one of our customers, a sign-in link is on its way. It works once, for 15 minutes.",
    "Bu adres müşterilerimizden birine aitse giriş bağlantısı yola çıktı. Bağlantı 15 dakika içinde bir kez kullanılabilir.",
  ],
  "portal.signIn.invalidEmail": [
    "Enter a valid e-mail address.",
    "Geçerli bir e-posta adresi girin.",
  ],
  "portal.signIn.throttled": [
    "Too many requests. Please wait a few minutes and try again.",
    "Çok fazla istek. Lütfen birkaç dakika bekleyip yeniden deneyin.",
  ],
  "portal.signIn.or": ["or", "veya"],
  "portal.signIn.sso": ["Sign in with {provider}", "{provider} ile giriş yap"],
  "portal.link.title": ["Sign in to {workspace} support", "{workspace} desteğine giriş"],
  "portal.link.confirm": [
    "Press the button to finish signing in.",
    "Girişi tamamlamak için düğmeye basın.",
  ],
  "portal.link.continue": ["Continue", "Devam et"],
  "portal.link.dead.title": ["This link does not work any more", "Bu bağlantı artık çalışmıyor"],
  "portal.link.dead.body": [
    "Sign-in links work once, for 15 minutes. Ask for a new one.",
    "Giriş bağlantıları 15 dakika içinde bir kez kullanılabilir. Yeni bir bağlantı isteyin.",
  ],
  "portal.link.again": ["Send a new link", "Yeni bağlantı gönder"],
  "portal.sso.refused.title": ["We could not sign you in", "Giriş yapılamadı"],
  "portal.sso.refused.body": [
    "Your account at the identity provider does not belong to one of our customers here.",
    "Kimlik sağlayıcıdaki hesabınız buradaki müşterilerimizden birine ait değil.",
  ],
  "portal.mail.subject": [
    "Your sign-in link for {workspace} support",
    "{workspace} desteği için giriş bağlantınız",
  ],
  "portal.mail.body": [
    "Hello {name},\n\nOpen this link to sign in to {workspace} support:\n{link}\n\nIt works once, for 15 minutes. If you did not ask for it, ignore this e-mail.",
    "Merhaba {name},\n\n{workspace} desteğine giriş yapmak için bu bağlantıyı açın:\n{link}\n\nBağlantı 15 dakika içinde bir kez kullanılabilir. Siz istemediyseniz bu e-postayı dikkate almayın.",
  ],
  "portal.settings.title": ["Customer portal", "Müşteri portalı"],
  "portal.settings.intro": [
    "Customers sign in with a link sent to their e-mail address and follow their own tickets.",
    "Müşteriler e-posta adreslerine gönderilen bir bağlantıyla giriş yapar ve kendi taleplerini takip eder.",
  ],
  "portal.settings.enabled": ["Portal is open to customers", "Portal müşterilere açık"],
  "portal.settings.allowPriority": [
    "Customers choose the priority of new tickets",
    "Müşteriler yeni taleplerin önceliğini seçebilir",
  ],
  "portal.settings.showAssigneeNames": [
    "Show customers the name of the agent working on their ticket",
    "Müşterilere talepleriyle ilgilenen temsilcinin adını göster",
  ],
  "portal.settings.reopenDays": [
    "Days a closed ticket can be reopened",
    "Kapanan bir talebin yeniden açılabileceği gün sayısı",
  ],
  "portal.settings.reopenDaysHint": [
    "0 means customers cannot reopen closed tickets.",
    "0, müşterilerin kapanan talepleri yeniden açamayacağı anlamına gelir.",
  ],
  "portal.settings.link": ["Portal address", "Portal adresi"],
  "portal.settings.ssoCallback": [
    "Single sign-on return address",
    "Tek oturum açma dönüş adresi",
  ],
  "portal.settings.ssoCallbackHint": [
    "When the workspace signs in with an identity provider, add this address to its allowed redirect addresses so customers can sign in with it too.",
    "Çalışma alanı bir kimlik sağlayıcıyla giriş yapıyorsa, müşterilerin de onunla giriş yapabilmesi için bu adresi sağlayıcının izin verilen yönlendirme adreslerine ekleyin.",
  ],
  "portal.settings.saved": ["Portal settings saved.", "Portal ayarları kaydedildi."],
  "page.customerPortal": ["Customer portal", "Müşteri portalı"],
  "portal.company.shared": [
    "Share tickets with the company's customers in the portal",
    "Talepleri portalda şirketin müşterileriyle paylaş",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof portalMessages> {}
}
