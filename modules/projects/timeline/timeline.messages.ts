/** The timeline's texts (key → [English, Turkish]). */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const timelineMessages = defineMessages({
  "projects.view.timeline": ["Timeline", "Zaman çizelgesi"],
  "projects.timeline.chart": ["Gantt chart", "Gantt şeması"],
  "projects.timeline.groupBy": ["Group by", "Gruplama"],
  "projects.timeline.byStatus": ["Status", "Durum"],
  "projects.timeline.byAssignee": ["Assignee", "Atanan"],
  "projects.timeline.byMilestone": ["Milestone", "Kilometre taşı"],
  "projects.timeline.zoom": ["Zoom", "Yakınlaştırma"],
  "projects.timeline.day": ["Day", "Gün"],
  "projects.timeline.week": ["Week", "Hafta"],
  "projects.timeline.month": ["Month", "Ay"],
  "projects.timeline.apply": ["Show", "Göster"],
  "projects.timeline.noAssignee": ["No assignee", "Atanmamış"],
  "projects.timeline.noMilestone": ["No milestone", "Kilometre taşı yok"],
  "projects.timeline.empty": [
    "No task of this project has a start or due date yet.",
    "Bu projede henüz başlangıç ya da bitiş tarihi olan görev yok.",
  ],
  "projects.timeline.unscheduled": [
    "{count} task(s) without dates are not drawn.",
    "Tarihi olmayan {count} görev çizilmedi.",
  ],
  "projects.timeline.truncated": [
    "Only the first {count} tasks are drawn; narrow the filters to see the rest.",
    "Yalnızca ilk {count} görev çizildi; kalanlar için filtreleri daraltın.",
  ],
  "projects.timeline.list": ["Tasks and dates", "Görevler ve tarihler"],
  "projects.timeline.listLimit": [
    "The first {count} of {total} tasks are listed; the chart draws them all.",
    "{total} görevin ilk {count} tanesi listelendi; şema hepsini çizer.",
  ],
  "projects.timeline.task": ["Task", "Görev"],
  "projects.timeline.dates": ["Dates", "Tarihler"],
  "projects.timeline.dependsOn": ["Waits for", "Bekledikleri"],
  "projects.timeline.critical": ["Critical path", "Kritik yol"],
  "projects.timeline.criticalYes": ["On the critical path", "Kritik yolda"],
  "projects.timeline.legend": [
    "Drag a bar to move it, its ends to change its dates. Red bars are on the critical path; diamonds are milestones.",
    "Taşımak için çubuğu, tarihlerini değiştirmek için uçlarını sürükleyin. Kırmızı çubuklar kritik yoldadır; elmaslar kilometre taşlarıdır.",
  ],
  "projects.timeline.readonly": [
    "You can view this timeline; moving tasks needs a member role.",
    "Bu zaman çizelgesini görebilirsiniz; görevleri taşımak için üye rolü gerekir.",
  ],
  "projects.timeline.saved": ["Saved: {task}, {dates}.", "Kaydedildi: {task}, {dates}."],
  "projects.timeline.failed": [
    "The change could not be saved; try again.",
    "Değişiklik kaydedilemedi; yeniden deneyin.",
  ],
  "projects.timeline.refused": [
    "Not moved: {detail}",
    "Taşınmadı: {detail}",
  ],
  "projects.timeline.rule.finish_to_start": [
    "“{task}” cannot start before “{blocker}” is finished (finish to start); earliest start {date}.",
    "“{task}”, “{blocker}” bitmeden başlayamaz (bitişten başlangıca); en erken başlangıç {date}.",
  ],
  "projects.timeline.rule.start_to_start": [
    "“{task}” cannot start before “{blocker}” starts (start to start); earliest start {date}.",
    "“{task}”, “{blocker}” başlamadan başlayamaz (başlangıçtan başlangıca); en erken başlangıç {date}.",
  ],
  "projects.timeline.rule.finish_to_finish": [
    "“{task}” cannot finish before “{blocker}” is finished (finish to finish); earliest due date {date}.",
    "“{task}”, “{blocker}” bitmeden bitemez (bitişten bitişe); en erken bitiş {date}.",
  ],
  "projects.timeline.rule.start_to_finish": [
    "“{task}” cannot finish before “{blocker}” starts (start to finish); earliest due date {date}.",
    "“{task}”, “{blocker}” başlamadan bitemez (başlangıçtan bitişe); en erken bitiş {date}.",
  ],
  "projects.timeline.outside": [
    "The dates must stay inside the project's dates ({from} – {to}).",
    "Tarihler projenin tarihleri içinde kalmalı ({from} – {to}).",
  ],
  "projects.dependency.finish_to_start": ["finish to start", "bitişten başlangıca"],
  "projects.dependency.start_to_start": ["start to start", "başlangıçtan başlangıca"],
  "projects.dependency.finish_to_finish": ["finish to finish", "bitişten bitişe"],
  "projects.dependency.start_to_finish": ["start to finish", "başlangıçtan bitişe"],
  "projects.dependency.lag": ["{days} day(s) lag", "{days} gün gecikme"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof timelineMessages> {}
}
