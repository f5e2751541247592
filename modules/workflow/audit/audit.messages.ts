import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

// The audit monitor page. key: [English, Turkish]
export const auditMessages = defineMessages({
  "workflow.audit.description": [
    "Who did what in your processes and tasks, and what the admins changed.",
    "Süreçlerde ve görevlerde kimin ne yaptığı, yöneticilerin neyi değiştirdiği.",
  ],
  "workflow.audit.csv": ["Download CSV", "CSV indir"],
  "workflow.audit.filters": ["Filter the audit trail", "Denetim kaydını filtrele"],
  "workflow.audit.category": ["Kind", "Tür"],
  "workflow.audit.person": ["Person", "Kişi"],
  "workflow.audit.definition": ["Process definition", "Süreç tanımı"],
  "workflow.audit.from": ["From", "Başlangıç"],
  "workflow.audit.to": ["To", "Bitiş"],
  "workflow.audit.all": ["All", "Tümü"],
  "workflow.audit.system": ["The process engine", "Süreç motoru"],
  "workflow.audit.label": ["Audit trail", "Denetim kaydı"],
  "workflow.audit.empty": ["Nothing recorded yet.", "Henüz kayıt yok."],
  "workflow.audit.none": ["Nothing matches these filters.", "Bu filtrelere uyan kayıt yok."],
  "workflow.audit.more": ["Load more", "Daha fazla yükle"],
  "workflow.audit.clearInstance": ["Show all processes", "Tüm süreçleri göster"],
  "workflow.audit.cat.process": ["Processes", "Süreçler"],
  "workflow.audit.cat.step": ["Steps", "Adımlar"],
  "workflow.audit.cat.task": ["Tasks", "Görevler"],
  "workflow.audit.cat.definition": ["Definitions", "Tanımlar"],
  "workflow.audit.cat.incident": ["Incidents", "Hata kayıtları"],
  "workflow.audit.cat.migration": ["Migrations", "Taşımalar"],
  "workflow.audit.cat.variable": ["Variables", "Değişkenler"],
  "workflow.audit.cat.global": ["Global variables", "Genel değişkenler"],
  "workflow.audit.cat.data": ["Data models and records", "Veri modelleri ve kayıtlar"],
  "workflow.audit.cat.cleanup": ["History cleanup", "Geçmiş temizliği"],
  "workflow.audit.field.removed": ["Finished processes deleted", "Silinen biten süreçler"],
  "workflow.audit.field.historyTimeToLiveDays": [
    "Keep finished processes for (days)",
    "Biten süreçleri saklama (gün)",
  ],
  "workflow.audit.ev.history_cleanup.ran": [
    "cleaned up the history of finished processes",
    "biten süreçlerin geçmişini temizledi",
  ],
  "workflow.audit.ev.settings.updated": [
    "changed the workflow settings",
    "iş akışı ayarlarını değiştirdi",
  ],
  // Change labels (before → after).
  "workflow.audit.field.assignee": ["Assignee", "Atanan"],
  "workflow.audit.field.variables": ["Variables", "Değişkenler"],
  "workflow.audit.field.name": ["Name", "Ad"],
  "workflow.audit.field.description": ["Description", "Açıklama"],
  "workflow.audit.field.category": ["Category", "Kategori"],
  "workflow.audit.field.version": ["Version", "Sürüm"],
  "workflow.audit.field.note": ["Note", "Not"],
  "workflow.audit.field.value": ["Value", "Değer"],
  "workflow.audit.field.problem": ["Problem", "Sorun"],
  "workflow.audit.field.steps": ["Moved steps", "Taşınan adımlar"],
  // Lines: who first, then what (the Turkish verb ends the sentence).
  "workflow.audit.ev.process.started": ["started the process", "süreci başlattı"],
  "workflow.audit.ev.process.completed": ["completed the process", "süreci tamamladı"],
  "workflow.audit.ev.process.cancelled": ["cancelled the process", "süreci iptal etti"],
  "workflow.audit.ev.process.terminated": ["terminated the process", "süreci sonlandırdı"],
  "workflow.audit.ev.process.suspended": ["suspended the process", "süreci askıya aldı"],
  "workflow.audit.ev.process.modified": ["modified the process", "süreci değiştirdi"],
  "workflow.audit.ev.process.resumed": ["resumed the process", "süreci devam ettirdi"],
  "workflow.audit.ev.process.migrated": [
    "moved the process to another version",
    "süreci başka bir sürüme taşıdı",
  ],
  "workflow.audit.ev.element.started": ["moved on to {step}", "{step} adımına geçti"],
  "workflow.audit.ev.element.completed": ["completed {step}", "{step} adımını tamamladı"],
  "workflow.audit.ev.element.cancelled": ["cancelled {step}", "{step} adımını iptal etti"],
  "workflow.audit.ev.variables.changed": ["changed variables", "değişkenleri değiştirdi"],
  "workflow.audit.ev.incident.opened": [
    "ran into a problem at {step}",
    "{step} adımında bir soruna takıldı",
  ],
  "workflow.audit.ev.incident.resolved": [
    "resolved the incident at {step}",
    "{step} adımındaki hata kaydını çözdü",
  ],
  "workflow.audit.ev.timer.fired": [
    "fired the timer of {step}",
    "{step} zamanlayıcısını çalıştırdı",
  ],
  "workflow.audit.ev.error.thrown": ["raised an error at {step}", "{step} adımında hata fırlattı"],
  "workflow.audit.ev.escalation.thrown": [
    "escalated at {step}",
    "{step} adımında üst makama iletti",
  ],
  "workflow.audit.ev.compensation.thrown": [
    "undid completed work at {step}",
    "{step} adımında tamamlanan işleri geri aldı",
  ],
  "workflow.audit.ev.compensation.started": [
    "started undoing with {step}",
    "{step} ile geri almaya başladı",
  ],
  "workflow.audit.ev.message.received": [
    "delivered a message to {step}",
    "{step} adımına mesaj iletti",
  ],
  "workflow.audit.ev.signal.received": ["signalled {step}", "{step} adımına sinyal iletti"],
  "workflow.audit.ev.signal.thrown": [
    "sent a signal from {step}",
    "{step} adımından sinyal gönderdi",
  ],
  "workflow.audit.ev.condition.fired": ["met the condition of {step}", "{step} koşulunu sağladı"],
  "workflow.audit.ev.call.started": [
    "started a sub-process at {step}",
    "{step} adımında alt süreç başlattı",
  ],
  "workflow.audit.ev.task.created": ["created the task {task}", "{task} görevini oluşturdu"],
  "workflow.audit.ev.task.assigned": ["assigned the task {task}", "{task} görevini atadı"],
  "workflow.audit.ev.task.claimed": ["claimed the task {task}", "{task} görevini üstlendi"],
  "workflow.audit.ev.task.unclaimed": [
    "put the task {task} back in the pool",
    "{task} görevini havuza geri bıraktı",
  ],
  "workflow.audit.ev.task.delegated": ["delegated the task {task}", "{task} görevini devretti"],
  "workflow.audit.ev.task.reassigned": [
    "reassigned the task {task}",
    "{task} görevini yeniden atadı",
  ],
  "workflow.audit.ev.task.substituted": [
    "passed the task {task} to a stand-in",
    "{task} görevini vekile aktardı",
  ],
  "workflow.audit.ev.task.resolved": [
    "resolved the task {task} back to its owner",
    "{task} görevini sahibine geri verdi",
  ],
  "workflow.audit.ev.task.completed": ["completed the task {task}", "{task} görevini tamamladı"],
  "workflow.audit.ev.task.cancelled": ["cancelled the task {task}", "{task} görevini iptal etti"],
  "workflow.audit.ev.task.updated": ["changed the task {task}", "{task} görevini değiştirdi"],
  "workflow.audit.ev.task.commented": [
    "commented on the task {task}",
    "{task} görevine yorum yazdı",
  ],
  "workflow.audit.ev.definition.created": [
    "created the process definition {name}",
    "{name} süreç tanımını oluşturdu",
  ],
  "workflow.audit.ev.definition.updated": [
    "changed the process definition {name}",
    "{name} süreç tanımını değiştirdi",
  ],
  "workflow.audit.ev.definition.deployed": [
    "deployed a new version of {name}",
    "{name} için yeni sürüm yayımladı",
  ],
  "workflow.audit.ev.definition.archived": [
    "archived the process definition {name}",
    "{name} süreç tanımını arşivledi",
  ],
  "workflow.audit.ev.definition.migrated": [
    "moved running processes of {name} to another version",
    "{name} sürecinin çalışan örneklerini başka bir sürüme taşıdı",
  ],
  "workflow.audit.ev.global.created": [
    "added the global variable {name}",
    "{name} genel değişkenini ekledi",
  ],
  "workflow.audit.ev.global.updated": [
    "changed the global variable {name}",
    "{name} genel değişkenini değiştirdi",
  ],
  "workflow.audit.ev.global.deleted": [
    "removed the global variable {name}",
    "{name} genel değişkenini kaldırdı",
  ],
  "workflow.audit.ev.data_model.created": [
    "added the data model {name}",
    "{name} veri modelini ekledi",
  ],
  "workflow.audit.ev.data_model.updated": [
    "changed the data model {name}",
    "{name} veri modelini değiştirdi",
  ],
  "workflow.audit.ev.data_model.deleted": [
    "removed the data model {name}",
    "{name} veri modelini kaldırdı",
  ],
  "workflow.audit.ev.data_record.created": [
    "created the record {name}",
    "{name} kaydını oluşturdu",
  ],
  "workflow.audit.ev.data_record.updated": [
    "changed the record {name}",
    "{name} kaydını değiştirdi",
  ],
  "workflow.audit.ev.data_record.deleted": ["deleted the record {name}", "{name} kaydını sildi"],
  "workflow.audit.ev.other": ["recorded an event", "bir olay kaydetti"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof auditMessages> {}
}
