import { entries, placeholderModule } from "../placeholder.tsx";

const perms = ["file", "folder", "share", "audit"]
  .flatMap((r) => [`documents.${r}.read`, `documents.${r}.write`]);

export const documents = placeholderModule({
  name: "documents",
  icon: "▤",
  permissions: perms,
  menu: entries("documents", [
    ["dashboard", "", "documents.file.read"],
    ["files", "/files", "documents.file.read"],
    ["folders", "/folders", "documents.folder.read"],
    ["trash", "/trash", "documents.file.write"],
    ["activityLog", "/activity", "documents.audit.read"],
    ["notifications", "/notifications", "documents.file.read"],
  ]),
});
