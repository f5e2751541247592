/** The explore page's texts: key → [English, Turkish]. */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const exploreMessages = defineMessages({
  "analytics.explore.title": ["Explore data", "Veri keşfi"],
  // The menu entry (mod.ts: entries("analytics", [["analyticsExplore", "/explore", …]])).
  "page.analyticsExplore": ["Explore data", "Veri keşfi"],
  "analytics.explore.description": [
    "Pick a dataset or table, group and summarise it, or look at its raw rows.",
    "Bir veri kümesi ya da tablo seçin; gruplayıp özetleyin veya ham satırlarına bakın.",
  ],
  "analytics.explore.form": ["Query", "Sorgu"],
  "analytics.explore.run": ["Run", "Çalıştır"],
  "analytics.explore.source": ["Data", "Veri"],
  "analytics.explore.datasets": ["Built-in datasets", "Hazır veri kümeleri"],
  "analytics.explore.tables": ["Tables", "Tablolar"],
  "analytics.explore.fields": ["Fields", "Alanlar"],
  "analytics.explore.bucket": ["Dates by", "Tarihleri grupla"],
  "analytics.explore.noBucket": ["Exact value", "Tam değer"],
  "analytics.explore.aggregate": ["Summary", "Özet"],
  "analytics.explore.rawRows": ["None (raw rows)", "Yok (ham satırlar)"],
  "analytics.explore.aggregateField": ["Of field", "Alan"],
  "analytics.explore.anyField": ["All rows", "Tüm satırlar"],
  "analytics.explore.filterField": ["Filter on", "Süz"],
  "analytics.explore.noFilter": ["No filter", "Süzme yok"],
  "analytics.explore.filterOp": ["Comparison", "Karşılaştırma"],
  "analytics.explore.filterValue": ["Value", "Değer"],
  "analytics.explore.sort": ["Sort by", "Sırala"],
  "analytics.explore.noSort": ["Default order", "Varsayılan sıra"],
  "analytics.explore.summary": ["Summary value", "Özet değeri"],
  "analytics.explore.dir": ["Direction", "Yön"],
  "analytics.explore.asc": ["Ascending", "Artan"],
  "analytics.explore.desc": ["Descending", "Azalan"],
  "analytics.explore.limit": ["Rows at most", "En çok satır"],
  "analytics.explore.results": ["Results", "Sonuçlar"],
  "analytics.explore.empty": ["No rows match.", "Eşleşen satır yok."],
  "analytics.explore.rowCount": ["{count} rows", "{count} satır"],
  "analytics.explore.truncated": [
    "Only the first {count} rows are shown; narrow the query or raise the limit.",
    "Yalnızca ilk {count} satır gösteriliyor; sorguyu daraltın ya da sınırı artırın.",
  ],
  "analytics.op.eq": ["is", "eşittir"],
  "analytics.op.ne": ["is not", "eşit değildir"],
  "analytics.op.lt": ["less than", "küçüktür"],
  "analytics.op.lte": ["at most", "en çok"],
  "analytics.op.gt": ["greater than", "büyüktür"],
  "analytics.op.gte": ["at least", "en az"],
  "analytics.op.in": ["one of (comma separated)", "şunlardan biri (virgülle)"],
  "analytics.op.contains": ["contains", "içerir"],
  "analytics.op.between": [
    "between (two values, comma separated)",
    "arasında (iki değer, virgülle)",
  ],
  "analytics.op.isNull": ["is empty", "boştur"],
  "analytics.op.notNull": ["is not empty", "boş değildir"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof exploreMessages> {}
}
