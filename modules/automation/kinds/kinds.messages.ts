import { addMessages } from "../../../shared/i18n/i18n.ts";

addMessages("en", {
  "automation.kinds.script": "Script",
  "automation.kinds.http": "HTTP request",
  "automation.kinds.platform": "Platform action",
  "automation.kinds.email": "E-mail",
  "automation.kinds.script.hint": "Your own TypeScript, run in an isolated sandbox",
  "automation.kinds.http.hint": "Calls a web address with the input filled in",
  "automation.kinds.platform.hint": "Runs one action of the platform, such as creating a task",
  "automation.kinds.email.hint": "Sends an e-mail built from the input",
});

addMessages("tr", {
  "automation.kinds.script": "Betik",
  "automation.kinds.http": "HTTP isteği",
  "automation.kinds.platform": "Platform işlemi",
  "automation.kinds.email": "E-posta",
  "automation.kinds.script.hint": "Yalıtılmış bir ortamda çalışan kendi TypeScript kodunuz",
  "automation.kinds.http.hint": "Girdiyi yerleştirerek bir web adresini çağırır",
  "automation.kinds.platform.hint": "Görev oluşturmak gibi tek bir platform işlemini çalıştırır",
  "automation.kinds.email.hint": "Girdiden oluşturulan bir e-posta gönderir",
});
