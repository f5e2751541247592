/** Recurring tasks' texts (key → [English, Turkish]). */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const recurrenceMessages = defineMessages({
  "projects.recurrence.title": ["Repeats", "Tekrar"],
  "projects.recurrence.none": ["This task does not repeat.", "Bu görev tekrarlanmıyor."],
  "projects.recurrence.repeat": ["Repeat", "Tekrar"],
  "projects.recurrence.preset.daily": ["Daily", "Her gün"],
  "projects.recurrence.preset.weekly": ["Weekly", "Her hafta"],
  "projects.recurrence.preset.monthly": ["Monthly", "Her ay"],
  "projects.recurrence.preset.custom": ["Custom rule", "Özel kural"],
  "projects.recurrence.interval": ["Every (1 = each time)", "Kaç dönemde bir (1 = her seferinde)"],
  "projects.recurrence.days": ["On these days", "Şu günlerde"],
  "projects.recurrence.monthDay": ["Day of the month", "Ayın günü"],
  "projects.recurrence.rule": ["Rule (RFC 5545 RRULE)", "Kural (RFC 5545 RRULE)"],
  "projects.recurrence.ruleHint": [
    "For example FREQ=WEEKLY;BYDAY=MO,TH or FREQ=MONTHLY;BYDAY=-1FR",
    "Örneğin FREQ=WEEKLY;BYDAY=MO,TH veya FREQ=MONTHLY;BYDAY=-1FR",
  ],
  "projects.recurrence.mode": ["Make the next one", "Sonrakini oluştur"],
  "projects.recurrence.mode.on_done": ["When this one is done", "Bu tamamlanınca"],
  "projects.recurrence.mode.on_schedule": [
    "When its date comes, even if this one is open",
    "Tarihi gelince, bu açık olsa bile",
  ],
  "projects.recurrence.save": ["Save recurrence", "Tekrarı kaydet"],
  "projects.recurrence.set": ["Make recurring", "Tekrarlayan yap"],
  "projects.recurrence.change": ["Change", "Değiştir"],
  "projects.recurrence.stop": ["Stop repeating", "Tekrarı durdur"],
  "projects.recurrence.next": ["Next dates", "Sonraki tarihler"],
  "projects.recurrence.ended": ["The rule has no more dates.", "Kuralın başka tarihi yok."],
  "projects.recurrence.zone": ["Dates in the {zone} time zone", "Tarihler {zone} saat diliminde"],
  "projects.recurrence.occurrences": ["Occurrences", "Tekrarlar"],
  "projects.recurrence.current": ["this task", "bu görev"],
  "projects.recurrence.deleted": ["deleted", "silindi"],
  "projects.recurrence.done": ["done", "tamamlandı"],
  "projects.recurrence.saved": ["Recurrence saved.", "Tekrar kaydedildi."],
  "projects.recurrence.stopped": ["The task no longer repeats.", "Görev artık tekrarlanmıyor."],
  "projects.recurrence.day.MO": ["Mon", "Pzt"],
  "projects.recurrence.day.TU": ["Tue", "Sal"],
  "projects.recurrence.day.WE": ["Wed", "Çar"],
  "projects.recurrence.day.TH": ["Thu", "Per"],
  "projects.recurrence.day.FR": ["Fri", "Cum"],
  "projects.recurrence.day.SA": ["Sat", "Cmt"],
  "projects.recurrence.day.SU": ["Sun", "Paz"],
  "projects.timeZone": ["Time zone", "Saat dilimi"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof recurrenceMessages> {}
}
