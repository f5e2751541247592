import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// Words several identity pages share (errors, forms).
export const identityCommonMessages = defineMessages({
  // Forms.
  "form.checkFields": ["Please check: {fields}.", "Lütfen kontrol edin: {fields}."],
  "form.invalid": ["Please check the form.", "Lütfen formu kontrol edin."],
  // Error pages.
  "error.forbiddenTitle": ["No access", "Erişim yok"],
  "error.notFoundTitle": ["Page not found", "Sayfa bulunamadı"],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof identityCommonMessages> {}
}
