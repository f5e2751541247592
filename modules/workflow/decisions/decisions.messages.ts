import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

// key: [English, Turkish]. dmn-js's own editor UI (context menus, cell editors) stays English.
export const decisionsMessages = defineMessages({
  "page.decisionTables": ["Decision tables", "Karar tabloları"],
  "workflow.decisions.description": [
    "DMN decision tables that business rule tasks evaluate: inputs, rules and a hit policy decide the outputs.",
    "İş kuralı görevlerinin değerlendirdiği DMN karar tabloları: girdiler, kurallar ve bir eşleşme politikası çıktıları belirler.",
  ],
  "workflow.decisions.col.name": ["Name", "Ad"],
  "workflow.decisions.col.key": ["Reference in processes", "Süreçlerdeki başvuru"],
  "workflow.decisions.col.hitPolicy": ["Hit policy", "Eşleşme politikası"],
  "workflow.decisions.col.rules": ["Rules", "Kurallar"],
  "workflow.decisions.col.version": ["Version", "Sürüm"],
  "workflow.decisions.col.deployed": ["Deployed", "Yayınlandı"],
  "workflow.decisions.version": ["version {n}", "sürüm {n}"],
  "workflow.decisions.by": ["by {name}", "{name} tarafından"],
  "workflow.decisions.empty": ["No decision tables yet.", "Henüz karar tablosu yok."],
  "workflow.decisions.new": ["New decision table", "Yeni karar tablosu"],
  "workflow.decisions.open": ["Open {name}", "{name} tablosunu aç"],
  "workflow.decisions.edit": ["Edit", "Düzenle"],
  "workflow.decisions.delete": ["Delete", "Sil"],
  "workflow.decisions.deleteConfirm": [
    "Delete every version of the decision table {name}?",
    "{name} karar tablosunun tüm sürümleri silinsin mi?",
  ],
  "workflow.decisions.field.name": ["Name", "Ad"],
  "workflow.decisions.field.key": [
    "Reference (letters, digits and _; business rule tasks name it in decisionRef)",
    "Başvuru (harf, rakam ve _; iş kuralı görevleri decisionRef içinde kullanır)",
  ],
  "workflow.decisions.field.templateHint": [
    "The table starts from an example (amount → approver) that you then edit.",
    "Tablo, sonra düzenleyeceğiniz bir örnekle (tutar → onaylayan) başlar.",
  ],
  "workflow.decisions.create": ["Create", "Oluştur"],
  "workflow.decisions.close": ["Close", "Kapat"],
  "workflow.decisions.editing": ["Decision table: {name}", "Karar tablosu: {name}"],
  "workflow.decisions.toolbar": ["Decision table actions", "Karar tablosu işlemleri"],
  "workflow.decisions.save": ["Save and deploy", "Kaydet ve yayınla"],
  "workflow.decisions.download": ["Download DMN", "DMN indir"],
  "workflow.decisions.canvas": ["Decision table editor", "Karar tablosu düzenleyicisi"],
  "workflow.decisions.editorNote": [
    "The table editor's own menus are in English.",
    "Tablo düzenleyicisinin kendi menüleri İngilizcedir.",
  ],
  "workflow.decisions.deployed": ["Version {version} deployed.", "Sürüm {version} yayınlandı."],
  "workflow.decisions.refused": ["Not deployed:", "Yayınlanmadı:"],
  "workflow.decisions.failed": [
    "The action failed. Try again.",
    "İşlem başarısız oldu. Yeniden deneyin.",
  ],
  "workflow.decisions.importFailed": ["The table could not be opened.", "Tablo açılamadı."],
  "workflow.decisions.test": ["Try it", "Dene"],
  "workflow.decisions.testHint": [
    'Variables as JSON, for example {"amount": 2500}. The latest deployed version answers.',
    'JSON olarak değişkenler, örneğin {"amount": 2500}. Yayınlanan son sürüm yanıt verir.',
  ],
  "workflow.decisions.variables": ["Variables (JSON)", "Değişkenler (JSON)"],
  "workflow.decisions.evaluate": ["Evaluate", "Değerlendir"],
  "workflow.decisions.badJson": [
    "The variables must be a JSON object.",
    "Değişkenler bir JSON nesnesi olmalıdır.",
  ],
  "workflow.decisions.noMatch": ["No rule matches.", "Hiçbir kural eşleşmiyor."],
  "workflow.decisions.rule": ["Rule", "Kural"],
  "workflow.decisions.matched": [
    "Version {version}, {policy}: {count} result(s).",
    "Sürüm {version}, {policy}: {count} sonuç.",
  ],
  "workflow.decisions.hit.UNIQUE": ["Unique", "Tekil"],
  "workflow.decisions.hit.FIRST": ["First", "İlk"],
  "workflow.decisions.hit.PRIORITY": ["Priority", "Öncelik"],
  "workflow.decisions.hit.ANY": ["Any", "Herhangi"],
  "workflow.decisions.hit.COLLECT": ["Collect", "Topla"],
  "workflow.decisions.hit.RULE_ORDER": ["Rule order", "Kural sırası"],
  "workflow.decisions.hit.OUTPUT_ORDER": ["Output order", "Çıktı sırası"],
  "wfi.event.decision.evaluated": [
    "evaluated the decision table of {step}",
    "{step} karar tablosunu değerlendirdi",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof decisionsMessages> {}
}
