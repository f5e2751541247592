import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's reports texts: key → [English, Turkish]. */
export const reportsMessages = defineMessages({
  "support.report.status": [
    "Open tickets by status and priority",
    "Duruma ve önceliğe göre açık talepler",
  ],
  "support.report.sla": ["SLA compliance", "SLA uyumu"],
  "support.report.team": ["Team performance", "Ekip performansı"],
  "support.report.volume": ["Created vs resolved per day", "Günlük açılan ve çözülen"],
  "support.report.col.status": ["Status", "Durum"],
  "support.report.col.priority": ["Priority", "Öncelik"],
  "support.report.col.tickets": ["Tickets", "Talepler"],
  "support.report.col.day": ["Day", "Gün"],
  "support.report.col.met": ["Met", "Karşılanan"],
  "support.report.col.breached": ["Breached", "İhlal edilen"],
  "support.report.col.agent": ["Agent", "Temsilci"],
  "support.report.col.assigned": ["Assigned", "Atanan"],
  "support.report.col.resolved": ["Resolved", "Çözülen"],
  "support.report.col.medianFirstResponseMinutes": [
    "Median first response (min)",
    "Medyan ilk yanıt (dk)",
  ],
  "support.report.col.medianResolutionMinutes": ["Median resolution (min)", "Medyan çözüm (dk)"],
  "support.report.col.created": ["Created", "Açılan"],
  "support.report.assigned": ["Assigned", "Atanan"],
  "support.report.created": ["Created", "Açılan"],
  "support.report.resolved": ["Resolved", "Çözülen"],
  "support.report.tickets": ["Tickets", "Talepler"],
  "support.report.csv": ["Download CSV", "CSV indir"],
  "support.report.empty": ["No data in this period.", "Bu dönemde veri yok."],
  "support.report.from": ["From", "Başlangıç"],
  "support.report.to": ["To", "Bitiş"],
  "support.report.type": ["Report", "Rapor"],
  "support.dashboard.open": ["Open tickets", "Açık talepler"],
  "support.dashboard.sla": ["SLA status of open tickets", "Açık taleplerin SLA durumu"],
  "support.dashboard.team": ["Team performance (30 days)", "Ekip performansı (30 gün)"],
  "support.dashboard.openHint": [
    "{open} new · {working} in progress",
    "{open} yeni · {working} işlemde",
  ],
  "support.dashboard.volume": ["Created and resolved (14 days)", "Açılan ve çözülen (14 gün)"],
  "support.dashboard.priority": ["Open tickets by priority", "Önceliğe göre açık talepler"],
  "support.dashboard.noneOpen": ["No open tickets.", "Açık talep yok."],
  "support.dashboard.created": ["Created (14 days)", "Açılan (14 gün)"],
  "support.dashboard.resolved": ["Resolved (14 days)", "Çözülen (14 gün)"],
  "support.dashboard.teamChart": [
    "Assigned and resolved per agent (30 days)",
    "Temsilci başına atanan ve çözülen (30 gün)",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof reportsMessages> {}
}
