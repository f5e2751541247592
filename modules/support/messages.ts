import { addMessages } from "../../shared/i18n/i18n.ts";

const en: Record<string, string> = {
  "support.status.acik": "Open",
  "support.status.islemde": "In progress",
  "support.status.cozuldu": "Resolved",
  "support.status.kapandi": "Closed",
  "support.priority.dusuk": "Low",
  "support.priority.normal": "Normal",
  "support.priority.yuksek": "High",
  "support.priority.kritik": "Critical",
};

const tr: Record<string, string> = {
  "support.status.acik": "Açık",
  "support.status.islemde": "İşlemde",
  "support.status.cozuldu": "Çözüldü",
  "support.status.kapandi": "Kapandı",
  "support.priority.dusuk": "Düşük",
  "support.priority.normal": "Normal",
  "support.priority.yuksek": "Yüksek",
  "support.priority.kritik": "Kritik",
};

addMessages("en", en);
addMessages("tr", tr);
