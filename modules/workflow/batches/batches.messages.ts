import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

// The batches pages (toplu işlemler). key: [English, Turkish]
export const batchesMessages = defineMessages({
  "page.workflowBatches": ["Batch operations", "Toplu işlemler"],
  "wfb.description": [
    "Work on many processes at once: cancel, suspend, resume, migrate or modify them.",
    "Birçok süreç üzerinde aynı anda çalışın: iptal edin, askıya alın, sürdürün, taşıyın ya da değiştirin.",
  ],
  "wfb.link": ["Batch operations", "Toplu işlemler"],
  "wfb.list": ["Batches", "Toplu işlemler"],
  "wfb.none": ["No batch operation yet.", "Henüz toplu işlem yok."],
  "wfb.noneHint": [
    "Start one with New batch: cancel, suspend or resume many processes at once.",
    "Yeni toplu işlem ile başlatın: birçok süreci aynı anda iptal edin, askıya alın ya da sürdürün.",
  ],
  "wfb.type": ["Operation", "İşlem"],
  "wfb.new": ["New batch", "Yeni toplu işlem"],
  "wfb.close": ["Close", "Kapat"],
  "wfb.create": ["Start the batch", "Toplu işlemi başlat"],
  "wfb.invalid": ["Choose what to do.", "Ne yapılacağını seçin."],
  "wfb.newHint": [
    "Migrating and modifying many processes are started through the API.",
    "Birçok süreci taşıma ve değiştirme API üzerinden başlatılır.",
  ],
  "wfb.do.cancel": ["Cancel processes", "Süreçleri iptal et"],
  "wfb.do.suspend": ["Suspend processes", "Süreçleri askıya al"],
  "wfb.do.resume": ["Resume processes", "Süreçleri sürdür"],
  "wfb.process": ["Process", "Süreç"],
  "wfb.allProcesses": ["All processes", "Tüm süreçler"],
  "wfb.businessKey": ["Business key (optional)", "İş anahtarı (isteğe bağlı)"],
  "wfb.reason": ["Reason for cancelling (optional)", "İptal nedeni (isteğe bağlı)"],
  "wfb.state": ["State", "Durum"],
  "wfb.state.running": ["Running", "Çalışıyor"],
  "wfb.state.completed": ["Finished", "Bitti"],
  "wfb.state.completedFailed": ["Finished with failures", "Hatalarla bitti"],
  "wfb.progress": ["Progress", "İlerleme"],
  "wfb.progressText": [
    "{done} of {total} done, {failed} failed",
    "{total} süreçten {done} tamamlandı, {failed} başarısız",
  ],
  "wfb.failedCount": ["Failed", "Başarısız"],
  "wfb.by": ["Started by", "Başlatan"],
  "wfb.created": ["Started", "Başlangıç"],
  "wfb.finished": ["Finished", "Bitiş"],
  "wfb.open": ["Open", "Aç"],
  "wfb.openTitle": ["Open the batch", "Toplu işlemi aç"],
  "wfb.more": ["Load more", "Daha fazla yükle"],
  "wfb.title.cancel": ["Cancel processes ({total})", "Süreç iptali ({total})"],
  "wfb.title.suspend": ["Suspend processes ({total})", "Süreçleri askıya alma ({total})"],
  "wfb.title.resume": ["Resume processes ({total})", "Süreçleri sürdürme ({total})"],
  "wfb.title.migrate": ["Migrate processes ({total})", "Süreç taşıma ({total})"],
  "wfb.title.modify": ["Modify processes ({total})", "Süreç değiştirme ({total})"],
  "wfb.total": ["Processes", "Süreçler"],
  "wfb.done": ["Done", "Tamamlanan"],
  "wfb.pending": ["Waiting", "Bekleyen"],
  "wfb.failures": ["Failed processes", "Başarısız süreçler"],
  "wfb.noFailures": ["No process failed.", "Başarısız süreç yok."],
  "wfb.instance": ["Process", "Süreç"],
  "wfb.message": ["What went wrong", "Sorun"],
  "wfb.attempts": ["Attempts", "Deneme"],
  "wfb.retry": ["Retry the failed processes", "Başarısız süreçleri yeniden dene"],
  "wfb.retried": [
    "The failed processes are queued again.",
    "Başarısız süreçler yeniden sıraya alındı.",
  ],
  "wfb.running": [
    "This batch is running; the figures refresh by themselves.",
    "Bu toplu işlem sürüyor; rakamlar kendiliğinden yenilenir.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof batchesMessages> {}
}
