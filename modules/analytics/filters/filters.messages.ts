/** The saved sheet filters' words: the filter bar and the "Edit filters" dialog. */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const filterMessages = defineMessages({
  "analytics.filters.bar": ["Sheet filters", "Sayfa filtreleri"],
  "analytics.filters.edit": ["Edit filters", "Filtreleri düzenle"],
  "analytics.filters.reset": ["Reset to defaults", "Varsayılanlara dön"],
  "analytics.filters.apply": ["Apply", "Uygula"],
  "analytics.filters.all": ["All", "Tümü"],
  "analytics.filters.min": ["From", "En az"],
  "analytics.filters.max": ["To", "En çok"],
  "analytics.filters.minOf": ["{name}: minimum", "{name}: en az"],
  "analytics.filters.maxOf": ["{name}: maximum", "{name}: en çok"],
  "analytics.filters.fromOf": ["{name}: from", "{name}: başlangıç"],
  "analytics.filters.toOf": ["{name}: to", "{name}: bitiş"],
  "analytics.filters.anyTime": ["Any time", "Her zaman"],
  "analytics.filters.dates": ["Chosen dates", "Seçilen tarihler"],
  "analytics.filters.kind": ["Type", "Tür"],
  "analytics.filters.kind.choice": ["Choice list", "Seçim listesi"],
  "analytics.filters.kind.number": ["Number range", "Sayı aralığı"],
  "analytics.filters.kind.date": ["Date range", "Tarih aralığı"],
  "analytics.filters.label": ["Label", "Etiket"],
  "analytics.filters.default": ["Default value", "Varsayılan değer"],
  "analytics.filters.defaultChoice": [
    "Default values, separated by commas",
    "Varsayılan değerler, virgülle ayrılmış",
  ],
  "analytics.filters.defaultHint": [
    "Fill the fields of the chosen type; leave empty for no default.",
    "Seçilen türün alanlarını doldurun; varsayılan yoksa boş bırakın.",
  ],
  "analytics.filters.required": [
    "Required: always has a value",
    "Zorunlu: her zaman bir değeri olur",
  ],
  "analytics.filters.mapping": ["Applies to these widgets", "Uygulandığı bileşenler"],
  "analytics.filters.mappingHint": [
    "For each widget, the field the filter narrows; widgets on different data map different fields.",
    "Her bileşen için filtrenin daralttığı alan; farklı verilerdeki bileşenler farklı alanlara bağlanır.",
  ],
  "analytics.filters.notMapped": ["Not filtered", "Filtrelenmez"],
  "analytics.filters.add": ["Add filter", "Filtre ekle"],
  "analytics.filters.new": ["New filter", "Yeni filtre"],
  "analytics.filters.save": ["Save", "Kaydet"],
  "analytics.filters.deleteOf": ["Remove the filter {name}", "{name} filtresini kaldır"],
  "analytics.filters.deleteConfirm": [
    "Remove the filter {name}?",
    "{name} filtresi kaldırılsın mı?",
  ],
  "analytics.filters.none": [
    "No saved filters yet. Add one to narrow several widgets at once.",
    "Henüz kayıtlı filtre yok. Birden çok bileşeni birlikte daraltmak için bir filtre ekleyin.",
  ],
  "analytics.filters.noWidgets": [
    "Add widgets first: a filter narrows the widgets it is mapped to.",
    "Önce bileşen ekleyin: bir filtre bağlandığı bileşenleri daraltır.",
  ],
  "analytics.filters.close": ["Close", "Kapat"],
  "analytics.filters.mapped": ["Narrows {n} widgets", "{n} bileşeni daraltır"],
  "analytics.preset.today": ["Today", "Bugün"],
  "analytics.preset.yesterday": ["Yesterday", "Dün"],
  "analytics.preset.last7": ["Last 7 days", "Son 7 gün"],
  "analytics.preset.last30": ["Last 30 days", "Son 30 gün"],
  "analytics.preset.last90": ["Last 90 days", "Son 90 gün"],
  "analytics.preset.thisWeek": ["This week", "Bu hafta"],
  "analytics.preset.thisMonth": ["This month", "Bu ay"],
  "analytics.preset.lastMonth": ["Last month", "Geçen ay"],
  "analytics.preset.thisQuarter": ["This quarter", "Bu çeyrek"],
  "analytics.preset.thisYear": ["This year", "Bu yıl"],
  "analytics.preset.lastYear": ["Last year", "Geçen yıl"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof filterMessages> {}
}
