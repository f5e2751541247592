/** The Projects home widget's texts (key → [English, Turkish]). */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const homeMessages = defineMessages({
  "projects.home.myTasksDue": ["My tasks due", "Sıradaki görevlerim"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof homeMessages> {}
}
