/** Data modelling's texts (tables, relations): key → [English, Turkish]. */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const tablesMessages = defineMessages({
  "page.dataModelling": ["Data modelling", "Veri modelleme"],
  "analytics.tables.description": [
    "Your own tables for dashboards: create them by hand or upload a CSV or Excel file, then relate them to each other and to the built-in datasets.",
    "Panolar için kendi tablolarınız: elle oluşturun ya da CSV veya Excel dosyası yükleyin, sonra birbirleriyle ve hazır veri kümeleriyle ilişkilendirin.",
  ],
  "analytics.tables.title": ["Tables", "Tablolar"],
  "analytics.tables.empty": [
    "No tables yet. Create one or upload a file.",
    "Henüz tablo yok. Bir tane oluşturun ya da dosya yükleyin.",
  ],
  "analytics.tables.col.name": ["Name", "Ad"],
  "analytics.tables.col.columns": ["Columns", "Sütunlar"],
  "analytics.tables.col.rows": ["Rows", "Satırlar"],
  "analytics.tables.col.updated": ["Last changed", "Son değişiklik"],
  "analytics.tables.new": ["New table", "Yeni tablo"],
  "analytics.tables.upload": ["Upload CSV / XLSX", "CSV / XLSX yükle"],
  "analytics.tables.uploading": [
    "Uploading and reading the file…",
    "Dosya yükleniyor ve okunuyor…",
  ],
  "analytics.tables.field.name": ["Name", "Ad"],
  "analytics.tables.field.nameOptional": [
    "Name (the file's name when empty)",
    "Ad (boşsa dosyanın adı)",
  ],
  "analytics.tables.field.description": ["Description", "Açıklama"],
  "analytics.tables.field.file": [
    "CSV or XLSX file (first row: column names)",
    "CSV veya XLSX dosyası (ilk satır: sütun adları)",
  ],
  "analytics.tables.field.columnLabel": ["Column {n}", "Sütun {n}"],
  "analytics.tables.field.columnType": ["Type of column {n}", "Sütun {n} türü"],
  "analytics.tables.field.remove": ["Remove", "Kaldır"],
  "analytics.tables.type.text": ["Text", "Metin"],
  "analytics.tables.type.number": ["Number", "Sayı"],
  "analytics.tables.type.boolean": ["Yes / no", "Evet / hayır"],
  "analytics.tables.type.date": ["Date", "Tarih"],
  "analytics.tables.type.datetime": ["Date and time", "Tarih ve saat"],
  "analytics.tables.yes": ["Yes", "Evet"],
  "analytics.tables.no": ["No", "Hayır"],
  "analytics.tables.create": ["Create", "Oluştur"],
  "analytics.tables.save": ["Save", "Kaydet"],
  "analytics.tables.close": ["Close", "Kapat"],
  "analytics.tables.delete": ["Delete table", "Tabloyu sil"],
  "analytics.tables.deleteConfirm": [
    "Delete the table {name} with all its rows and relations?",
    "{name} tablosu tüm satırları ve ilişkileriyle birlikte silinsin mi?",
  ],
  "analytics.tables.columns": ["Edit columns", "Sütunları düzenle"],
  "analytics.tables.columnsHint": [
    "Clear a label or tick Remove to drop a column with its values.",
    "Bir sütunu değerleriyle birlikte kaldırmak için adını silin ya da Kaldır'ı işaretleyin.",
  ],
  "analytics.tables.newColumn": ["New column", "Yeni sütun"],
  "analytics.tables.rows": ["Rows", "Satırlar"],
  "analytics.tables.rowsEmpty": ["No rows yet.", "Henüz satır yok."],
  "analytics.tables.addRow": ["Add row", "Satır ekle"],
  "analytics.tables.editRow": ["Edit row", "Satırı düzenle"],
  "analytics.tables.deleteRow": ["Delete row", "Satırı sil"],
  "analytics.tables.deleteRowConfirm": ["Delete this row?", "Bu satır silinsin mi?"],
  "analytics.tables.more": ["Load more", "Daha fazla"],
  "analytics.tables.summary": ["{columns} columns · {rows} rows", "{columns} sütun · {rows} satır"],
  "analytics.relations.title": ["Relations", "İlişkiler"],
  "analytics.relations.empty": [
    "No relations yet. A relation lets a query join two sources.",
    "Henüz ilişki yok. İlişki, bir sorgunun iki kaynağı birleştirmesini sağlar.",
  ],
  "analytics.relations.new": ["New relation", "Yeni ilişki"],
  "analytics.relations.col.name": ["Name", "Ad"],
  "analytics.relations.col.left": ["Field", "Alan"],
  "analytics.relations.col.right": ["Equals field", "Eşit olduğu alan"],
  "analytics.relations.field.name": ["Name (optional)", "Ad (isteğe bağlı)"],
  "analytics.relations.field.left": ["Field", "Alan"],
  "analytics.relations.field.right": ["Equals field", "Eşit olduğu alan"],
  "analytics.relations.delete": ["Delete relation", "İlişkiyi sil"],
  "analytics.relations.deleteConfirm": [
    "Delete the relation {name}?",
    "{name} ilişkisi silinsin mi?",
  ],
  "analytics.relations.dataset": ["Dataset", "Veri kümesi"],
  "analytics.relations.table": ["Table", "Tablo"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof tablesMessages> {}
}
