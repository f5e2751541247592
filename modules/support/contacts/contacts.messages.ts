import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's contacts texts: key → [English, Turkish]. */
export const contactsMessages = defineMessages({
  "support.contacts.new": ["New contact", "Yeni kişi"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof contactsMessages> {}
}
