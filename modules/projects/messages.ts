import { addMessages } from "../../shared/i18n/i18n.ts";

addMessages("en", {
  "projects.priority.dusuk": "Low",
  "projects.priority.normal": "Normal",
  "projects.priority.yuksek": "High",
  "projects.priority.kritik": "Critical",
});

addMessages("tr", {
  "projects.priority.dusuk": "Düşük",
  "projects.priority.normal": "Normal",
  "projects.priority.yuksek": "Yüksek",
  "projects.priority.kritik": "Kritik",
});
