import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's rules texts: key → [English, Turkish]. */
export const rulesMessages = defineMessages({
  "page.notificationRules": ["Notification rules", "Bildirim kuralları"],
  "support.rules.empty": ["No rules yet.", "Henüz kural yok."],
  "support.rules.add": ["Add rule", "Kural ekle"],
  "support.rules.event": ["When", "Ne zaman"],
  "support.rules.condition": ["Only if", "Yalnızca şu durumda"],
  "support.rules.always": ["Always", "Her zaman"],
  "support.rules.field": ["Field", "Alan"],
  "support.rules.op": ["Operator", "İşleç"],
  "support.rules.value": ["Value", "Değer"],
  "support.rules.action": ["Then", "Sonra"],
  "support.rules.user": ["User", "Kullanıcı"],
  "support.rules.enable": ["Enable", "Etkinleştir"],
  "support.rules.disable": ["Disable", "Devre dışı bırak"],
  "support.rules.do.notifyAssignee": ["Notify the assignee", "Atanan kişiye bildir"],
  "support.rules.do.notifyUser": ["Notify a user", "Bir kullanıcıya bildir"],
  "support.rules.do.emailCustomer": ["E-mail the customer", "Müşteriye e-posta gönder"],
  "support.rules.do.emailAddress": ["E-mail an address", "Bir adrese e-posta gönder"],
  "support.rules.clock": ["SLA clock", "SLA saati"],
  "support.rules.doWhat": ["Action", "Eylem"],
  "support.rules.clock.firstResponse": ["First response", "İlk yanıt"],
  "support.rules.clock.resolution": ["Resolution", "Çözüm"],
  "support.rules.op.eq": ["is", "eşittir"],
  "support.rules.op.ne": ["is not", "eşit değildir"],
  "support.rules.op.contains": ["contains", "içerir"],
  "support.rules.and": ["and", "ve"],
  "support.rules.or": ["or", "veya"],
  "support.rules.someone": ["a former member", "eski bir üye"],
  "support.rules.notifyWho": ["Notify {who}", "Bildir: {who}"],
  "support.rules.emailWho": ["E-mail {who}", "E-posta gönder: {who}"],
  "support.rules.runJob": ["Run a job", "Bir iş çalıştır"],
  "support.rules.otherValue": ["Another value (below)", "Başka bir değer (aşağıda)"],
  "support.rules.textValue": ["Text value", "Metin değeri"],
  "support.rules.textValueHint": [
    "For tags or other text, e.g. vpn.",
    "Etiketler veya başka metinler için, ör. vpn.",
  ],
  "support.rules.on.ticket.created": ["A ticket is opened", "Bir talep açıldığında"],
  "support.rules.on.ticket.updated": ["A ticket changes", "Bir talep değiştiğinde"],
  "support.rules.on.ticket.commented": ["A ticket gets a comment", "Bir talebe yorum yapıldığında"],
  "support.rules.on.ticket.closed": ["A ticket is closed", "Bir talep kapandığında"],
  "support.rules.on.ticket.reopened": ["A ticket is reopened", "Bir talep yeniden açıldığında"],
  "support.rules.on.sla.warning": ["An SLA deadline is near", "Bir SLA süresi yaklaştığında"],
  "support.rules.on.sla.breach": ["An SLA deadline is missed", "Bir SLA süresi aşıldığında"],
  "support.rules.on.sla.escalation": [
    "An SLA escalation is due",
    "Bir SLA yükseltmesi gerektiğinde",
  ],
  "support.rules.on.contract.renewal-due": [
    "A contract is due for renewal",
    "Bir sözleşmenin yenilenmesi yaklaştığında",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof rulesMessages> {}
}
