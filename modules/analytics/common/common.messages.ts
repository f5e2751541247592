/** Texts several analytics features share: aggregates and time buckets. */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const commonMessages = defineMessages({
  "analytics.agg.count": ["Count", "Sayı"],
  "analytics.agg.countDistinct": ["Distinct count", "Farklı değer sayısı"],
  "analytics.agg.sum": ["Sum", "Toplam"],
  "analytics.agg.avg": ["Average", "Ortalama"],
  "analytics.agg.min": ["Minimum", "En küçük"],
  "analytics.agg.max": ["Maximum", "En büyük"],
  "analytics.bucket.day": ["Day", "Gün"],
  "analytics.bucket.week": ["Week", "Hafta"],
  "analytics.bucket.month": ["Month", "Ay"],
  "analytics.bucket.quarter": ["Quarter", "Çeyrek"],
  "analytics.bucket.year": ["Year", "Yıl"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof commonMessages> {}
}
