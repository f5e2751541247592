/** The activity feed's texts: history lines, fields and entities (key → [English, Turkish]). */
import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const feedMessages = defineMessages({
  "projects.hours": ["{hours} h", "{hours} sa"],
  "projects.moveCount": ["Allowed moves: {count}", "İzin verilen geçiş: {count}"],
  "projects.otherTask": ["another task", "başka bir görev"],
  "projects.entity.task": ["Task", "Görev"],
  "projects.entity.project": ["Project", "Proje"],
  "projects.field.title": ["Title", "Başlık"],
  "projects.field.name": ["Name", "Ad"],
  "projects.field.description": ["Description", "Açıklama"],
  "projects.field.status": ["Status", "Durum"],
  "projects.field.priority": ["Priority", "Öncelik"],
  "projects.field.assignee": ["Assignee", "Atanan"],
  "projects.field.startDate": ["Start date", "Başlangıç tarihi"],
  "projects.field.dueDate": ["Due date", "Bitiş tarihi"],
  "projects.field.estimate": ["Estimate", "Tahmin"],
  "projects.field.labels": ["Labels", "Etiketler"],
  "projects.field.parentId": ["Parent task", "Üst görev"],
  "projects.field.blockedBy": ["Blocked by", "Engelleyen görevler"],
  "projects.field.archived": ["Archived", "Arşivde"],
  "projects.field.member": ["Member", "Üye"],
  "projects.field.role": ["Role", "Rol"],
  "projects.field.statuses": ["Statuses", "Durumlar"],
  "projects.field.transitions": ["Allowed moves", "İzin verilen geçişler"],
  "projects.field.comment": ["Comment", "Yorum"],
  "projects.field.files": ["Files", "Dosyalar"],
  "projects.field.file": ["File", "Dosya"],
  "projects.history.task.created": ["created the task", "görevi oluşturdu"],
  "projects.history.task.updated": ["changed the task", "görevi değiştirdi"],
  "projects.history.task.status-changed": ["moved the task", "görevi taşıdı"],
  "projects.history.task.deleted": ["deleted the task", "görevi sildi"],
  "projects.history.task.commented": ["commented on the task", "göreve yorum yaptı"],
  "projects.history.task.comment-edited": [
    "edited a comment on the task",
    "görevdeki bir yorumu düzenledi",
  ],
  "projects.history.task.comment-deleted": [
    "deleted a comment on the task",
    "görevdeki bir yorumu sildi",
  ],
  "projects.history.task.attached": ["attached files to the task", "göreve dosya ekledi"],
  "projects.history.task.detached": [
    "removed a file from the task",
    "görevden bir dosyayı kaldırdı",
  ],
  "projects.history.project.created": ["created the project", "projeyi oluşturdu"],
  "projects.history.project.updated": ["changed the project", "projeyi değiştirdi"],
  "projects.history.project.archived": ["archived the project", "projeyi arşivledi"],
  "projects.history.project.unarchived": [
    "took the project out of the archive",
    "projeyi arşivden çıkardı",
  ],
  "projects.history.project.member-added": ["added a member to the project", "projeye üye ekledi"],
  "projects.history.project.member-changed": [
    "changed a member's role in the project",
    "projedeki bir üyenin rolünü değiştirdi",
  ],
  "projects.history.project.member-removed": [
    "removed a member from the project",
    "projeden bir üyeyi çıkardı",
  ],
  "projects.history.project.flow-changed": [
    "changed the status flow of the project",
    "projenin durum akışını değiştirdi",
  ],
  "projects.history.created": ["created", "oluşturdu"],
  "projects.history.updated": ["changed", "değiştirdi"],
  "projects.history.status-changed": ["moved a task", "bir görevi taşıdı"],
  "projects.history.deleted": ["deleted", "sildi"],
  "projects.history.commented": ["commented", "yorum yaptı"],
  "projects.history.comment-edited": ["edited a comment", "bir yorumu düzenledi"],
  "projects.history.comment-deleted": ["deleted a comment", "bir yorumu sildi"],
  "projects.history.attached": ["attached files", "dosya ekledi"],
  "projects.history.detached": ["removed a file", "bir dosyayı kaldırdı"],
  "projects.history.archived": ["archived a project", "bir projeyi arşivledi"],
  "projects.history.unarchived": [
    "took a project out of the archive",
    "bir projeyi arşivden çıkardı",
  ],
  "projects.history.member-added": ["added a member", "üye ekledi"],
  "projects.history.member-changed": ["changed a member's role", "bir üyenin rolünü değiştirdi"],
  "projects.history.member-removed": ["removed a member", "bir üyeyi çıkardı"],
  "projects.history.flow-changed": ["changed a status flow", "bir durum akışını değiştirdi"],
});

declare module "../../../shared/i18n/i18n.ts" {
  // deno-lint-ignore no-empty-interface
  interface MessageCatalog extends KeysOf<typeof feedMessages> {}
}
