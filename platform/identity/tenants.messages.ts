import { addMessages } from "../../shared/i18n/i18n.ts";

// Tenant administration (operators' list, the workspace settings page) and sign-in to a
// suspended workspace. [key, English, Turkish]
const MESSAGES: [string, string, string][] = [
  [
    "login.suspended",
    "This workspace is suspended. Ask the platform operator to reactivate it.",
    "Bu çalışma alanı askıya alındı. Yeniden etkinleştirmesi için platform yöneticisine başvurun.",
  ],
  [
    "tenants.description",
    "Every workspace on this platform. A suspended workspace's members cannot sign in.",
    "Bu platformdaki tüm çalışma alanları. Askıya alınan bir çalışma alanının üyeleri giriş yapamaz.",
  ],
  ["tenants.new", "New tenant", "Yeni kiracı"],
  ["tenants.name", "Name", "Ad"],
  ["tenants.slug", "Short name", "Kısa ad"],
  [
    "tenants.slug.hint",
    "Lowercase letters, digits and dashes; members may type it when they sign in.",
    "Küçük harf, rakam ve tire; üyeler giriş yaparken yazabilir.",
  ],
  ["tenants.ownerEmail", "Owner's e-mail", "Sahibin e-postası"],
  ["tenants.ownerName", "Owner's name", "Sahibin adı"],
  ["tenants.ownerPassword", "Owner's password", "Sahibin parolası"],
  [
    "tenants.ownerPassword.hint",
    "At least 8 characters. Left empty, one is generated and shown once; an existing account keeps its own.",
    "En az 8 karakter. Boş bırakılırsa bir parola üretilip bir kez gösterilir; mevcut bir hesap kendi parolasını korur.",
  ],
  ["tenants.status", "Status", "Durum"],
  ["tenants.status.active", "Active", "Etkin"],
  ["tenants.status.suspended", "Suspended", "Askıda"],
  ["tenants.status.all", "All statuses", "Tüm durumlar"],
  ["tenants.createdAt", "Created", "Oluşturulma"],
  ["tenants.suspendedAt", "Suspended since", "Askıya alınma"],
  ["tenants.search", "Search by name", "Ada göre ara"],
  ["tenants.none", "No tenants match.", "Eşleşen kiracı yok."],
  ["tenants.suspend", "Suspend", "Askıya al"],
  ["tenants.reactivate", "Reactivate", "Yeniden etkinleştir"],
  ["tenants.suspend.title", "Suspend {name}?", "{name} askıya alınsın mı?"],
  [
    "tenants.suspend.text",
    "Its members are signed out and cannot sign in until it is reactivated. Nothing is deleted.",
    "Üyelerinin oturumu kapanır ve yeniden etkinleştirilene kadar giriş yapamazlar. Hiçbir şey silinmez.",
  ],
  ["tenants.reactivate.title", "Reactivate {name}?", "{name} yeniden etkinleştirilsin mi?"],
  [
    "tenants.reactivate.text",
    "Its members can sign in again.",
    "Üyeleri yeniden giriş yapabilir.",
  ],
  ["tenants.current", "You are signed in here", "Şu anda buradasınız"],
  ["tenants.createdFlash", "{name} was created.", "{name} oluşturuldu."],
  [
    "tenants.generatedPassword",
    "The owner's password, shown only now: {password}",
    "Sahibin parolası (yalnızca şimdi gösteriliyor): {password}",
  ],
  ["tenants.suspendedFlash", "{name} is suspended.", "{name} askıya alındı."],
  ["tenants.reactivatedFlash", "{name} is active again.", "{name} yeniden etkin."],
  ["tenants.done", "Done", "Tamam"],
  [
    "tenants.error.slug",
    "Use 2 to 63 lowercase letters, digits and dashes.",
    "2 ile 63 arası küçük harf, rakam ve tire kullanın.",
  ],
  ["tenants.error.slugTaken", "This short name is taken.", "Bu kısa ad kullanılıyor."],
  ["tenants.error.name", "Enter a name.", "Bir ad girin."],
  ["tenants.error.email", "Enter a valid e-mail address.", "Geçerli bir e-posta adresi girin."],
  ["tenants.error.password", "At least 8 characters.", "En az 8 karakter."],
  [
    "tenantSettings.description",
    "The workspace's name, look and defaults for all of its members.",
    "Çalışma alanının adı, görünümü ve tüm üyeleri için varsayılanları.",
  ],
  ["tenantSettings.name", "Workspace name", "Çalışma alanı adı"],
  ["tenantSettings.locale", "Default language", "Varsayılan dil"],
  [
    "tenantSettings.locale.hint",
    "For members who have not chosen a language.",
    "Dil seçmemiş üyeler için.",
  ],
  ["tenantSettings.timeZone", "Time zone", "Saat dilimi"],
  [
    "tenantSettings.timeZone.hint",
    "Dates and times on every page are shown in this zone.",
    "Tüm sayfalardaki tarih ve saatler bu dilimde gösterilir.",
  ],
  ["tenantSettings.accent", "Accent colour", "Vurgu rengi"],
  ["tenantSettings.accentDefault", "Use the theme's colour", "Temanın rengini kullan"],
  ["tenantSettings.logo", "Logo", "Logo"],
  ["tenantSettings.logo.hint", "PNG or JPEG, at most 64 KB.", "PNG veya JPEG, en fazla 64 KB."],
  ["tenantSettings.logo.current", "Current logo", "Geçerli logo"],
  ["tenantSettings.logo.none", "No logo yet.", "Henüz logo yok."],
  ["tenantSettings.logo.remove", "Remove the logo", "Logoyu kaldır"],
  ["tenantSettings.saved", "Settings saved.", "Ayarlar kaydedildi."],
  [
    "tenantSettings.error.name",
    "Enter a name of at most 200 characters.",
    "En fazla 200 karakterlik bir ad girin.",
  ],
  ["tenantSettings.error.locale", "Choose a language from the list.", "Listeden bir dil seçin."],
  [
    "tenantSettings.error.timeZone",
    "Choose a time zone from the list.",
    "Listeden bir saat dilimi seçin.",
  ],
  ["tenantSettings.error.accentColor", "Choose a colour.", "Bir renk seçin."],
  [
    "tenantSettings.error.logo.svg",
    "SVG images are not accepted; use PNG or JPEG.",
    "SVG görseller kabul edilmiyor; PNG veya JPEG kullanın.",
  ],
  [
    "tenantSettings.error.logo.type",
    "Only PNG or JPEG images are accepted.",
    "Yalnızca PNG veya JPEG görseller kabul ediliyor.",
  ],
  [
    "tenantSettings.error.logo.size",
    "The image is larger than 64 KB.",
    "Görsel 64 KB'tan büyük.",
  ],
  [
    "tenantSettings.error.logo.data",
    "The file is not a readable PNG or JPEG image.",
    "Dosya okunabilir bir PNG veya JPEG görseli değil.",
  ],
];

addMessages("en", Object.fromEntries(MESSAGES.map(([k, en]) => [k, en])));
addMessages("tr", Object.fromEntries(MESSAGES.map(([k, , tr]) => [k, tr])));
