import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// The signed-in home page.
export const homeMessages = defineMessages({
  // Home page.
  "home.morning": ["Good morning, {name}", "Günaydın, {name}"],
  "home.afternoon": ["Good afternoon, {name}", "İyi günler, {name}"],
  "home.evening": ["Good evening, {name}", "İyi akşamlar, {name}"],
  "home.today": ["{date} · {tenant}", "{date} · {tenant}"],
  "home.yourRoles": ["Your roles here: {roles}", "Buradaki rolleriniz: {roles}"],
  "home.quickLinks": ["Your modules", "Modülleriniz"],
  "home.quiet": [
    "Nothing needs your attention right now.",
    "Şu anda ilgilenmeniz gereken bir şey yok.",
  ],
  "home.noModules": [
    "You cannot open any module yet. Ask an administrator for a role.",
    "Henüz hiçbir modülü açamıyorsunuz. Bir yöneticiden rol isteyin.",
  ],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof homeMessages> {}
}
