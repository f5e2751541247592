/** The data sources' texts: key → [English, Turkish]. */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const sourcesMessages = defineMessages({
  "page.dataSources": ["Data sources", "Veri kaynakları"],
  "analytics.sources.description": [
    "External PostgreSQL and MySQL databases, read with an account that can only read. Every query runs read-only, with a time limit and a row limit.",
    "Yalnızca okuyabilen bir hesapla okunan harici PostgreSQL ve MySQL veritabanları. Her sorgu salt okunur, süre ve satır sınırıyla çalışır.",
  ],
  "analytics.sources.col.name": ["Name", "Ad"],
  "analytics.sources.col.engine": ["Database", "Veritabanı"],
  "analytics.sources.col.host": ["Server", "Sunucu"],
  "analytics.sources.col.status": ["Status", "Durum"],
  "analytics.sources.col.version": ["Version", "Sürüm"],
  "analytics.sources.col.size": ["Size", "Boyut"],
  "analytics.sources.col.checked": ["Last checked", "Son kontrol"],
  "analytics.sources.engine.postgres": ["PostgreSQL", "PostgreSQL"],
  "analytics.sources.engine.mysql": ["MySQL / MariaDB", "MySQL / MariaDB"],
  "analytics.sources.status.unknown": ["Not checked", "Kontrol edilmedi"],
  "analytics.sources.status.ok": ["Connected", "Bağlı"],
  "analytics.sources.status.refused": ["Refused", "Reddedildi"],
  "analytics.sources.status.unreachable": ["Unreachable", "Ulaşılamıyor"],
  "analytics.sources.empty": ["No data sources yet.", "Henüz veri kaynağı yok."],
  "analytics.sources.new": ["New data source", "Yeni veri kaynağı"],
  "analytics.sources.edit": ["Edit", "Düzenle"],
  "analytics.sources.editNamed": ["Edit {name}", "{name} kaynağını düzenle"],
  "analytics.sources.open": ["Open", "Aç"],
  "analytics.sources.test": ["Test connection", "Bağlantıyı sına"],
  "analytics.sources.testNamed": ["Test the connection of {name}", "{name} bağlantısını sına"],
  "analytics.sources.tested": [
    "Connection checked: {status}.",
    "Bağlantı kontrol edildi: {status}.",
  ],
  "analytics.sources.delete": ["Delete", "Sil"],
  "analytics.sources.deleteConfirm": [
    "Delete the data source {name}? Widgets reading it stop working.",
    "{name} veri kaynağı silinsin mi? Onu okuyan bileşenler çalışmaz.",
  ],
  "analytics.sources.field.name": ["Name", "Ad"],
  "analytics.sources.field.engine": ["Database type", "Veritabanı türü"],
  "analytics.sources.field.host": ["Host name", "Sunucu adı"],
  "analytics.sources.field.port": ["Port", "Port"],
  "analytics.sources.field.database": ["Database", "Veritabanı"],
  "analytics.sources.field.username": ["User (read-only)", "Kullanıcı (salt okunur)"],
  "analytics.sources.field.password": ["Password", "Parola"],
  "analytics.sources.field.passwordKeep": [
    "New password (leave empty to keep the current one)",
    "Yeni parola (mevcut parolayı korumak için boş bırakın)",
  ],
  "analytics.sources.field.timeout": [
    "Time limit per query (milliseconds)",
    "Sorgu başına süre sınırı (milisaniye)",
  ],
  "analytics.sources.field.rowCap": ["Most rows per query", "Sorgu başına en çok satır"],
  "analytics.sources.field.ssl": ["Use TLS", "TLS kullan"],
  "analytics.sources.save": ["Save", "Kaydet"],
  "analytics.sources.close": ["Close", "Kapat"],
  "analytics.sources.schema": ["Tables", "Tablolar"],
  "analytics.sources.schemaEmpty": [
    "The account cannot read any table.",
    "Hesap hiçbir tabloyu okuyamıyor.",
  ],
  "analytics.sources.columns": ["{n} columns", "{n} sütun"],
  "analytics.sources.sql": ["Run SQL", "SQL çalıştır"],
  "analytics.sources.sqlHint": [
    "One reading statement. It runs read-only, stops at the time limit and returns at most the row limit.",
    "Tek bir okuma ifadesi. Salt okunur çalışır, süre sınırında durur ve en çok satır sınırı kadar döner.",
  ],
  "analytics.sources.sqlField": ["SQL statement", "SQL ifadesi"],
  "analytics.sources.run": ["Run", "Çalıştır"],
  "analytics.sources.result": ["Result", "Sonuç"],
  "analytics.sources.noRows": ["No rows.", "Satır yok."],
  "analytics.sources.truncated": [
    "Only the first {n} rows are shown.",
    "Yalnızca ilk {n} satır gösteriliyor.",
  ],
  "analytics.sources.yes": ["Yes", "Evet"],
  "analytics.sources.no": ["No", "Hayır"],
  "analytics.sources.details": ["Connection", "Bağlantı"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof sourcesMessages> {}
}
