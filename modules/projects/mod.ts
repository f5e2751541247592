import { entries, placeholderModule } from "../placeholder.tsx";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";

const perms = ["project", "task", "comment", "report"]
  .flatMap((r) => [`projects.${r}.read`, `projects.${r}.write`]);

export const projects = placeholderModule({
  name: "projects",
  icon: "▣",
  permissions: perms,
  translations: { read: "projects.project.read", write: TRANSLATIONS_WRITE },
  menu: entries("projects", [
    ["dashboard", "", "projects.project.read"],
    ["projects", "/projects", "projects.project.read"],
    ["tasks", "/tasks", "projects.task.read"],
    ["notifications", "/notifications", "projects.project.read"],
    ["activityLog", "/activity", "projects.project.read"],
    ["translations", "/translations", "projects.project.read"],
  ]),
});
