import { Hono } from "hono";
import { entries } from "../../platform/placeholder/public.tsx";
import type { AppEnv } from "../../shared/http/env.ts";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";
import { registerAsset } from "../../ui/assets.ts";
import { translationsPages } from "../../platform/translations/translations.pages.tsx";
import type { ModuleManifest } from "../../shared/modules.ts";
import { projectsApi } from "./api.ts";
import { projectJobs } from "./jobs.ts";
import { DOWNLOAD_PATH, UPLOAD_PATH } from "./attachments/attachments.routes.ts";
import { projectsPages } from "./projects/projects.pages.tsx";
import { commentsPages, tasksPages } from "./tasks/tasks.pages.tsx";
import { overviewPages } from "./reports/reports.pages.tsx";
import "./messages.ts";

const asset = (name: string) => new URL(`./assets/${name}`, import.meta.url);
registerAsset("projects.css", asset("projects.css"));
registerAsset("projects-board.js", asset("projects-board.js"));
registerAsset("projects-task.js", asset("projects-task.js"));

export const PROJECT_PERMISSIONS = ["project", "task", "comment", "report"]
  .flatMap((r) => [`projects.${r}.read`, `projects.${r}.write`]);

const TRANSLATIONS = { read: "projects.project.read", write: TRANSLATIONS_WRITE };

const pages = new Hono<AppEnv>()
  .route("/projects", projectsPages)
  .route("/tasks", tasksPages)
  .route("/comments", commentsPages)
  .route("/translations", translationsPages({ base: "/projects/translations", ...TRANSLATIONS }))
  .route("/", overviewPages);

export const projects: ModuleManifest = {
  name: "projects",
  labelKey: "module.projects",
  icon: "▣",
  permissions: PROJECT_PERMISSIONS,
  grants: { agent: ["projects.*"], member: ["projects.*"] },
  menu: entries("projects", [
    ["dashboard", "", "projects.project.read"],
    ["projects", "/projects", "projects.project.read"],
    ["tasks", "/tasks", "projects.task.read"],
    ["reports", "/reports", "projects.report.read"],
    ["notifications", "/notifications", "projects.project.read"],
    ["activityLog", "/activity", "projects.project.read"],
    ["translations", "/translations", "projects.project.read"],
  ]),
  api: projectsApi(),
  pages,
  jobs: projectJobs,
  // File bytes stream outside the request transaction (API and the task page's forms).
  streamingPaths: [
    UPLOAD_PATH,
    DOWNLOAD_PATH,
    /^\/projects\/tasks\/[^/]+\/attachments(\/[^/]+(\/delete)?)?$/,
  ],
};
