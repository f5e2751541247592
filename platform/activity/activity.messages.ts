import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// Histories as people read them (see activity.labels.lib.ts).
export const activityMessages = defineMessages({
  "activity.action.other": ["made a change", "bir değişiklik yaptı"],
  "activity.action.mailed": ["sent an e-mail", "e-posta gönderdi"],
  "activity.value.yes": ["yes", "evet"],
  "activity.value.no": ["no", "hayır"],
  "activity.value.record": ["a linked record", "bağlı bir kayıt"],
  "activity.value.details": ["details changed", "ayrıntılar değişti"],
  "activity.field.name": ["Name", "Ad"],
  "activity.field.title": ["Title", "Başlık"],
  "activity.field.subject": ["Subject", "Konu"],
  "activity.field.description": ["Description", "Açıklama"],
  "activity.anyAction": ["Any action", "Tüm işlemler"],
  "activity.anyType": ["Any record", "Tüm kayıtlar"],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof activityMessages> {}
}
