import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const assigneesMessages = defineMessages({
  "projects.assignees": ["Assignees", "Atananlar"],
  "projects.assigneesHint": [
    "Hold Ctrl (⌘ on a Mac) to choose several; the first is the main assignee.",
    "Birden çok kişi için Ctrl (Mac'te ⌘) tuşunu basılı tutun; ilki ana sorumludur.",
  ],
  "projects.watchers": ["Watchers", "İzleyenler"],
  "projects.noWatchers": ["Nobody watches this task.", "Bu görevi kimse izlemiyor."],
  "projects.addWatcher": ["Add watcher", "İzleyen ekle"],
  "projects.removeWatcher": ["Remove {name}", "{name} kişisini çıkar"],
  "projects.watcherPerson": ["Person", "Kişi"],
  "projects.moreAssignees": ["+{count} more", "+{count} kişi daha"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof assigneesMessages> {}
}
