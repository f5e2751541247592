import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's numbering texts: key → [English, Turkish]. */
export const numberingMessages = defineMessages({
  "support.reset.never": ["Never", "Hiçbir zaman"],
  "support.reset.yearly": ["Every year", "Her yıl"],
  "support.reset.monthly": ["Every month", "Her ay"],
  "support.numbering.first": ["First number", "İlk numara"],
  "support.numbering.help": [
    "Parts: {YYYY} {YY} {MM} {DD} and one {SEQ:n} (n digits).",
    "Parçalar: {YYYY} {YY} {MM} {DD} ve bir {SEQ:n} (n basamak).",
  ],
  "support.numbering.new": ["New numbering template", "Yeni numaralandırma şablonu"],
  "support.numbering.try": ["Try a pattern", "Şablonu deneyin"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof numberingMessages> {}
}
