import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

// Saved task-list filters (the bar above the task lists). key: [English, Turkish]
export const filterMessages = defineMessages({
  "workflow.filters.label": ["Saved filters", "Kayıtlı filtreler"],
  "workflow.filters.none": [
    "No saved filters yet: set the filters below and save them.",
    "Henüz kayıtlı filtre yok: aşağıdaki filtreleri ayarlayıp kaydedin.",
  ],
  "workflow.filters.save": ["Save filter", "Filtreyi kaydet"],
  "workflow.filters.save.title": ["Save the current filter", "Geçerli filtreyi kaydet"],
  "workflow.filters.save.hint": [
    "Saves this list with its search, priority, due date and state.",
    "Bu listeyi arama, öncelik, bitiş tarihi ve durumuyla birlikte kaydeder.",
  ],
  "workflow.filters.name": ["Name", "Ad"],
  "workflow.filters.shared": [
    "Share with everyone who works on tasks",
    "Görevlerle çalışan herkesle paylaş",
  ],
  "workflow.filters.sharedBadge": ["Shared", "Paylaşılan"],
  "workflow.filters.by": ["Shared by {name}", "{name} paylaştı"],
  "workflow.filters.share": ["Share", "Paylaş"],
  "workflow.filters.unshare": ["Stop sharing", "Paylaşımı durdur"],
  "workflow.filters.delete": ["Delete filter", "Filtreyi sil"],
  "workflow.filters.deleteNamed": ["Delete the filter {name}", "{name} filtresini sil"],
  "workflow.filters.close": ["Cancel", "Vazgeç"],
  "workflow.filters.current": ["Filter {name}", "{name} filtresi"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof filterMessages> {}
}
