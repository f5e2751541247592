/** The result cache's texts: key → [English, Turkish]. */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const cacheMessages = defineMessages({
  "analytics.cache.title": ["Result cache", "Sonuç önbelleği"],
  "analytics.cache.open": ["Result cache settings", "Sonuç önbelleği ayarları"],
  "analytics.cache.ttl": ["Keep widget results for", "Pencere sonuçlarını sakla"],
  "analytics.cache.help": [
    "Widgets show a kept result until it is this old or their data changes (new tickets, tasks, table rows). Data from external sources is only renewed when the time is up.",
    "Pencereler, saklanan sonucu bu süre dolana ya da verileri değişene (yeni talepler, görevler, tablo satırları) kadar gösterir. Dış kaynaklardan gelen veriler yalnızca süre dolunca yenilenir.",
  ],
  "analytics.cache.ttl.0": ["Off (always query)", "Kapalı (her seferinde sorgula)"],
  "analytics.cache.ttl.60": ["1 minute", "1 dakika"],
  "analytics.cache.ttl.300": ["5 minutes", "5 dakika"],
  "analytics.cache.ttl.3600": ["1 hour", "1 saat"],
  "analytics.cache.ttl.86400": ["1 day", "1 gün"],
  "analytics.cache.save": ["Save", "Kaydet"],
  "analytics.cache.close": ["Close", "Kapat"],
  "analytics.cache.saved": ["Result cache saved.", "Sonuç önbelleği kaydedildi."],
  "analytics.cache.updated": ["Updated {when}", "{when} güncellendi"],
  "analytics.cache.refresh": ["Refresh {title}", "{title} penceresini yenile"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof cacheMessages> {}
}
