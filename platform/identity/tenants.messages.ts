import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// Tenant administration (platform operators).
export const tenantsMessages = defineMessages({
  "tenants.description": [
    "Every workspace on this platform. A suspended workspace's members cannot sign in.",
    "Bu platformdaki tüm çalışma alanları. Askıya alınan bir çalışma alanının üyeleri giriş yapamaz.",
  ],
  "tenants.new": ["New tenant", "Yeni kiracı"],
  "tenants.name": ["Name", "Ad"],
  "tenants.slug": ["Short name", "Kısa ad"],
  "tenants.slug.hint": [
    "Lowercase letters, digits and dashes; members may type it when they sign in.",
    "Küçük harf, rakam ve tire; üyeler giriş yaparken yazabilir.",
  ],
  "tenants.ownerEmail": ["Owner's e-mail", "Sahibin e-postası"],
  "tenants.ownerName": ["Owner's name", "Sahibin adı"],
  "tenants.ownerPassword": ["Owner's password", "Sahibin parolası"],
  "tenants.ownerPassword.hint": [
    "At least 8 characters. Left empty, one is generated and shown once; an existing account keeps its own.",
    "En az 8 karakter. Boş bırakılırsa bir parola üretilip bir kez gösterilir; mevcut bir hesap kendi parolasını korur.",
  ],
  "tenants.status": ["Status", "Durum"],
  "tenants.status.active": ["Active", "Etkin"],
  "tenants.status.suspended": ["Suspended", "Askıda"],
  "tenants.status.all": ["All statuses", "Tüm durumlar"],
  "tenants.createdAt": ["Created", "Oluşturulma"],
  "tenants.suspendedAt": ["Suspended since", "Askıya alınma"],
  "tenants.search": ["Search by name", "Ada göre ara"],
  "tenants.none": ["No tenants match.", "Eşleşen kiracı yok."],
  "tenants.suspend": ["Suspend", "Askıya al"],
  "tenants.reactivate": ["Reactivate", "Yeniden etkinleştir"],
  "tenants.suspend.title": ["Suspend {name}?", "{name} askıya alınsın mı?"],
  "tenants.suspend.text": [
    "Its members are signed out and cannot sign in until it is reactivated. Nothing is deleted.",
    "Üyelerinin oturumu kapanır ve yeniden etkinleştirilene kadar giriş yapamazlar. Hiçbir şey silinmez.",
  ],
  "tenants.reactivate.title": ["Reactivate {name}?", "{name} yeniden etkinleştirilsin mi?"],
  "tenants.reactivate.text": ["Its members can sign in again.", "Üyeleri yeniden giriş yapabilir."],
  "tenants.current": ["You are signed in here", "Şu anda buradasınız"],
  "tenants.createdFlash": ["{name} was created.", "{name} oluşturuldu."],
  "tenants.generatedPassword": [
    "The owner's password, shown only now: {password}",
    "Sahibin parolası (yalnızca şimdi gösteriliyor): {password}",
  ],
  "tenants.suspendedFlash": ["{name} is suspended.", "{name} askıya alındı."],
  "tenants.reactivatedFlash": ["{name} is active again.", "{name} yeniden etkin."],
  "tenants.done": ["Done", "Tamam"],
  "tenants.error.slug": [
    "Use 2 to 63 lowercase letters, digits and dashes.",
    "2 ile 63 arası küçük harf, rakam ve tire kullanın.",
  ],
  "tenants.error.slugTaken": ["This short name is taken.", "Bu kısa ad kullanılıyor."],
  "tenants.error.name": ["Enter a name.", "Bir ad girin."],
  "tenants.error.email": ["Enter a valid e-mail address.", "Geçerli bir e-posta adresi girin."],
  "tenants.error.password": ["At least 8 characters.", "En az 8 karakter."],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof tenantsMessages> {}
}
