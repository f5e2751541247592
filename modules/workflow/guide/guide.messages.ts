import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

// The script guide (/workflow/admin/script-guide). key: [English, Turkish]
export const guideMessages = defineMessages({
  "wfg.description": [
    "Everything you can write in a process, with examples you can try. Every example is checked against the engine.",
    "Bir süreçte yazabileceğiniz her şey, deneyebileceğiniz örneklerle. Her örnek motorla doğrulanır.",
  ],
  "wfg.contents": ["Contents", "İçindekiler"],
  "wfg.inXml": ["In the BPMN XML", "BPMN XML içinde"],
  "wfg.code": ["Expression or script", "İfade ya da betik"],
  "wfg.variables": ["Variables (JSON)", "Değişkenler (JSON)"],
  "wfg.expected": ["Result", "Sonuç"],
  "wfg.expectedError": ["Stops with an incident", "Hata kaydıyla durur"],
  "wfg.try": ["Try it", "Dene"],
  "wfg.result": ["The engine gives", "Motorun verdiği sonuç"],
  "wfg.error": ["The engine stops with", "Motor şu hatayla durur"],
  "wfg.kind.feel": ["FEEL expression", "FEEL ifadesi"],
  "wfg.kind.condition": ["Sequence flow condition", "Akış koşulu"],
  "wfg.kind.io": ["Input/output parameter", "Girdi/çıktı parametresi"],
  "wfg.kind.script-feel": ["FEEL script task", "FEEL betik görevi"],
  "wfg.kind.script-js": ["JavaScript script task", "JavaScript betik görevi"],
  "wfg.kind.timer": ["Timer", "Zamanlayıcı"],
  "wfg.unknownExample": ["This example does not exist.", "Bu örnek yok."],
  "wfg.badVariables": [
    'The variables must be a JSON object, e.g. {"amount": 100}.',
    'Değişkenler bir JSON nesnesi olmalıdır, örneğin {"amount": 100}.',
  ],
  "wfg.tooLong": ["The code or the variables are too long.", "Kod ya da değişkenler çok uzun."],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof guideMessages> {}
}
