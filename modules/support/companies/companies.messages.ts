import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's companies texts: key → [English, Turkish]. */
export const companiesMessages = defineMessages({
  "support.companies.new": ["New company", "Yeni şirket"],
  "support.companies.contacts": ["Show contacts", "Kişileri göster"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof companiesMessages> {}
}
