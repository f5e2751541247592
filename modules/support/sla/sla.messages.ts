import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's sla texts: key → [English, Turkish]. */
export const slaMessages = defineMessages({
  "support.weekday.0": ["Sunday", "Pazar"],
  "support.weekday.1": ["Monday", "Pazartesi"],
  "support.weekday.2": ["Tuesday", "Salı"],
  "support.weekday.3": ["Wednesday", "Çarşamba"],
  "support.weekday.4": ["Thursday", "Perşembe"],
  "support.weekday.5": ["Friday", "Cuma"],
  "support.weekday.6": ["Saturday", "Cumartesi"],
  "support.sla.firstResponse.dusuk": ["Low: first response (minutes)", "Düşük: ilk yanıt (dakika)"],
  "support.sla.firstResponse.normal": [
    "Normal: first response (minutes)",
    "Normal: ilk yanıt (dakika)",
  ],
  "support.sla.firstResponse.yuksek": [
    "High: first response (minutes)",
    "Yüksek: ilk yanıt (dakika)",
  ],
  "support.sla.firstResponse.kritik": [
    "Critical: first response (minutes)",
    "Kritik: ilk yanıt (dakika)",
  ],
  "support.sla.resolution.dusuk": ["Low: resolution (minutes)", "Düşük: çözüm (dakika)"],
  "support.sla.resolution.normal": ["Normal: resolution (minutes)", "Normal: çözüm (dakika)"],
  "support.sla.resolution.yuksek": ["High: resolution (minutes)", "Yüksek: çözüm (dakika)"],
  "support.sla.resolution.kritik": ["Critical: resolution (minutes)", "Kritik: çözüm (dakika)"],
  "support.sla.hoursHelp": [
    "Working hours per day, e.g. 09:00-12:00, 13:00-18:00; empty: closed.",
    "Gün başına çalışma saatleri, ör. 09:00-12:00, 13:00-18:00; boş: kapalı.",
  ],
  "support.sla.holidaysHelp": [
    "Holidays, one date (YYYY-MM-DD) per line.",
    "Tatiller, her satıra bir tarih (YYYY-AA-GG).",
  ],
  "support.minutes": ["{n} min", "{n} dk"],
  "support.hours": ["{n} h", "{n} sa"],
  "support.sla.new": ["New SLA policy", "Yeni SLA politikası"],
  "support.sla.default": ["Default", "Varsayılan"],
  "support.sla.hours": ["Working hours", "Çalışma saatleri"],
  "support.sla.targets": ["Targets in working minutes", "Çalışma dakikası olarak hedefler"],
  "support.sla.escalation": ["Escalation", "Yükseltme"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof slaMessages> {}
}
