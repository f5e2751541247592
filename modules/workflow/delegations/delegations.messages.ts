import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const delegationsMessages = defineMessages({
  "workflow.delegations.title": ["Delegations", "Vekaletler"],
  "workflow.delegations.description": [
    "Tasks you handed over or received, and substitutes for your absences.",
    "Devrettiğiniz veya size devredilen görevler ve yokluğunuzda vekilleriniz.",
  ],
  "workflow.delegations.tabs": ["Delegation views", "Vekalet görünümleri"],
  "workflow.delegations.tab.received": ["Received", "Bana devredilenler"],
  "workflow.delegations.tab.given": ["Given", "Devrettiklerim"],
  "workflow.delegations.tab.standing": ["Absence substitutes", "Yokluk vekilleri"],
  "workflow.delegations.col.task": ["Task", "Görev"],
  "workflow.delegations.col.what": ["Hand-over", "Devir"],
  "workflow.delegations.col.from": ["From", "Kimden"],
  "workflow.delegations.col.to": ["To", "Kime"],
  "workflow.delegations.col.when": ["When", "Ne zaman"],
  "workflow.delegations.col.state": ["Task state", "Görev durumu"],
  "workflow.delegations.col.period": ["Period", "Dönem"],
  "workflow.delegations.col.scope": ["Tasks", "Görevler"],
  "workflow.delegations.col.reason": ["Reason", "Neden"],
  "workflow.delegations.col.status": ["Status", "Durum"],
  "workflow.delegations.event.delegated": ["Delegated", "Vekalet verildi"],
  "workflow.delegations.event.reassigned": ["Reassigned", "Yeniden atandı"],
  "workflow.delegations.event.substituted": ["Substitute", "Vekil"],
  "workflow.delegations.event.resolved": ["Resolved and returned", "Çözülüp geri gönderildi"],
  "workflow.delegations.empty": ["Nothing handed over yet.", "Henüz devredilen bir şey yok."],
  "workflow.delegations.more": ["Load more", "Daha fazla yükle"],
  "workflow.delegations.standing.given": ["My substitutes", "Vekillerim"],
  "workflow.delegations.standing.received": ["I substitute for", "Vekili olduklarım"],
  "workflow.delegations.standing.empty": ["No substitutes set up.", "Tanımlı vekil yok."],
  "workflow.delegations.standing.all": ["All tasks", "Tüm görevler"],
  "workflow.delegations.standing.active": ["In force", "Yürürlükte"],
  "workflow.delegations.standing.planned": ["Planned", "Planlandı"],
  "workflow.delegations.standing.new": ["New substitute", "Yeni vekil"],
  "workflow.delegations.standing.to": ["Substitute", "Vekil"],
  "workflow.delegations.standing.startsAt": ["From", "Başlangıç"],
  "workflow.delegations.standing.endsAt": ["Until", "Bitiş"],
  "workflow.delegations.standing.definition": ["Only tasks of", "Yalnızca şu sürecin görevleri"],
  "workflow.delegations.standing.reason": ["Reason", "Neden"],
  "workflow.delegations.standing.create": ["Set up", "Tanımla"],
  "workflow.delegations.standing.revoke": ["Revoke", "Geri al"],
  "workflow.delegations.close": ["Close", "Kapat"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof delegationsMessages> {}
}
