import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: the home page's card. Key → [English, Turkish]. */
export const homeMessages = defineMessages({
  "documents.home.recent": ["Recent documents", "Son belgeler"],
  "documents.home.all": ["All files", "Tüm dosyalar"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof homeMessages> {}
}
