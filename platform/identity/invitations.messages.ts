import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// Invitations by e-mail: the admin's list, the mail, and the link's page.
export const invitationsMessages = defineMessages({
  // Admin users page.
  "invitations.invite": ["Invite by e-mail", "E-postayla davet et"],
  "invitations.inviteHint": [
    "They get a link that works once, for 7 days, to join this workspace.",
    "Bu çalışma alanına katılmaları için 7 gün geçerli, tek kullanımlık bir bağlantı alırlar.",
  ],
  "invitations.send": ["Send invitation", "Daveti gönder"],
  "invitations.sent": ["An invitation was sent to {email}.", "{email} adresine davet gönderildi."],
  "invitations.resent": [
    "A new link was sent to {email}; the earlier one no longer works.",
    "{email} adresine yeni bir bağlantı gönderildi; öncekisi artık çalışmıyor.",
  ],
  "invitations.revoked": [
    "The invitation of {email} was withdrawn.",
    "{email} davetinden vazgeçildi.",
  ],
  "invitations.alreadyMember": [
    "{email} is a member of this workspace already.",
    "{email} zaten bu çalışma alanının üyesi.",
  ],
  "invitations.alreadyInvited": [
    "{email} has a waiting invitation: send it again from the list.",
    "{email} için bekleyen bir davet var: listeden yeniden gönderin.",
  ],
  "invitations.noPublicUrl": [
    "Invitations cannot be sent from this address: the server's public address (PUBLIC_URL) is not set. Ask the operator.",
    "Davetler bu adresten gönderilemiyor: sunucunun genel adresi (PUBLIC_URL) ayarlanmamış. İşletmeciye başvurun.",
  ],
  "invitations.closed": [
    "This invitation was answered or withdrawn already.",
    "Bu davet zaten yanıtlandı ya da geri alındı.",
  ],
  "invitations.pending": ["Open invitations", "Bekleyen davetler"],
  "invitations.none": ["No invitation is waiting for an answer.", "Yanıt bekleyen davet yok."],
  "invitations.address": ["E-mail", "E-posta"],
  "invitations.state": ["State", "Durum"],
  "invitations.state.pending": ["Waiting", "Bekliyor"],
  "invitations.state.expired": ["Expired", "Süresi doldu"],
  "invitations.state.accepted": ["Accepted", "Kabul edildi"],
  "invitations.state.revoked": ["Withdrawn", "Geri alındı"],
  "invitations.sentAt": ["Sent", "Gönderildi"],
  "invitations.expiresAt": ["Link works until", "Bağlantı şu zamana kadar geçerli"],
  "invitations.by": ["by {name}", "gönderen: {name}"],
  "invitations.resend": ["Send again", "Yeniden gönder"],
  "invitations.revoke": ["Withdraw", "Geri al"],
  "invitations.revokeConfirm": [
    "Withdraw the invitation of {email}? Its link stops working.",
    "{email} daveti geri alınsın mı? Bağlantısı çalışmaz olur.",
  ],
  "invitations.addWithPassword": ["Add with a password", "Parolayla ekle"],
  "invitations.operatorOnly": [
    "Platform operators only: creates the account at once with a temporary password.",
    "Yalnızca platform operatörleri: hesabı geçici bir parolayla hemen oluşturur.",
  ],
  // The mail.
  "invitations.mail.subject": [
    "You are invited to {tenant}",
    "{tenant} çalışma alanına davet edildiniz",
  ],
  "invitations.mail.body": [
    "{inviter} invited you to join {tenant} as {roles}.\n\nOpen this link to accept (it works once, until {until}):\n{link}\n\nIf you did not expect this invitation, you can ignore this message.",
    "{inviter} sizi {tenant} çalışma alanına {roles} olarak davet etti.\n\nKabul etmek için bu bağlantıyı açın (bir kez, {until} tarihine kadar çalışır):\n{link}\n\nBu daveti beklemiyorsanız bu iletiyi yok sayabilirsiniz.",
  ],
  // The link's page.
  "invitations.page.title": ["Join {tenant}", "{tenant} çalışma alanına katılın"],
  "invitations.page.lead": [
    "You were invited to {tenant} as {roles}, with {email}.",
    "{email} adresiyle {tenant} çalışma alanına {roles} olarak davet edildiniz.",
  ],
  "invitations.page.newLead": [
    "Choose your name and a password to create your account.",
    "Hesabınızı oluşturmak için adınızı ve bir parola belirleyin.",
  ],
  "invitations.page.existingLead": [
    "You already have an account with this address: sign in to join.",
    "Bu adresle zaten bir hesabınız var: katılmak için oturum açın.",
  ],
  "invitations.page.signedInLead": [
    "You are signed in as {email}.",
    "{email} olarak oturum açtınız.",
  ],
  "invitations.page.otherAccount": [
    "You are signed in as another person; sign in with the invited address to join.",
    "Başka bir kişi olarak oturum açtınız; katılmak için davet edilen adresle oturum açın.",
  ],
  "invitations.page.name": ["Your name", "Adınız"],
  "invitations.page.password": ["Password", "Parola"],
  "invitations.page.confirm": ["Password again", "Parola (tekrar)"],
  "invitations.page.create": ["Create account and join", "Hesap oluştur ve katıl"],
  "invitations.page.signIn": ["Sign in and join", "Oturum aç ve katıl"],
  "invitations.page.join": ["Join {tenant}", "{tenant} çalışma alanına katıl"],
  "invitations.page.mismatch": ["The two passwords differ.", "İki parola birbirinden farklı."],
  "invitations.page.nameMissing": ["Please give your name.", "Lütfen adınızı yazın."],
  "invitations.page.wrongPassword": [
    "The password is not correct.",
    "Parola doğru değil.",
  ],
  "invitations.page.throttled": [
    "Too many attempts. Try again in {seconds} seconds.",
    "Çok fazla deneme. {seconds} saniye sonra yeniden deneyin.",
  ],
  "invitations.page.deadTitle": [
    "This invitation link does not work",
    "Bu davet bağlantısı çalışmıyor",
  ],
  "invitations.page.dead.expired": [
    "It expired. Ask the person who invited you to send it again.",
    "Süresi doldu. Sizi davet eden kişiden yeniden göndermesini isteyin.",
  ],
  "invitations.page.dead.accepted": [
    "It was used already. If that was you, sign in.",
    "Zaten kullanıldı. Siz kullandıysanız oturum açın.",
  ],
  "invitations.page.dead.revoked": [
    "The invitation was withdrawn.",
    "Davet geri alındı.",
  ],
  "invitations.page.dead.unknown": [
    "The link is not valid. Check that it was copied whole, or ask for a new one.",
    "Bağlantı geçerli değil. Tamamen kopyalandığından emin olun ya da yenisini isteyin.",
  ],
  "invitations.page.toLogin": ["Go to sign-in", "Oturum açma sayfasına git"],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof invitationsMessages> {}
}
