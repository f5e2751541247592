import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Automation's kinds texts: key → [English, Turkish]. */
export const kindsMessages = defineMessages({
  "automation.kinds.script": ["Script", "Betik"],
  "automation.kinds.http": ["HTTP request", "HTTP isteği"],
  "automation.kinds.platform": ["Platform action", "Platform işlemi"],
  "automation.kinds.email": ["E-mail", "E-posta"],
  "automation.kinds.script.hint": [
    "Your own TypeScript, run in an isolated sandbox",
    "Yalıtılmış bir ortamda çalışan kendi TypeScript kodunuz",
  ],
  "automation.kinds.http.hint": [
    "Calls a web address with the input filled in",
    "Girdiyi yerleştirerek bir web adresini çağırır",
  ],
  "automation.kinds.platform.hint": [
    "Runs one action of the platform, such as creating a task",
    "Görev oluşturmak gibi tek bir platform işlemini çalıştırır",
  ],
  "automation.kinds.email.hint": [
    "Sends an e-mail built from the input",
    "Girdiden oluşturulan bir e-posta gönderir",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof kindsMessages> {}
}
