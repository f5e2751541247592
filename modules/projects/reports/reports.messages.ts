/** Reports' texts: progress, burn-up, distribution and workload (key → [English, Turkish]). */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const reportsMessages = defineMessages({
  "projects.allProjects": ["All projects", "Tüm projeler"],
  "projects.burnUp": ["Burn-up (last 30 days)", "İlerleme grafiği (son 30 gün)"],
  "projects.byAssignee": ["By assignee", "Atanana göre"],
  "projects.byPriority": ["By priority", "Önceliğe göre"],
  "projects.byStatus": ["By status", "Duruma göre"],
  "projects.csvDistribution": ["Distribution CSV", "Dağılım CSV"],
  "projects.csvProgress": ["Progress CSV", "İlerleme CSV"],
  "projects.csvWorkload": ["Workload CSV", "İş yükü CSV"],
  "projects.done": ["Done", "Tamamlanan"],
  "projects.estimateHours": ["Estimated hours", "Tahmini saat"],
  "projects.myTasks": ["My tasks", "Görevlerim"],
  "projects.noMembers": ["No members.", "Üye yok."],
  "projects.noProjects": ["No projects to show.", "Gösterilecek proje yok."],
  "projects.open": ["Open", "Açık"],
  "projects.total": ["Total", "Toplam"],
  "projects.workload": ["Workload", "İş yükü"],
  "projects.activeProjects": ["Active projects", "Aktif projeler"],
  "projects.allOverdue": ["All overdue", "Tüm gecikenler"],
  "projects.myOpenTasks": ["My open tasks", "Açık görevlerim"],
  "projects.noMyTasks": ["Nothing assigned to you is open.", "Size atanmış açık görev yok."],
  "projects.noOverdue": ["No overdue tasks.", "Geciken görev yok."],
  "projects.openTasks": ["Open tasks", "Açık görevler"],
  "projects.percentDone": ["Done (%)", "Tamamlanan (%)"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof reportsMessages> {}
}
