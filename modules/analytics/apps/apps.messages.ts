/** The applications' texts: key → [English, Turkish]. */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const appsMessages = defineMessages({
  "analytics.apps.description": [
    "Dashboards grouped into applications. Each application is shared with people and roles who may view, edit or manage it.",
    "Uygulamalar halinde gruplanmış panolar. Her uygulama, onu görüntüleyebilecek, düzenleyebilecek veya yönetebilecek kişi ve rollerle paylaşılır.",
  ],
  "analytics.apps.empty": ["No applications yet.", "Henüz uygulama yok."],
  "analytics.apps.emptyReader": [
    "No application has been shared with you yet.",
    "Henüz sizinle paylaşılan bir uygulama yok.",
  ],
  "analytics.apps.new": ["New application", "Yeni uygulama"],
  "analytics.apps.edit": ["Edit application", "Uygulamayı düzenle"],
  "analytics.apps.delete": ["Delete application", "Uygulamayı sil"],
  "analytics.apps.deleteConfirm": [
    "Delete the application {name} with all its sheets and widgets? This cannot be undone.",
    "{name} uygulaması tüm sayfaları ve bileşenleriyle silinsin mi? Bu işlem geri alınamaz.",
  ],
  "analytics.apps.field.name": ["Name", "Ad"],
  "analytics.apps.field.description": ["Description", "Açıklama"],
  "analytics.apps.save": ["Save", "Kaydet"],
  "analytics.apps.close": ["Close", "Kapat"],
  "analytics.apps.open": ["Open {name}", "{name} uygulamasını aç"],
  "analytics.apps.by": ["Created by {name}", "Oluşturan: {name}"],
  "analytics.apps.updated": ["Changed", "Değiştirildi"],
  "analytics.apps.yourLevel": ["Your access", "Erişiminiz"],
  "analytics.apps.level.view": ["Can view", "Görüntüleyebilir"],
  "analytics.apps.level.edit": ["Can edit", "Düzenleyebilir"],
  "analytics.apps.level.manage": ["Can manage", "Yönetebilir"],
  "analytics.apps.access": ["Access", "Erişim"],
  "analytics.apps.accessOf": ["Access to {name}", "{name} erişimi"],
  "analytics.apps.accessDescription": [
    "Owners and administrators manage every application; its creator manages it too. Everyone else needs a grant here.",
    "Sahipler ve yöneticiler her uygulamayı yönetir; oluşturan kişi de kendi uygulamasını yönetir. Diğer herkesin burada bir izne ihtiyacı vardır.",
  ],
  "analytics.apps.creator": ["Creator", "Oluşturan"],
  "analytics.apps.grant.who": ["Person or role", "Kişi veya rol"],
  "analytics.apps.grant.level": ["Access", "Erişim"],
  "analytics.apps.grant.add": ["Grant access", "Erişim ver"],
  "analytics.apps.grant.remove": ["Remove access of {name}", "{name} erişimini kaldır"],
  "analytics.apps.grant.empty": [
    "Nobody else has access yet.",
    "Henüz başka kimsenin erişimi yok.",
  ],
  "analytics.apps.grant.people": ["People", "Kişiler"],
  "analytics.apps.grant.roles": ["Roles", "Roller"],
  "analytics.apps.grant.role": ["Role", "Rol"],
  "analytics.apps.grant.person": ["Person", "Kişi"],
  "analytics.apps.grant.kind": ["Kind", "Tür"],
  "analytics.apps.sheets": ["Sheets", "Sayfalar"],
  "analytics.apps.sheetTabs": ["Sheets of {name}", "{name} sayfaları"],
  "analytics.apps.sheet.new": ["New sheet", "Yeni sayfa"],
  "analytics.apps.sheet.name": ["Sheet name", "Sayfa adı"],
  "analytics.apps.sheet.refresh": ["Refresh every", "Yenileme sıklığı"],
  "analytics.apps.sheet.refreshOff": ["Off", "Kapalı"],
  "analytics.apps.sheet.refreshSeconds": ["{count} s", "{count} sn"],
  "analytics.apps.sheet.refreshMinutes": ["{count} min", "{count} dk"],
  "analytics.apps.sheet.rename": ["Edit sheet {name}", "{name} sayfasını düzenle"],
  "analytics.apps.sheet.delete": ["Delete sheet {name}", "{name} sayfasını sil"],
  "analytics.apps.sheet.deleteConfirm": [
    "Delete the sheet {name} with its widgets? This cannot be undone.",
    "{name} sayfası bileşenleriyle birlikte silinsin mi? Bu işlem geri alınamaz.",
  ],
  "analytics.apps.sheet.left": ["Move {name} left", "{name} sayfasını sola taşı"],
  "analytics.apps.sheet.right": ["Move {name} right", "{name} sayfasını sağa taşı"],
  "analytics.apps.sheet.empty": [
    "This application has no sheets yet.",
    "Bu uygulamada henüz sayfa yok.",
  ],
  "analytics.apps.sheet.emptyHint": [
    "Add a sheet, then place charts on its dashboard.",
    "Bir sayfa ekleyin, sonra panosuna grafikler yerleştirin.",
  ],
  "analytics.apps.sheet.pick": [
    "Choose a sheet above to open its dashboard.",
    "Panosunu açmak için yukarıdan bir sayfa seçin.",
  ],
  "analytics.apps.sheet.position": ["Order", "Sıra"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof appsMessages> {}
}
