import { entries, placeholderModule } from "../placeholder.tsx";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";
import type { ModuleManifest } from "../../shared/modules.ts";
import { projectsApi } from "./api.ts";
import { projectJobs } from "./jobs.ts";
import { DOWNLOAD_PATH, UPLOAD_PATH } from "./attachments/attachments.routes.ts";
import "./messages.ts";

export const PROJECT_PERMISSIONS = ["project", "task", "comment", "report"]
  .flatMap((r) => [`projects.${r}.read`, `projects.${r}.write`]);

const base = placeholderModule({
  name: "projects",
  icon: "▣",
  permissions: PROJECT_PERMISSIONS,
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

export const projects: ModuleManifest = {
  ...base,
  api: projectsApi(),
  jobs: projectJobs,
  streamingPaths: [UPLOAD_PATH, DOWNLOAD_PATH],
};
