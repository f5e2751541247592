import { addMessages } from "../../shared/i18n/i18n.ts";

// The one translations editor under administration. [key, English, Turkish]
const MESSAGES: [string, string, string][] = [
  [
    "translations.readOnlyNote",
    "You can read these texts; changing them needs the right to edit translations.",
    "Bu metinleri okuyabilirsiniz; değiştirmek için çevirileri düzenleme yetkisi gerekir.",
  ],
  ["translations.module", "Module", "Modül"],
  ["translations.allModules", "All modules", "Tüm modüller"],
  ["translations.original", "Original text", "Özgün metin"],
  ["translations.removeLanguageShort", "Remove", "Kaldır"],
];

addMessages("en", Object.fromEntries(MESSAGES.map(([k, en]) => [k, en])));
addMessages("tr", Object.fromEntries(MESSAGES.map(([k, , tr]) => [k, tr])));
