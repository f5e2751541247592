import { addMessages } from "../../../shared/i18n/i18n.ts";

addMessages("en", {
  "automation.settings.description":
    "Limits, network access and failure handling for every agent and job of this workspace.",
  "automation.settings.saved": "Settings saved.",
  "automation.settings.limits": "Limits",
  "automation.settings.network": "Network access",
  "automation.settings.failures": "Failure handling",
  "automation.settings.notifications": "Notifications",
  "automation.settings.retention": "Retention",
  "automation.settings.concurrency": "Runs at once",
  "automation.settings.concurrency.hint":
    "How many runs of this workspace may run at the same time.",
  "automation.settings.defaultTimeoutSeconds": "Default time limit (seconds)",
  "automation.settings.defaultTimeoutSeconds.hint":
    "A run is stopped after this, unless its job sets another limit.",
  "automation.settings.memoryMb": "Memory per run (MB)",
  "automation.settings.memoryMb.hint": "A script that needs more is stopped.",
  "automation.settings.logCapKb": "Log size per run (KB)",
  "automation.settings.logCapKb.hint": "Output beyond this is cut off.",
  "automation.settings.allowlist": "Hosts agents may reach",
  "automation.settings.allowlist.hint":
    "One per line: api.example.com, *.example.com for its subdomains, optionally with :port. Internal addresses (private, loopback, link-local) are always refused.",
  "automation.settings.failureThreshold": "Failures before stopping",
  "automation.settings.failureThreshold.hint":
    "After this many failed runs in a row an agent is marked failing and stops running on schedule.",
  "automation.settings.backlogThreshold": "Waiting runs before a warning",
  "automation.settings.backlogThreshold.hint":
    "Admins are told when more runs than this are waiting.",
  "automation.settings.minIntervalSeconds": "Shortest interval (seconds)",
  "automation.settings.minIntervalSeconds.hint": "No job may run more often than this.",
  "automation.settings.notifyEmail": "Also send failure notices by e-mail",
  "automation.settings.recipients": "Who is told about failures",
  "automation.settings.recipients.hint":
    "Nobody chosen: the person who created the job or agent is told.",
  "automation.settings.logRetentionDays": "Keep run logs (days)",
  "automation.settings.logRetentionDays.hint": "Older logs are deleted; the run itself stays.",
  "automation.settings.historyRetentionDays": "Keep run history (days)",
  "automation.settings.historyRetentionDays.hint": "Older runs are deleted.",
});

addMessages("tr", {
  "automation.settings.description":
    "Bu çalışma alanındaki tüm ajanlar ve işler için sınırlar, ağ erişimi ve hata yönetimi.",
  "automation.settings.saved": "Ayarlar kaydedildi.",
  "automation.settings.limits": "Sınırlar",
  "automation.settings.network": "Ağ erişimi",
  "automation.settings.failures": "Hata yönetimi",
  "automation.settings.notifications": "Bildirimler",
  "automation.settings.retention": "Saklama süresi",
  "automation.settings.concurrency": "Aynı anda çalıştırma",
  "automation.settings.concurrency.hint":
    "Bu çalışma alanında aynı anda kaç çalıştırma yapılabileceği.",
  "automation.settings.defaultTimeoutSeconds": "Varsayılan süre sınırı (saniye)",
  "automation.settings.defaultTimeoutSeconds.hint":
    "İş başka bir sınır belirlemedikçe çalıştırma bu süreden sonra durdurulur.",
  "automation.settings.memoryMb": "Çalıştırma başına bellek (MB)",
  "automation.settings.memoryMb.hint": "Daha fazlasına ihtiyaç duyan betik durdurulur.",
  "automation.settings.logCapKb": "Çalıştırma başına günlük boyutu (KB)",
  "automation.settings.logCapKb.hint": "Bunu aşan çıktı kesilir.",
  "automation.settings.allowlist": "Ajanların erişebileceği sunucular",
  "automation.settings.allowlist.hint":
    "Her satıra bir tane: api.example.com, alt alan adları için *.example.com, isteğe bağlı :port ile. İç adresler (özel, geri döngü, bağlantı yerel) her zaman reddedilir.",
  "automation.settings.failureThreshold": "Durdurmadan önceki hata sayısı",
  "automation.settings.failureThreshold.hint":
    "Art arda bu kadar başarısız çalıştırmadan sonra ajan hatalı olarak işaretlenir ve zamanlamaya göre çalışmaz.",
  "automation.settings.backlogThreshold": "Uyarı için bekleyen çalıştırma sayısı",
  "automation.settings.backlogThreshold.hint":
    "Bundan fazla çalıştırma beklediğinde yöneticiler bilgilendirilir.",
  "automation.settings.minIntervalSeconds": "En kısa aralık (saniye)",
  "automation.settings.minIntervalSeconds.hint": "Hiçbir iş bundan daha sık çalışamaz.",
  "automation.settings.notifyEmail": "Hata bildirimlerini e-postayla da gönder",
  "automation.settings.recipients": "Hatalardan kimlerin haberdar edileceği",
  "automation.settings.recipients.hint":
    "Kimse seçilmezse işi ya da ajanı oluşturan kişi bilgilendirilir.",
  "automation.settings.logRetentionDays": "Çalıştırma günlüklerini sakla (gün)",
  "automation.settings.logRetentionDays.hint":
    "Daha eski günlükler silinir; çalıştırma kaydı kalır.",
  "automation.settings.historyRetentionDays": "Çalıştırma geçmişini sakla (gün)",
  "automation.settings.historyRetentionDays.hint": "Daha eski çalıştırmalar silinir.",
});
