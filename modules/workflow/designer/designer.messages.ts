import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const designerMessages = defineMessages({
  "workflow.designer.save": ["Save draft", "Taslağı kaydet"],
  "workflow.designer.validate": ["Validate", "Doğrula"],
  "workflow.designer.deploy": ["Deploy", "Yayınla"],
  "workflow.designer.download": ["Download XML", "XML indir"],
  "workflow.designer.import": ["Import .bpmn", ".bpmn içe aktar"],
  "workflow.designer.toolbar": ["Designer actions", "Tasarımcı işlemleri"],
  "workflow.designer.canvas": ["Process diagram editor", "Süreç diyagramı düzenleyicisi"],
  "workflow.designer.properties": ["Properties", "Özellikler"],
  "workflow.designer.newTitle": ["New process", "Yeni süreç"],
  "workflow.designer.editing": ["Editing {name}", "{name} düzenleniyor"],
  "workflow.designer.draftOf": [
    "Draft based on version {version}",
    "{version}. sürüme dayalı taslak",
  ],
  "workflow.designer.noVersion": ["Not deployed yet", "Henüz yayınlanmadı"],
  "workflow.designer.saved": ["Draft saved.", "Taslak kaydedildi."],
  "workflow.designer.valid": [
    "No problems found: the process can be deployed.",
    "Sorun bulunamadı: süreç yayınlanabilir.",
  ],
  "workflow.designer.invalid": [
    "Problems to fix before deploying: {count}.",
    "Yayınlamadan önce giderilmesi gereken sorun: {count}.",
  ],
  "workflow.designer.deployed": ["Version {version} deployed.", "{version}. sürüm yayınlandı."],
  "workflow.designer.toCatalog": ["Open the process catalog", "Süreç kataloğunu aç"],
  "workflow.designer.failed": [
    "The action failed. Please try again.",
    "İşlem başarısız oldu. Lütfen yeniden deneyin.",
  ],
  "workflow.designer.imported": [
    "File imported. Save or deploy to keep it.",
    "Dosya içe aktarıldı. Saklamak için kaydedin ya da yayınlayın.",
  ],
  "workflow.designer.importFailed": [
    "The file is not a BPMN diagram that can be opened.",
    "Dosya açılabilen bir BPMN diyagramı değil.",
  ],
  "workflow.designer.tooLarge": ["The diagram is too large.", "Diyagram çok büyük."],
  "workflow.designer.hint.groupsTitle": ["Candidate groups", "Aday gruplar"],
  "workflow.designer.hint.group": ["Role", "Rol"],
  "workflow.designer.hint.addGroup": ["Add", "Ekle"],
  "workflow.designer.hint.current": ["Now:", "Şu an:"],
  "workflow.designer.hint.none": ["none", "yok"],
  "workflow.designer.hint.groupsHelp": [
    "People holding one of these roles see the task in their pool. Assignee, due date and form are in the properties below.",
    "Bu rollerden birine sahip kişiler görevi havuzlarında görür. Atanan kişi, bitiş tarihi ve form aşağıdaki özelliklerde.",
  ],
  "workflow.designer.hint.topicTitle": ["What this step runs", "Bu adım neyi çalıştırır"],
  "workflow.designer.hint.topic": [
    "Agent, operation or worker topic",
    "Ajan, işlem ya da çalışan konusu",
  ],
  "workflow.designer.hint.useTopic": ["Use", "Kullan"],
  "workflow.designer.hint.agents": ["Automation agents", "Otomasyon ajanları"],
  "workflow.designer.hint.operations": ["Platform operations", "Platform işlemleri"],
  "workflow.designer.hint.topicHelp": [
    "Sets the step to external with this topic; map inputs and outputs under Inputs/Outputs below.",
    "Adımı bu konuyla harici olarak ayarlar; girdi ve çıktıları aşağıda Girdiler/Çıktılar altında eşleyin.",
  ],
  "workflow.designer.hint.noAgents": ["No agents yet", "Henüz ajan yok"],
  "workflow.diagram.label": ["Process diagram", "Süreç diyagramı"],
  "workflow.diagram.failed": ["The diagram could not be drawn.", "Diyagram çizilemedi."],
  "workflow.diagram.done": ["Done", "Tamamlandı"],
  "workflow.diagram.active": ["Active", "Etkin"],
  "workflow.diagram.incident": ["Incident", "Hata"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof designerMessages> {}
}
