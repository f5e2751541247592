import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const importMessages = defineMessages({
  "projects.import.action": ["Import tasks", "Görev içe aktar"],
  "projects.import.title": ["Import tasks into {project}", "{project} projesine görev aktar"],
  "projects.import.intro": [
    "Upload a CSV file or a Jira CSV export (UTF-8, comma or semicolon, at most 5 MB and 5,000 rows). You choose what each column means and see a preview before anything is written.",
    "Bir CSV dosyası ya da Jira CSV dışa aktarımı yükleyin (UTF-8, virgül ya da noktalı virgül, en çok 5 MB ve 5.000 satır). Her sütunun anlamını seçer, hiçbir şey yazılmadan önce ön izlemeyi görürsünüz.",
  ],
  "projects.import.file": ["CSV file", "CSV dosyası"],
  "projects.import.read": ["Read file", "Dosyayı oku"],
  "projects.import.mapping": ["1. What each column means", "1. Her sütunun anlamı"],
  "projects.import.column": ["Column", "Sütun"],
  "projects.import.sample": ["First value", "İlk değer"],
  "projects.import.field": ["Task field", "Görev alanı"],
  "projects.import.statuses": ["Statuses of the file", "Dosyadaki durumlar"],
  "projects.import.statusesHint": [
    "These values match no status of the project: choose one for each, or fix the file.",
    "Bu değerler projenin hiçbir durumuna uymuyor: her biri için bir durum seçin ya da dosyayı düzeltin.",
  ],
  "projects.import.noStatus": ["— no status (error) —", "— durum yok (hata) —"],
  "projects.import.preview": ["Preview", "Ön izleme"],
  "projects.import.previewTitle": ["2. Preview", "2. Ön izleme"],
  "projects.import.summary": [
    "{valid} of {total} rows can be imported.",
    "{total} satırdan {valid} tanesi aktarılabilir.",
  ],
  "projects.import.firstRows": ["The first {count} rows", "İlk {count} satır"],
  "projects.import.row": ["Row", "Satır"],
  "projects.import.errors": ["Rows with errors", "Hatalı satırlar"],
  "projects.import.skip": ["Skip rows with errors", "Hatalı satırları atla"],
  "projects.import.commit": ["Import", "İçe aktar"],
  "projects.import.cancel": ["Cancel", "Vazgeç"],
  "projects.import.ok": ["Ready", "Hazır"],
  "projects.import.bad": ["Error", "Hata"],
  "projects.import.created": ["{count} tasks imported.", "{count} görev içe aktarıldı."],
  "projects.import.refused": [
    "Nothing was imported: fix the rows with errors or skip them.",
    "Hiçbir şey aktarılmadı: hatalı satırları düzeltin ya da atlayın.",
  ],
  "projects.import.needTitle": [
    "Choose the column that holds the task title.",
    "Görev başlığını içeren sütunu seçin.",
  ],
  "projects.import.badFile": [
    "This file cannot be read: {reason}",
    "Bu dosya okunamıyor: {reason}",
  ],
  "projects.import.tooMany": [
    "The file has more than 5,000 rows.",
    "Dosyada 5.000'den fazla satır var.",
  ],
  "projects.import.tooLarge": ["The file is larger than 5 MB.", "Dosya 5 MB'tan büyük."],
  "projects.import.target.ignore": ["Do not import", "Aktarma"],
  "projects.import.target.title": ["Title", "Başlık"],
  "projects.import.target.description": ["Description", "Açıklama"],
  "projects.import.target.status": ["Status", "Durum"],
  "projects.import.target.priority": ["Priority", "Öncelik"],
  "projects.import.target.assignee": ["Assignee (e-mail or name)", "Sorumlu (e-posta ya da ad)"],
  "projects.import.target.labels": ["Labels", "Etiketler"],
  "projects.import.target.startDate": ["Start date", "Başlangıç tarihi"],
  "projects.import.target.dueDate": ["Due date", "Bitiş tarihi"],
  "projects.import.target.estimate": ["Estimate (hours)", "Tahmin (saat)"],
  "projects.import.target.estimateSeconds": ["Estimate (seconds, Jira)", "Tahmin (saniye, Jira)"],
  "projects.import.target.key": ["Key (for parents)", "Anahtar (üst görevler için)"],
  "projects.import.target.parent": ["Parent (key or row)", "Üst görev (anahtar ya da satır)"],
  "projects.import.err.required": ["A title is required.", "Başlık gerekli."],
  "projects.import.err.tooLong": ["Too long.", "Çok uzun."],
  "projects.import.err.unknownStatus": ["Unknown status “{value}”.", "Bilinmeyen durum “{value}”."],
  "projects.import.err.unknownPriority": [
    "Unknown priority “{value}”.",
    "Bilinmeyen öncelik “{value}”.",
  ],
  "projects.import.err.unknownAssignee": [
    "No project member “{value}”.",
    "“{value}” adında proje üyesi yok.",
  ],
  "projects.import.err.badDate": ["“{value}” is not a date.", "“{value}” bir tarih değil."],
  "projects.import.err.badNumber": ["“{value}” is not a number.", "“{value}” bir sayı değil."],
  "projects.import.err.unknownParent": [
    "No row with the key “{value}”.",
    "“{value}” anahtarlı satır yok.",
  ],
  "projects.import.err.parentCycle": [
    "The parents make a cycle.",
    "Üst görevler bir döngü oluşturuyor.",
  ],
  "projects.import.err.datesOrder": [
    "The due date is before the start date.",
    "Bitiş tarihi başlangıçtan önce.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof importMessages> {}
}
