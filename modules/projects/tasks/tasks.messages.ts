/** Tasks' texts: list, board, task page, comments, attachments, dependencies (key → [en, tr]). */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const tasksMessages = defineMessages({
  "projects.addComment": ["Add a comment", "Yorum ekle"],
  "projects.addTask": ["Add task", "Görev ekle"],
  "projects.attachFile": ["Attach files", "Dosya ekle"],
  "projects.attachments": ["Attachments", "Ekler"],
  "projects.badFilter": [
    "Some filters were not valid and were ignored.",
    "Bazı filtreler geçersizdi ve yok sayıldı.",
  ],
  "projects.blockedBy": ["Blocked by", "Engelleyen görevler"],
  "projects.blocks": ["Blocks", "Engellediği görevler"],
  "projects.blocksNone": [
    "This task blocks no other task.",
    "Bu görev başka bir görevi engellemiyor.",
  ],
  "projects.board": ["Board", "Pano"],
  "projects.boardHelp": [
    "Drag cards between columns to change their status.",
    "Durumunu değiştirmek için kartları sütunlar arasında sürükleyin.",
  ],
  "projects.comment": ["Comment", "Yorum"],
  "projects.comments": ["Comments", "Yorumlar"],
  "projects.delete": ["Delete", "Sil"],
  "projects.dependencies": ["Dependencies", "Bağımlılıklar"],
  "projects.dueFrom": ["Due from", "Bitiş (başlangıç)"],
  "projects.dueTo": ["Due until", "Bitiş (son)"],
  "projects.editComment": ["Edit or delete", "Düzenle veya sil"],
  "projects.edited": ["edited", "düzenlendi"],
  "projects.estimate": ["Estimate (hours)", "Tahmin (saat)"],
  "projects.label": ["Label", "Etiket"],
  "projects.labels": ["Labels", "Etiketler"],
  "projects.me": ["Me", "Ben"],
  "projects.mentionHelp": [
    "Markdown is supported. Mention a project member with @name (the part of their e-mail before @).",
    "Markdown desteklenir. Bir proje üyesini @ad ile anın (e-postasının @ işaretinden önceki kısmı).",
  ],
  "projects.newSubtask": ["New subtask", "Yeni alt görev"],
  "projects.noAttachments": ["No files attached.", "Ekli dosya yok."],
  "projects.noComments": ["No comments yet.", "Henüz yorum yok."],
  "projects.overdueOnly": ["Overdue only", "Yalnızca gecikmiş"],
  "projects.openOnly": ["Open only", "Yalnızca açık"],
  "projects.parent": ["Parent task", "Üst görev"],
  "projects.send": ["Send", "Gönder"],
  "projects.sort": ["Sort", "Sırala"],
  "projects.subtasks": ["Subtasks", "Alt görevler"],
  "projects.taskFields": ["Task details", "Görev ayrıntıları"],
  "projects.upload": ["Upload", "Yükle"],
  "projects.watch": ["Watch", "İzle"],
  "projects.deleteTask": ["Delete this task", "Bu görevi sil"],
  "projects.unwatch": ["Stop watching", "İzlemeyi bırak"],
  "projects.sort.created": ["Newest", "En yeni"],
  "projects.sort.updated": ["Recently changed", "Son değişen"],
  "projects.sort.due": ["Due date", "Bitiş tarihi"],
  "projects.sort.priority": ["Priority", "Öncelik"],
  "projects.blockedByHint": [
    "Only tasks that do not wait for this one are offered.",
    "Yalnızca bu görevi beklemeyen görevler listelenir.",
  ],
  "projects.blockedByNone": ["Nothing blocks this task.", "Bu görevi engelleyen görev yok."],
  "projects.deleteComment": ["Delete comment", "Yorumu sil"],
  "projects.deleteFile": ["Delete {name}", "{name} dosyasını sil"],
  "projects.deleteTaskConfirm": [
    "Delete “{title}” with its comments and files? This cannot be undone.",
    "“{title}” görevi yorumları ve dosyalarıyla birlikte silinsin mi? Bu işlem geri alınamaz.",
  ],
  "projects.formerMember": ["Former member", "Eski üye"],
  "projects.labelsHint": ["Separate labels with commas.", "Etiketleri virgülle ayırın."],
  "projects.moreFilters": ["More filters", "Diğer filtreler"],
  "projects.moveFailed": [
    "The move could not be saved. Check your connection and try again.",
    "Taşıma kaydedilemedi. Bağlantınızı kontrol edip yeniden deneyin.",
  ],
  "projects.moveRefused": [
    "This move is not allowed by the project's flow or its rules.",
    "Projenin akışı ya da kuralları bu taşımaya izin vermiyor.",
  ],
  "projects.noMatchingTasks": ["No tasks match these filters.", "Bu filtrelere uyan görev yok."],
  "projects.noSubtasks": ["No subtasks.", "Alt görev yok."],
  "projects.taskSide": ["Dependencies, files and history", "Bağımlılıklar, dosyalar ve geçmiş"],
  "projects.tasks": ["Tasks", "Görevler"],
  "projects.uploadFailed": [
    "The upload failed. Try again.",
    "Yükleme başarısız oldu. Yeniden deneyin.",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof tasksMessages> {}
}
