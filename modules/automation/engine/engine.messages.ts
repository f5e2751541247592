import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Automation's engine texts: key → [English, Turkish]. */
export const engineMessages = defineMessages({
  "automation.engine.notice.failed.title": ["Run failed: {name}", "Çalıştırma başarısız: {name}"],
  "automation.engine.notice.failed.body": [
    "{name} failed: {error}",
    "{name} başarısız oldu: {error}",
  ],
  "automation.engine.notice.timed_out.body": [
    "{name} was stopped at its time limit: {error}",
    "{name} süre sınırında durduruldu: {error}",
  ],
  "automation.engine.notice.hata.title": ["Agent stopped: {name}", "Ajan durduruldu: {name}"],
  "automation.engine.notice.hata.body": [
    "{name} failed too many times in a row and is now marked as failing. Its jobs stay paused until it is fixed: {error}",
    "{name} art arda çok kez başarısız oldu ve artık hatalı olarak işaretlendi. Düzeltilene kadar işleri duraklatıldı: {error}",
  ],
  "automation.engine.notice.slow.title": [
    "Run near its time limit: {name}",
    "Çalıştırma süre sınırına yaklaştı: {name}",
  ],
  "automation.engine.notice.slow.body": [
    "{name} has been running for {seconds} s of its {limit} s limit and will be stopped at the limit.",
    "{name} {limit} sn sınırının {seconds} sn'sidir çalışıyor; sınıra ulaşınca durdurulacak.",
  ],
  "automation.engine.notice.backlog.title": [
    "Automation queue is backing up",
    "Otomasyon kuyruğu birikiyor",
  ],
  "automation.engine.notice.backlog.body": [
    "{count} runs are waiting in the queue (warning level {threshold}). Check the concurrency setting and slow agents.",
    "Kuyrukta {count} çalıştırma bekliyor (uyarı düzeyi {threshold}). Eşzamanlılık ayarını ve yavaş ajanları kontrol edin.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof engineMessages> {}
}
