import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// The one translations editor under administration.
export const translationsMessages = defineMessages({
  "translations.readOnlyNote": [
    "You can read these texts; changing them needs the right to edit translations.",
    "Bu metinleri okuyabilirsiniz; değiştirmek için çevirileri düzenleme yetkisi gerekir.",
  ],
  "translations.module": ["Module", "Modül"],
  "translations.allModules": ["All modules", "Tüm modüller"],
  "translations.original": ["Original text", "Özgün metin"],
  "translations.removeLanguageShort": ["Remove", "Kaldır"],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof translationsMessages> {}
}
