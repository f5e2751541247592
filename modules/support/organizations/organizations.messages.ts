import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's organizations texts: key → [English, Turkish]. */
export const organizationsMessages = defineMessages({
  "support.teams": ["Teams", "Ekipler"],
  "support.departments.new": ["New department", "Yeni departman"],
  "support.teams.new": ["New team", "Yeni ekip"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof organizationsMessages> {}
}
