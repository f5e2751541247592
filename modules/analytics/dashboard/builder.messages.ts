/** The widget builder's words (operators: explore.messages.ts, measures: common.messages.ts). */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const builderMessages = defineMessages({
  "analytics.builder.source": ["Source", "Kaynak"],
  "analytics.builder.chooseSource": ["Choose a source", "Bir kaynak seçin"],
  "analytics.builder.datasets": ["Built-in datasets", "Hazır veri kümeleri"],
  "analytics.builder.tables": ["Tenant tables", "Çalışma alanı tabloları"],
  "analytics.builder.externals": ["External sources", "Dış kaynaklar"],
  "analytics.builder.questions": ["Saved questions", "Kayıtlı sorular"],
  "analytics.builder.table": ["Table of the source", "Kaynağın tablosu"],
  "analytics.builder.chooseTable": ["Choose a table", "Bir tablo seçin"],
  "analytics.builder.noTable": [
    "Choose a table to see its fields.",
    "Alanlarını görmek için bir tablo seçin.",
  ],
  "analytics.builder.group": ["Group by", "Grupla"],
  "analytics.builder.noGroup": ["No grouping (one value)", "Gruplama yok (tek değer)"],
  "analytics.builder.ownFields": ["Fields", "Alanlar"],
  "analytics.builder.related": ["Related: {name}", "İlişkili: {name}"],
  "analytics.builder.bucket": ["Date bucket", "Tarih aralığı"],
  "analytics.builder.noBucket": ["Each value", "Her değer"],
  "analytics.builder.measure": ["Measure", "Ölçü"],
  "analytics.builder.measureField": ["Of field", "Alanı"],
  "analytics.builder.chooseField": ["Choose a field", "Bir alan seçin"],
  "analytics.builder.filters": ["Filters", "Filtreler"],
  "analytics.builder.filterField": ["Filter {n}: field", "Filtre {n}: alan"],
  "analytics.builder.filterOp": ["Filter {n}: condition", "Filtre {n}: koşul"],
  "analytics.builder.filterValue": ["Filter {n}: value", "Filtre {n}: değer"],
  "analytics.builder.noFilter": ["No filter", "Filtre yok"],
  "analytics.builder.yes": ["Yes", "Evet"],
  "analytics.builder.no": ["No", "Hayır"],
  "analytics.builder.preview": ["Preview", "Önizle"],
  "analytics.builder.previewTitle": ["Preview of the result", "Sonucun önizlemesi"],
  "analytics.builder.previewHint": [
    "Choose the fields, then preview the result before saving.",
    "Alanları seçin, kaydetmeden önce sonucu önizleyin.",
  ],
  "analytics.builder.save": ["Save widget", "Bileşeni kaydet"],
  "analytics.builder.edit": ["Edit widget", "Bileşeni düzenle"],
  "analytics.builder.editOf": ["Edit the widget {name}", "{name} bileşenini düzenle"],
  "analytics.builder.loading": ["Loading…", "Yükleniyor…"],
  "analytics.builder.type.text": ["text", "metin"],
  "analytics.builder.type.number": ["number", "sayı"],
  "analytics.builder.type.boolean": ["yes/no", "evet/hayır"],
  "analytics.builder.type.date": ["date", "tarih"],
  "analytics.builder.type.datetime": ["date and time", "tarih ve saat"],
  "analytics.builder.err.title": ["Give the widget a title.", "Bileşene bir başlık verin."],
  "analytics.builder.err.source": ["Choose a source.", "Bir kaynak seçin."],
  "analytics.builder.err.extTable": [
    "Choose a table of the source.",
    "Kaynağın bir tablosunu seçin.",
  ],
  "analytics.builder.err.group": ["Choose a field of the source.", "Kaynağın bir alanını seçin."],
  "analytics.builder.err.bucket": [
    "Date buckets need a date field.",
    "Tarih aralıkları bir tarih alanı ister.",
  ],
  "analytics.builder.err.fn": ["Choose a measure.", "Bir ölçü seçin."],
  "analytics.builder.err.measure": [
    "Choose a field this measure can read.",
    "Bu ölçünün okuyabileceği bir alan seçin.",
  ],
  "analytics.builder.err.filterField": ["Choose a field.", "Bir alan seçin."],
  "analytics.builder.err.filterOp": [
    "Choose a condition for this field.",
    "Bu alan için bir koşul seçin.",
  ],
  "analytics.builder.err.filterValue": ["Enter a value.", "Bir değer girin."],
  "analytics.builder.forbidden": [
    "You may not use this source.",
    "Bu kaynağı kullanma yetkiniz yok.",
  ],
  "analytics.builder.notFound": ["This source no longer exists.", "Bu kaynak artık yok."],
  "analytics.builder.failed": [
    "The query could not run: {detail}",
    "Sorgu çalıştırılamadı: {detail}",
  ],
  "analytics.builder.fix": ["Correct the marked fields.", "İşaretli alanları düzeltin."],
  "analytics.builder.dragHint": [
    "Drag a row by its handle to reorder the sheets, or use the move buttons.",
    "Sayfaların sırasını değiştirmek için bir satırı tutamağından sürükleyin ya da taşıma düğmelerini kullanın.",
  ],
  "analytics.builder.dragHandle": [
    "Drag to reorder {name}",
    "{name} sırasını sürükleyerek değiştir",
  ],
  "analytics.builder.orderSaved": ["Sheet order saved", "Sayfa sırası kaydedildi"],
  "analytics.builder.orderFailed": [
    "The sheet order could not be saved.",
    "Sayfa sırası kaydedilemedi.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof builderMessages> {}
}
