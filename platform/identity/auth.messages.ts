import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// Sign-in.
export const authMessages = defineMessages({
  // Sign-in page.
  "login.welcome": ["Sign in to your workspace", "Çalışma alanınıza giriş yapın"],
  "login.languages": ["Language", "Dil"],
  "login.suspended": [
    "This workspace is suspended. Ask the platform operator to reactivate it.",
    "Bu çalışma alanı askıya alındı. Yeniden etkinleştirmesi için platform yöneticisine başvurun.",
  ],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof authMessages> {}
}
