import { entries } from "../../platform/placeholder/public.tsx";
import { registerAsset } from "../../ui/assets.ts";
import type { ModuleManifest } from "../../shared/modules.ts";
import { projectsApi } from "./api.ts";
import { projectJobs } from "./jobs.ts";
import { projectsEvents } from "./events.ts";
import { searchProjects } from "./search/search.service.ts";
import { DOWNLOAD_PATH, UPLOAD_PATH } from "./attachments/attachments.routes.ts";
import { projectsPages } from "./pages.ts";
import { projectsHome } from "./home/home.pages.tsx";
import "./messages.ts";

const asset = (name: string) => new URL(`./assets/${name}`, import.meta.url);
registerAsset("projects.css", asset("projects.css"));
registerAsset("projects-board.js", asset("projects-board.js"));
registerAsset("projects-task.js", asset("projects-task.js"));

export const PROJECT_PERMISSIONS = ["project", "task", "comment", "report"]
  .flatMap((r) => [`projects.${r}.read`, `projects.${r}.write`]);

export const projects: ModuleManifest = {
  name: "projects",
  labelKey: "module.projects",
  icon: "square-kanban",
  permissions: PROJECT_PERMISSIONS,
  grants: { agent: ["projects.*"], member: ["projects.*"] },
  events: projectsEvents,
  search: searchProjects,
  menu: entries("projects", [
    ["dashboard", "", "projects.project.read"],
    ["projects", "/projects", "projects.project.read"],
    ["tasks", "/tasks", "projects.task.read"],
    ["reports", "/reports", "projects.report.read"],
    ["notifications", "/notifications", "projects.project.read"],
    ["activityLog", "/activity", "projects.project.read"],
  ]),
  home: projectsHome,
  api: projectsApi(),
  pages: projectsPages(),
  jobs: projectJobs,
  // File bytes stream outside the request transaction (API and the task page's forms).
  streamingPaths: [
    UPLOAD_PATH,
    DOWNLOAD_PATH,
    /^\/projects\/tasks\/[^/]+\/attachments(\/[^/]+(\/delete)?)?$/,
  ],
};
