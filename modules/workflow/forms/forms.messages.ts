import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const formsMessages = defineMessages({
  "page.forms": ["Forms", "Formlar"],
  "workflow.forms.description": [
    "Forms people fill in when they start a process or complete a task. Link one with the form key in the designer; deploying pins the form's latest version to the process.",
    "Kişilerin bir süreci başlatırken veya bir görevi tamamlarken doldurduğu formlar. Tasarımcıda form anahtarıyla bağlayın; dağıtım, formun en son sürümünü sürece sabitler.",
  ],
  "workflow.forms.col.name": ["Name", "Ad"],
  "workflow.forms.col.key": ["Form key", "Form anahtarı"],
  "workflow.forms.col.version": ["Version", "Sürüm"],
  "workflow.forms.col.fields": ["Fields", "Alanlar"],
  "workflow.forms.col.used": ["Used by", "Kullanan"],
  "workflow.forms.col.saved": ["Last saved", "Son kayıt"],
  "workflow.forms.usedBy": ["{count} process versions", "{count} süreç sürümü"],
  "workflow.forms.unused": ["Not used yet", "Henüz kullanılmıyor"],
  "workflow.forms.empty": ["No forms yet.", "Henüz form yok."],
  "workflow.forms.new": ["New form", "Yeni form"],
  "workflow.forms.newTitle": ["New form", "Yeni form"],
  "workflow.forms.open": ["Open", "Aç"],
  "workflow.forms.delete": ["Delete", "Sil"],
  "workflow.forms.deleteConfirm": [
    "Delete the form {name} with all its versions?",
    "{name} formu tüm sürümleriyle silinsin mi?",
  ],
  "workflow.forms.field.key": [
    "Form key (used as camunda:formKey)",
    "Form anahtarı (camunda:formKey olarak kullanılır)",
  ],
  "workflow.forms.field.name": ["Name", "Ad"],
  "workflow.forms.save": ["Save as new version", "Yeni sürüm olarak kaydet"],
  "workflow.forms.saving": ["Saving…", "Kaydediliyor…"],
  "workflow.forms.saved": ["Saved.", "Kaydedildi."],
  "workflow.forms.savedVersion": ["Version {version} saved.", "{version}. sürüm kaydedildi."],
  "workflow.forms.failed": ["The form could not be saved.", "Form kaydedilemedi."],
  "workflow.forms.editor": ["Form editor", "Form düzenleyici"],
  "workflow.forms.editorNote": [
    "Drag fields from the palette onto the form and set their keys and rules on the right. The editor's own labels are in English.",
    "Paletten alanları forma sürükleyin, anahtarlarını ve kurallarını sağda belirleyin. Düzenleyicinin kendi etiketleri İngilizcedir.",
  ],
  "workflow.forms.versions": ["Versions", "Sürümler"],
  "workflow.forms.versionLabel": ["Version {version}", "{version}. sürüm"],
  "workflow.forms.latest": ["latest", "en son"],
  "workflow.forms.showing": [
    "Showing version {version}; saving makes a new version from it.",
    "{version}. sürüm gösteriliyor; kaydetmek bundan yeni bir sürüm oluşturur.",
  ],
  "workflow.forms.linkHint": [
    "Link it in the designer with the form key {key}.",
    "Tasarımcıda {key} form anahtarıyla bağlayın.",
  ],
  "workflow.forms.by": ["by {name}", "{name} tarafından"],
  "workflow.forms.submit": ["Complete", "Tamamla"],
  "workflow.forms.sending": ["Sending…", "Gönderiliyor…"],
  "workflow.forms.done": ["Done.", "Tamamlandı."],
  "workflow.forms.fix": ["Please correct the marked fields.", "Lütfen işaretli alanları düzeltin."],
  "workflow.forms.sendFailed": ["The form could not be sent.", "Form gönderilemedi."],
  "workflow.forms.noScript": [
    "This form needs JavaScript in the browser.",
    "Bu form tarayıcıda JavaScript gerektirir.",
  ],
  "workflow.forms.readonly": [
    "Claim the task to fill in the form.",
    "Formu doldurmak için görevi üstlenin.",
  ],
  "workflow.forms.start": ["Start", "Başlat"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof formsMessages> {}
}
