import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** The public help centre's texts: key → [English, Turkish]. */
export const helpCentreMessages = defineMessages({
  "help.title": ["Help centre", "Yardım merkezi"],
  "help.description": [
    "Answers and guides from {name}: search the articles or browse by topic.",
    "{name} yanıtları ve kılavuzları: makalelerde arayın veya konuya göre göz atın.",
  ],
  "help.searchLabel": ["Search the help centre", "Yardım merkezinde ara"],
  "help.searchPlaceholder": ["Describe your question…", "Sorunuzu yazın…"],
  "help.searchButton": ["Search", "Ara"],
  "help.categories": ["Topics", "Konular"],
  "help.popular": ["Popular articles", "Popüler makaleler"],
  "help.articleCount": ["Articles: {n}", "Makale: {n}"],
  "help.noArticles": ["No articles here yet.", "Burada henüz makale yok."],
  "help.emptyCentre": [
    "The help centre has no articles yet.",
    "Yardım merkezinde henüz makale yok.",
  ],
  "help.resultsFor": ["Results for “{q}”", "“{q}” için sonuçlar"],
  "help.noResults": [
    "No article matches “{q}”. Try other words.",
    "“{q}” ile eşleşen makale yok. Başka kelimeler deneyin.",
  ],
  "help.searchTitle": ["Search", "Arama"],
  "help.related": ["Related articles", "İlgili makaleler"],
  "help.updated": ["Updated", "Güncellendi"],
  "help.readIn.en": ["Read in English", "İngilizce oku"],
  "help.readIn.tr": ["Read in Turkish", "Türkçe oku"],
  "help.wasHelpful": ["Was this article helpful?", "Bu makale yardımcı oldu mu?"],
  "help.yes": ["Yes", "Evet"],
  "help.no": ["No", "Hayır"],
  "help.thanks": ["Thank you for your feedback.", "Geri bildiriminiz için teşekkürler."],
  "help.alreadyVoted": [
    "You have already rated this article. Thank you.",
    "Bu makaleyi zaten değerlendirdiniz. Teşekkürler.",
  ],
  "help.tooMany": [
    "Too many ratings from your network; please try again later.",
    "Ağınızdan çok fazla değerlendirme geldi; lütfen daha sonra tekrar deneyin.",
  ],
  "help.contact": ["Still need help?", "Hâlâ yardıma mı ihtiyacınız var?"],
  "help.contactLink": ["Contact support", "Destekle iletişime geçin"],
  "help.notFound.title": ["Article not found", "Makale bulunamadı"],
  "help.notFound.body": [
    "This article does not exist or is no longer public.",
    "Bu makale yok veya artık herkese açık değil.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof helpCentreMessages> {}
}
