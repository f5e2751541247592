import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support mailboxes' texts: key → [English, Turkish]. */
export const mailboxMessages = defineMessages({
  "page.mailboxes": ["Mailboxes", "Posta kutuları"],
  "support.mailbox.new": ["New mailbox", "Yeni posta kutusu"],
  "support.mailbox.name": ["Name", "Ad"],
  "support.mailbox.address": ["Address customers write to", "Müşterilerin yazdığı adres"],
  "support.mailbox.paused": ["Paused: take no mail in", "Duraklatıldı: posta alınmaz"],
  "support.mailbox.imap": ["IMAP account", "IMAP hesabı"],
  "support.mailbox.imapHelp": [
    "Leave the server empty to receive only through the inbound endpoint.",
    "Yalnızca gelen posta adresinden almak için sunucuyu boş bırakın.",
  ],
  "support.mailbox.imapHost": ["IMAP server", "IMAP sunucusu"],
  "support.mailbox.imapPort": ["Port", "Port"],
  "support.mailbox.imapPlain": [
    "Without TLS (plain connection, usually port 143)",
    "TLS olmadan (şifresiz bağlantı, genellikle port 143)",
  ],
  "support.mailbox.imapUser": ["User name", "Kullanıcı adı"],
  "support.mailbox.imapPassword": ["Password", "Parola"],
  "support.mailbox.passwordHelp": [
    "Stored encrypted and never shown. Leave empty to keep the saved one.",
    "Şifreli saklanır ve hiç gösterilmez. Kayıtlı parolayı korumak için boş bırakın.",
  ],
  "support.mailbox.imapFolder": ["Folder", "Klasör"],
  "support.mailbox.team": ["New tickets go to team", "Yeni talepler bu ekibe gider"],
  "support.mailbox.maxMb": ["Largest message (MB)", "En büyük ileti (MB)"],
  "support.mailbox.receives": ["Receives through", "Alım yolu"],
  "support.mailbox.viaImap": ["IMAP {host}", "IMAP {host}"],
  "support.mailbox.viaHttp": ["Inbound endpoint", "Gelen posta adresi"],
  "support.mailbox.status": ["Status", "Durum"],
  "support.mailbox.ok": ["Working", "Çalışıyor"],
  "support.mailbox.error": ["Error", "Hata"],
  "support.mailbox.off": ["Switched off", "Kapalı"],
  "support.mailbox.notChecked": ["Not checked yet", "Henüz denetlenmedi"],
  "support.mailbox.lastError": ["Last error", "Son hata"],
  "support.mailbox.settings": ["Settings", "Ayarlar"],
  "support.mailbox.test": ["Test connection", "Bağlantıyı dene"],
  "support.mailbox.testOk": [
    "Connected; the folder holds {n} messages.",
    "Bağlanıldı; klasörde {n} ileti var.",
  ],
  "support.mailbox.testFailed": ["Could not connect: {error}", "Bağlanılamadı: {error}"],
  "support.mailbox.check": ["Check now", "Şimdi denetle"],
  "support.mailbox.checkQueued": [
    "The folder will be read in a moment.",
    "Klasör birazdan okunacak.",
  ],
  "support.mailbox.inbound": ["Inbound endpoint", "Gelen posta adresi"],
  "support.mailbox.inboundHelp": [
    "Mail relays POST the raw message here with the token as a Bearer header.",
    "Posta aktarıcıları ham iletiyi belirteç Bearer başlığında olacak şekilde buraya POST eder.",
  ],
  "support.mailbox.token": ["Token", "Belirteç"],
  "support.mailbox.tokenSet": ["Set (hidden)", "Ayarlı (gizli)"],
  "support.mailbox.tokenNone": ["None", "Yok"],
  "support.mailbox.newToken": ["New token", "Yeni belirteç"],
  "support.mailbox.confirmToken": [
    "Make a new token? The current one stops working at once.",
    "Yeni belirteç oluşturulsun mu? Mevcut belirteç hemen geçersiz olur.",
  ],
  "support.mailbox.tokenOnce": [
    "Copy this token now: it is shown only this once.",
    "Bu belirteci şimdi kopyalayın: yalnızca bir kez gösterilir.",
  ],
  "support.mailbox.example": ["Example", "Örnek"],
  "support.mailbox.messages": ["Received messages", "Alınan iletiler"],
  "support.mailbox.all": ["All", "Tümü"],
  "support.mailbox.state.queued": ["Queued", "Sırada"],
  "support.mailbox.state.processed": ["Processed", "İşlendi"],
  "support.mailbox.state.ignored": ["Ignored", "Yok sayıldı"],
  "support.mailbox.state.failed": ["Failed", "Başarısız"],
  "support.mailbox.received": ["Received", "Alındı"],
  "support.mailbox.from": ["From", "Gönderen"],
  "support.mailbox.subject": ["Subject", "Konu"],
  "support.mailbox.size": ["Size", "Boyut"],
  "support.mailbox.state": ["State", "Durum"],
  "support.mailbox.reason": ["Reason", "Neden"],
  "support.mailbox.openTicket": ["Open ticket", "Talebi aç"],
  "support.mailbox.retry": ["Retry", "Yeniden dene"],
  "support.mailbox.retried": ["Queued again.", "Yeniden sıraya alındı."],
  "support.mailbox.download": ["Download original", "Özgün iletiyi indir"],
  "support.mailbox.noSubject": ["(no subject)", "(konu yok)"],
  "support.mailbox.noMessages": ["No messages here yet.", "Burada henüz ileti yok."],
  "support.mailbox.reason.tooLarge": [
    "Larger than this mailbox takes; only its headers were kept.",
    "Bu posta kutusunun sınırından büyük; yalnızca başlıkları saklandı.",
  ],
  "support.mailbox.reason.unparsable": [
    "Could not be read as an e-mail message.",
    "E-posta iletisi olarak okunamadı.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof mailboxMessages> {}
}
