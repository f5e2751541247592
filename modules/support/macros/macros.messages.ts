import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's canned replies and macros texts: key → [English, Turkish]. */
export const macrosMessages = defineMessages({
  "page.macros": ["Macros", "Makrolar"],
  "support.macros.intro": [
    "Canned replies fill the reply box with a prepared text; macros also change the ticket's status, priority, team or tags in one click.",
    "Hazır yanıtlar yanıt kutusunu hazır bir metinle doldurur; makrolar ayrıca talebin durumunu, önceliğini, ekibini veya etiketlerini tek tıkla değiştirir.",
  ],
  "support.macros.new": ["New macro", "Yeni makro"],
  "support.macros.edit": ["Edit macro", "Makroyu düzenle"],
  "support.macros.empty": ["No macros yet.", "Henüz makro yok."],
  "support.macros.name": ["Name", "Ad"],
  "support.macros.body": ["Reply text", "Yanıt metni"],
  "support.macros.bodyHint": [
    "May be empty for a macro that only changes the ticket.",
    "Yalnızca talebi değiştiren bir makro için boş kalabilir.",
  ],
  "support.macros.shared": ["Shared with all agents", "Tüm temsilcilerle paylaşılan"],
  "support.macros.personal": ["Personal", "Kişisel"],
  "support.macros.sharedBadge": ["Shared", "Paylaşılan"],
  "support.macros.scope": ["Who sees it", "Kimler görür"],
  "support.macros.actions": ["Actions", "Eylemler"],
  "support.macros.noActions": ["Reply text only", "Yalnızca yanıt metni"],
  "support.macros.setStatus": ["Set status", "Durumu ayarla"],
  "support.macros.setPriority": ["Set priority", "Önceliği ayarla"],
  "support.macros.setTeam": ["Move to team", "Ekibe taşı"],
  "support.macros.addTags": ["Add tags", "Etiket ekle"],
  "support.macros.removeTags": ["Remove tags", "Etiket kaldır"],
  "support.macros.keep": ["Leave as is", "Olduğu gibi bırak"],
  "support.macros.used": ["Used", "Kullanım"],
  "support.macros.placeholders": ["Placeholders", "Yer tutucular"],
  "support.macros.placeholdersHint": [
    "Write these in the text; they are filled for the ticket when the reply is chosen.",
    "Bunları metne yazın; yanıt seçildiğinde talebin bilgileriyle doldurulur.",
  ],
  "support.macros.ph.customerName": ["The customer's name", "Müşterinin adı"],
  "support.macros.ph.customerEmail": ["The customer's e-mail address", "Müşterinin e-posta adresi"],
  "support.macros.ph.ticketNumber": ["The ticket's number", "Talep numarası"],
  "support.macros.ph.ticketSubject": ["The ticket's subject", "Talebin konusu"],
  "support.macros.ph.ticketStatus": ["The ticket's status", "Talebin durumu"],
  "support.macros.ph.ticketPriority": ["The ticket's priority", "Talebin önceliği"],
  "support.macros.ph.ticketAssignee": ["The assigned agent", "Atanan temsilci"],
  "support.macros.ph.ticketLink": ["The ticket's address", "Talebin adresi"],
  "support.macros.ph.agentName": ["Your name", "Adınız"],
  "support.macros.delete": ["Delete", "Sil"],
  "support.macros.deleteConfirm": ["Delete this macro?", "Bu makro silinsin mi?"],
  "support.macros.deleted": ["Macro deleted.", "Makro silindi."],
  "support.macros.picker": ["Canned reply", "Hazır yanıt"],
  "support.macros.pick": ["Choose a reply…", "Bir yanıt seçin…"],
  "support.macros.apply": ["Apply macro", "Makroyu uygula"],
  "support.macros.applied": [
    "Macro applied. Check the reply text and send it.",
    "Makro uygulandı. Yanıt metnini kontrol edip gönderin.",
  ],
  "support.macros.withActions": ["changes the ticket", "talebi değiştirir"],
  "support.macros.error.apply": [
    "This macro cannot be applied to the ticket in its current status.",
    "Bu makro talebin şimdiki durumunda uygulanamaz.",
  ],
  "support.macros.error.shared": [
    "Only administrators add or change shared macros.",
    "Paylaşılan makroları yalnızca yöneticiler ekler veya değiştirir.",
  ],
  "support.macros.error.empty": [
    "A macro needs a reply text or an action.",
    "Bir makronun yanıt metni veya eylemi olmalıdır.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof macrosMessages> {}
}
