import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// Roles and permissions as people read them.
export const rolesMessages = defineMessages({
  // Built-in roles (custom roles carry the names their tenant gave them).
  "role.owner": ["Owner", "Sahip"],
  "role.admin": ["Administrator", "Yönetici"],
  "role.agent": ["Agent", "Temsilci"],
  "role.member": ["Member", "Üye"],
  "role.viewer": ["Viewer", "İzleyici"],
  "role.owner.description": ["Full access, including owners", "Sahipler dahil tam erişim"],
  "role.admin.description": [
    "Full access except owner changes",
    "Sahip değişiklikleri dışında tam erişim",
  ],
  "role.agent.description": [
    "Works tickets, processes, documents and projects",
    "Talepler, süreçler, belgeler ve projeler üzerinde çalışır",
  ],
  "role.member.description": [
    "Works in processes, documents and projects",
    "Süreçlerde, belgelerde ve projelerde çalışır",
  ],
  "role.viewer.description": ["Reads every module", "Tüm modülleri okur"],
  // Permissions: module · what · how.
  "perm.all": ["Everything", "Her şey"],
  "perm.anything": ["Everything in {module}", "{module} içindeki her şey"],
  "perm.action.read": ["view", "görüntüleme"],
  "perm.action.write": ["change", "değiştirme"],
  "perm.action.any": ["all", "tümü"],
  "perm.action.work": ["work on", "üzerinde çalışma"],
  "perm.resource.any": ["All records", "Tüm kayıtlar"],
  "perm.resource.ticket": ["Tickets", "Talepler"],
  "perm.resource.customer": ["Customers", "Müşteriler"],
  "perm.resource.contract": ["Contracts", "Sözleşmeler"],
  "perm.resource.sla": ["SLA policies", "SLA politikaları"],
  "perm.resource.template": ["Templates", "Şablonlar"],
  "perm.resource.report": ["Reports", "Raporlar"],
  "perm.resource.organization": ["Departments and teams", "Departmanlar ve ekipler"],
  "perm.resource.settings": ["Settings", "Ayarlar"],
  "perm.resource.file": ["Files", "Dosyalar"],
  "perm.resource.folder": ["Folders", "Klasörler"],
  "perm.resource.share": ["Shares", "Paylaşımlar"],
  "perm.resource.audit": ["Audit log", "Denetim kaydı"],
  "perm.resource.project": ["Projects", "Projeler"],
  "perm.resource.task": ["Tasks", "Görevler"],
  "perm.resource.comment": ["Comments", "Yorumlar"],
  "perm.resource.app": ["Apps", "Uygulamalar"],
  "perm.resource.sheet": ["Sheets", "Sayfalar"],
  "perm.resource.model": ["Data models", "Veri modelleri"],
  "perm.resource.query": ["Queries", "Sorgular"],
  "perm.resource.filter": ["Shared task filters", "Paylaşılan görev filtreleri"],
  "perm.resource.agent": ["Agents", "Ajanlar"],
  "perm.resource.job": ["Jobs", "İşler"],
  "perm.resource.process": ["Processes", "Süreçler"],
  "perm.resource.definition": ["Process definitions", "Süreç tanımları"],
  "perm.resource.data": ["Process data", "Süreç verileri"],
  "perm.resource.external": ["External tasks", "Harici görevler"],
  "perm.resource.user": ["Users", "Kullanıcılar"],
  "perm.resource.role": ["Roles", "Roller"],
  "perm.resource.notification": ["Notification rules", "Bildirim kuralları"],
  "perm.resource.mail": ["E-mail outbox", "E-posta giden kutusu"],
  "perm.resource.translation": ["Translations", "Çeviriler"],
  "perm.resource.tenant": ["Workspace settings", "Çalışma alanı ayarları"],
  "perm.resource.other": ["Other records", "Diğer kayıtlar"],
  // Roles page.
  "roles.new": ["New role", "Yeni rol"],
  "roles.edit": ["Edit {name}", "{name} düzenle"],
  "roles.editShort": ["Edit", "Düzenle"],
  "roles.keyHint": [
    "Short name used by the API: lowercase letters, digits, - and _.",
    "API'nin kullandığı kısa ad: küçük harf, rakam, - ve _.",
  ],
  "roles.permissionCount": ["{count} permissions", "{count} yetki"],
  "roles.showPermissions": ["Show permissions", "Yetkileri göster"],
  "roles.kind": ["Kind", "Tür"],
  "roles.custom": ["custom", "özel"],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof rolesMessages> {}
}
