import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

// Process definitions (admin). key: [English, Turkish]
export const definitionsMessages = defineMessages({
  "wfd.listDescription": [
    "BPMN process models and their deployed versions.",
    "BPMN süreç modelleri ve yayınlanmış sürümleri.",
  ],
  "wfd.new": ["New definition", "Yeni tanım"],
  "wfd.import": ["Import .bpmn", ".bpmn içe aktar"],
  "wfd.importTitle": ["Import a BPMN file", "BPMN dosyası içe aktar"],
  "wfd.file": ["BPMN file", "BPMN dosyası"],
  "wfd.fileHint": [
    "A .bpmn or .xml file exported from Camunda Modeler or bpmn.io.",
    "Camunda Modeler veya bpmn.io'dan dışa aktarılmış .bpmn ya da .xml dosyası.",
  ],
  "wfd.deployNow": ["Deploy at once", "Hemen yayınla"],
  "wfd.name": ["Name", "Ad"],
  "wfd.key": ["Process key", "Süreç anahtarı"],
  "wfd.keyHint": [
    "Letters, digits, - and _; it names the process in the model.",
    "Harf, rakam, - ve _; modelde süreci adlandırır.",
  ],
  "wfd.category": ["Category", "Kategori"],
  "wfd.descriptionField": ["Description", "Açıklama"],
  "wfd.latest": ["Latest version", "Son sürüm"],
  "wfd.updated": ["Updated", "Güncellendi"],
  "wfd.startable": ["In the catalog", "Katalogda"],
  "wfd.notStartable": ["Hidden", "Gizli"],
  "wfd.notDeployed": ["Not deployed", "Yayınlanmadı"],
  "wfd.version": ["Version {n}", "Sürüm {n}"],
  "wfd.none": ["No process definitions yet", "Henüz süreç tanımı yok"],
  "wfd.noneText": [
    "Create one, or import a BPMN file.",
    "Bir tane oluşturun ya da bir BPMN dosyası içe aktarın.",
  ],
  "wfd.table": ["Process definitions", "Süreç tanımları"],
  "wfd.design": ["Open in designer", "Tasarımcıda aç"],
  "wfd.create": ["Create", "Oluştur"],
  "wfd.save": ["Save", "Kaydet"],
  "wfd.close": ["Close", "Kapat"],
  "wfd.more": ["Load more", "Daha fazla"],
  "wfd.search": ["Search", "Ara"],
  "wfd.details": ["Details", "Ayrıntılar"],
  "wfd.edit": ["Edit", "Düzenle"],
  "wfd.versions": ["Versions", "Sürümler"],
  "wfd.versionCol": ["Version", "Sürüm"],
  "wfd.noVersions": ["No version deployed yet.", "Henüz yayınlanmış sürüm yok."],
  "wfd.deployedBy": ["Deployed by", "Yayınlayan"],
  "wfd.deployedAt": ["Deployed", "Yayın zamanı"],
  "wfd.note": ["Note", "Not"],
  "wfd.download": ["Download XML", "XML indir"],
  "wfd.downloadVersion": ["Download XML of version {n}", "XML indir (sürüm {n})"],
  "wfd.deployDraft": ["Deploy draft", "Taslağı yayınla"],
  "wfd.draft": ["Draft", "Taslak"],
  "wfd.draftSaved": ["Draft saved", "Taslak kaydedildi"],
  "wfd.noDraft": ["No draft.", "Taslak yok."],
  "wfd.deployed": ["Version {n} deployed.", "Sürüm {n} yayınlandı."],
  "wfd.saved": ["Saved.", "Kaydedildi."],
  "wfd.archive": ["Archive", "Arşivle"],
  "wfd.archiveConfirm": [
    "Archive this process definition? Running instances must finish first.",
    "Bu süreç tanımı arşivlensin mi? Önce çalışan örnekler bitmeli.",
  ],
  "wfd.archived": ["Archived", "Arşivlendi"],
  "wfd.problems": ["The model cannot be deployed:", "Model yayınlanamıyor:"],
  "wfd.warnings": ["Hints", "İpuçları"],
  "wfd.element": ["Element", "Öğe"],
  "wfd.unknown": ["Someone", "Biri"],
  "wfd.noFile": ["Choose a BPMN file.", "Bir BPMN dosyası seçin."],
  "wfd.badKey": [
    "Use letters, digits, - and _ only, starting with a letter.",
    "Yalnızca harf, rakam, - ve _ kullanın; bir harfle başlayın.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof definitionsMessages> {}
}
