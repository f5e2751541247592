/** Saved questions' texts: key → [English, Turkish]. */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const questionsMessages = defineMessages({
  // The menu entry (mod.ts: entries("analytics", [["analyticsQuestions", "/questions", …]])).
  "page.analyticsQuestions": ["Saved questions", "Kayıtlı sorular"],
  "analytics.questions.description": [
    "SQL questions with parameters, over your data or a data source; use them in widgets.",
    "Parametreli SQL soruları; verileriniz ya da bir veri kaynağı üzerinde. Widget'larda kullanın.",
  ],
  "analytics.questions.new": ["New question", "Yeni soru"],
  "analytics.questions.name": ["Name", "Ad"],
  "analytics.questions.about": ["Description", "Açıklama"],
  "analytics.questions.target": ["Data", "Veri"],
  "analytics.questions.target.tenant": ["Your data", "Verileriniz"],
  "analytics.questions.target.external": ["Data source", "Veri kaynağı"],
  "analytics.questions.params": ["Parameters", "Parametreler"],
  "analytics.questions.updated": ["Changed", "Değiştirildi"],
  "analytics.questions.empty": ["No saved questions yet", "Henüz kayıtlı soru yok"],
  "analytics.questions.emptyHint": [
    "Write a SQL question once, then run it with other values or chart it in a widget.",
    "Bir SQL sorusunu bir kez yazın; sonra başka değerlerle çalıştırın ya da bir widget'ta çizin.",
  ],
  "analytics.questions.editor": ["Question", "Soru"],
  "analytics.questions.sql": ["SQL", "SQL"],
  "analytics.questions.sqlHint": [
    "One SELECT. Write parameters as {{from}} without quotes: each is sent as a typed value, never as SQL text. Inside quotes it is refused; inside a comment it is ignored.",
    "Tek bir SELECT. Parametreleri tırnaksız {{from}} olarak yazın: her biri SQL metni olarak değil, türüyle bir değer olarak gönderilir. Tırnak içinde reddedilir; yorum içinde yok sayılır.",
  ],
  "analytics.questions.source": ["Runs on", "Çalıştığı yer"],
  "analytics.questions.tenantData": [
    "Your data (datasets and tables)",
    "Verileriniz (veri kümeleri ve tablolar)",
  ],
  "analytics.questions.names": ["Names you can use", "Kullanabileceğiniz adlar"],
  "analytics.questions.datasets": ["Datasets", "Veri kümeleri"],
  "analytics.questions.tables": ["Your tables", "Tablolarınız"],
  "analytics.questions.values": ["Values", "Değerler"],
  "analytics.questions.noParams": [
    "This question has no parameters.",
    "Bu sorunun parametresi yok.",
  ],
  "analytics.questions.run": ["Run", "Çalıştır"],
  "analytics.questions.save": ["Save", "Kaydet"],
  "analytics.questions.delete": ["Delete", "Sil"],
  "analytics.questions.deleteConfirm": [
    "Delete this question? Widgets built on it stop showing data.",
    "Bu soru silinsin mi? Üzerine kurulu widget'lar veri göstermez olur.",
  ],
  "analytics.questions.result": ["Result", "Sonuç"],
  "analytics.questions.noRows": ["No rows", "Satır yok"],
  "analytics.questions.truncated": [
    "Only the first {n} rows are shown.",
    "Yalnızca ilk {n} satır gösteriliyor.",
  ],
  "analytics.questions.runHint": [
    "Press Run to see the result.",
    "Sonucu görmek için Çalıştır'a basın.",
  ],
  "analytics.questions.saved": ["Question saved.", "Soru kaydedildi."],
  "analytics.questions.yes": ["Yes", "Evet"],
  "analytics.questions.no": ["No", "Hayır"],
  "analytics.questions.any": ["(default)", "(varsayılan)"],
  "analytics.questions.paramType": ["Type", "Tür"],
  "analytics.questions.label": ["Label", "Etiket"],
  "analytics.questions.exampleFrom": ["Since", "Başlangıç"],
  "analytics.questions.required": ["Required", "Zorunlu"],
  "analytics.questions.default": ["Default", "Varsayılan"],
  "analytics.questions.choices": ["Choices", "Seçenekler"],
  "analytics.questions.choicesHint": [
    "Values separated by commas; value=Label shows a label.",
    "Virgülle ayrılmış değerler; değer=Etiket bir etiket gösterir.",
  ],
  "analytics.questions.type.text": ["Text", "Metin"],
  "analytics.questions.type.number": ["Number", "Sayı"],
  "analytics.questions.type.date": ["Date", "Tarih"],
  "analytics.questions.type.boolean": ["Yes/no", "Evet/hayır"],
  "analytics.questions.type.choice": ["Choice", "Seçim"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof questionsMessages> {}
}
