import { addMessages } from "../../shared/i18n/i18n.ts";

// [key, English, Turkish]
const MESSAGES: [string, string, string][] = [
  [
    "placeholder.later",
    "It arrives with the module; until then nothing here works, and the menu does not list it.",
    "Modülle birlikte gelecek; o zamana kadar burada hiçbir şey çalışmaz ve menüde yer almaz.",
  ],
];

addMessages("en", Object.fromEntries(MESSAGES.map(([k, en]) => [k, en])));
addMessages("tr", Object.fromEntries(MESSAGES.map(([k, , tr]) => [k, tr])));
