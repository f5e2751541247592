import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Automation's settings texts: key → [English, Turkish]. */
export const settingsMessages = defineMessages({
  "automation.settings.description": [
    "Limits, network access and failure handling for every agent and job of this workspace.",
    "Bu çalışma alanındaki tüm ajanlar ve işler için sınırlar, ağ erişimi ve hata yönetimi.",
  ],
  "automation.settings.saved": ["Settings saved.", "Ayarlar kaydedildi."],
  "automation.settings.limits": ["Limits", "Sınırlar"],
  "automation.settings.network": ["Network access", "Ağ erişimi"],
  "automation.settings.failures": ["Failure handling", "Hata yönetimi"],
  "automation.settings.notifications": ["Notifications", "Bildirimler"],
  "automation.settings.retention": ["Retention", "Saklama süresi"],
  "automation.settings.concurrency": ["Runs at once", "Aynı anda çalıştırma"],
  "automation.settings.concurrency.hint": [
    "How many runs of this workspace may run at the same time.",
    "Bu çalışma alanında aynı anda kaç çalıştırma yapılabileceği.",
  ],
  "automation.settings.defaultTimeoutSeconds": [
    "Default time limit (seconds)",
    "Varsayılan süre sınırı (saniye)",
  ],
  "automation.settings.defaultTimeoutSeconds.hint": [
    "A run is stopped after this, unless its job sets another limit.",
    "İş başka bir sınır belirlemedikçe çalıştırma bu süreden sonra durdurulur.",
  ],
  "automation.settings.memoryMb": ["Memory per run (MB)", "Çalıştırma başına bellek (MB)"],
  "automation.settings.memoryMb.hint": [
    "A script that needs more is stopped.",
    "Daha fazlasına ihtiyaç duyan betik durdurulur.",
  ],
  "automation.settings.logCapKb": ["Log size per run (KB)", "Çalıştırma başına günlük boyutu (KB)"],
  "automation.settings.logCapKb.hint": [
    "Output beyond this is cut off.",
    "Bunu aşan çıktı kesilir.",
  ],
  "automation.settings.allowlist": ["Hosts agents may reach", "Ajanların erişebileceği sunucular"],
  "automation.settings.allowlist.hint": [
    "One per line: api.example.com, *.example.com for its subdomains, optionally with :port. Internal addresses (private, loopback, link-local) are always refused.",
    "Her satıra bir tane: api.example.com, alt alan adları için *.example.com, isteğe bağlı :port ile. İç adresler (özel, geri döngü, bağlantı yerel) her zaman reddedilir.",
  ],
  "automation.settings.failureThreshold": [
    "Failures before stopping",
    "Durdurmadan önceki hata sayısı",
  ],
  "automation.settings.failureThreshold.hint": [
    "After this many failed runs in a row an agent is marked failing and stops running on schedule.",
    "Art arda bu kadar başarısız çalıştırmadan sonra ajan hatalı olarak işaretlenir ve zamanlamaya göre çalışmaz.",
  ],
  "automation.settings.backlogThreshold": [
    "Waiting runs before a warning",
    "Uyarı için bekleyen çalıştırma sayısı",
  ],
  "automation.settings.backlogThreshold.hint": [
    "Admins are told when more runs than this are waiting.",
    "Bundan fazla çalıştırma beklediğinde yöneticiler bilgilendirilir.",
  ],
  "automation.settings.minIntervalSeconds": [
    "Shortest interval (seconds)",
    "En kısa aralık (saniye)",
  ],
  "automation.settings.minIntervalSeconds.hint": [
    "No job may run more often than this.",
    "Hiçbir iş bundan daha sık çalışamaz.",
  ],
  "automation.settings.notifyEmail": [
    "Also send failure notices by e-mail",
    "Hata bildirimlerini e-postayla da gönder",
  ],
  "automation.settings.recipients": [
    "Who is told about failures",
    "Hatalardan kimlerin haberdar edileceği",
  ],
  "automation.settings.recipients.hint": [
    "Nobody chosen: the person who created the job or agent is told.",
    "Kimse seçilmezse işi ya da ajanı oluşturan kişi bilgilendirilir.",
  ],
  "automation.settings.logRetentionDays": [
    "Keep run logs (days)",
    "Çalıştırma günlüklerini sakla (gün)",
  ],
  "automation.settings.logRetentionDays.hint": [
    "Older logs are deleted; the run itself stays.",
    "Daha eski günlükler silinir; çalıştırma kaydı kalır.",
  ],
  "automation.settings.historyRetentionDays": [
    "Keep run history (days)",
    "Çalıştırma geçmişini sakla (gün)",
  ],
  "automation.settings.historyRetentionDays.hint": [
    "Older runs are deleted.",
    "Daha eski çalıştırmalar silinir.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof settingsMessages> {}
}
