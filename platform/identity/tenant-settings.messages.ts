import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// The current tenant's settings page.
export const tenantSettingsMessages = defineMessages({
  "tenantSettings.description": [
    "The workspace's name, look and defaults for all of its members.",
    "Çalışma alanının adı, görünümü ve tüm üyeleri için varsayılanları.",
  ],
  "tenantSettings.name": ["Workspace name", "Çalışma alanı adı"],
  "tenantSettings.locale": ["Default language", "Varsayılan dil"],
  "tenantSettings.locale.hint": [
    "For members who have not chosen a language.",
    "Dil seçmemiş üyeler için.",
  ],
  "tenantSettings.timeZone": ["Time zone", "Saat dilimi"],
  "tenantSettings.timeZone.hint": [
    "Dates and times on every page are shown in this zone.",
    "Tüm sayfalardaki tarih ve saatler bu dilimde gösterilir.",
  ],
  "tenantSettings.accent": ["Accent colour", "Vurgu rengi"],
  "tenantSettings.accentDefault": ["Use the theme's colour", "Temanın rengini kullan"],
  "tenantSettings.logo": ["Logo", "Logo"],
  "tenantSettings.logo.hint": ["PNG or JPEG, at most 64 KB.", "PNG veya JPEG, en fazla 64 KB."],
  "tenantSettings.logo.current": ["Current logo", "Geçerli logo"],
  "tenantSettings.logo.none": ["No logo yet.", "Henüz logo yok."],
  "tenantSettings.logo.remove": ["Remove the logo", "Logoyu kaldır"],
  "tenantSettings.saved": ["Settings saved.", "Ayarlar kaydedildi."],
  "tenantSettings.error.name": [
    "Enter a name of at most 200 characters.",
    "En fazla 200 karakterlik bir ad girin.",
  ],
  "tenantSettings.error.locale": ["Choose a language from the list.", "Listeden bir dil seçin."],
  "tenantSettings.error.timeZone": [
    "Choose a time zone from the list.",
    "Listeden bir saat dilimi seçin.",
  ],
  "tenantSettings.error.accentColor": ["Choose a colour.", "Bir renk seçin."],
  "tenantSettings.error.logo.svg": [
    "SVG images are not accepted; use PNG or JPEG.",
    "SVG görseller kabul edilmiyor; PNG veya JPEG kullanın.",
  ],
  "tenantSettings.error.logo.type": [
    "Only PNG or JPEG images are accepted.",
    "Yalnızca PNG veya JPEG görseller kabul ediliyor.",
  ],
  "tenantSettings.error.logo.size": ["The image is larger than 64 KB.", "Görsel 64 KB'tan büyük."],
  "tenantSettings.error.logo.data": [
    "The file is not a readable PNG or JPEG image.",
    "Dosya okunabilir bir PNG veya JPEG görseli değil.",
  ],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof tenantSettingsMessages> {}
}
