import { registerAsset } from "../../ui/assets.ts";
import { entries, type ModuleManifest } from "../../shared/modules.ts";
import { apiRouter, pageRouter } from "../../shared/http/router.ts";
import { mountTranslations } from "../../platform/translations/public.ts";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";
import { mountProjects } from "./projects/projects.handlers.ts";
import { mountStatuses } from "./statuses/statuses.handlers.ts";
import { mountTasks } from "./tasks/tasks.handlers.ts";
import { mountAttachments } from "./attachments/attachments.handlers.ts";
import { mountComments } from "./comments/comments.handlers.ts";
import { mountReports } from "./reports/reports.handlers.ts";
import { mountFeed } from "./feed/feed.handlers.ts";
import { mountProjectPages } from "./projects/projects.pages.tsx";
import { mountTaskPages } from "./tasks/tasks.pages.tsx";
import { mountFeedPages } from "./feed/feed.pages.tsx";
import { mountOverviewPages } from "./reports/reports.pages.tsx";
import { projectJobs } from "./notices/due.service.ts";
import { projectsEvents } from "./events.ts";
import { searchProjects } from "./search/search.service.ts";
import { DOWNLOAD_PATH, UPLOAD_PATH } from "./attachments/attachments.routes.ts";
import { projectsHome } from "./home/home.pages.tsx";
import "./common/common.messages.ts";
import "./projects/projects.messages.ts";
import "./tasks/tasks.messages.ts";
import "./feed/feed.messages.ts";
import "./reports/reports.messages.ts";
import "./notices/notices.messages.ts";
import "./home/home.messages.ts";

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
  // /api/projects: every route declared with createRoute (the translations API last).
  api: apiRouter([
    mountProjects,
    mountStatuses,
    mountTasks,
    mountAttachments,
    mountComments,
    mountReports,
    mountFeed,
    mountTranslations("projects", { read: "projects.project.read", write: TRANSLATIONS_WRITE }),
  ]),
  // The module's pages, mounted at /projects (the overview at the root goes last).
  pages: pageRouter([
    mountProjectPages,
    mountTaskPages,
    mountFeedPages,
    // Translations are one page under administration now; old links and bookmarks land there.
    (app) => {
      app.get("/translations", (c) => c.redirect("/admin/translations", 302));
      app.get("/translations/*", (c) => c.redirect("/admin/translations", 302));
    },
    mountOverviewPages,
  ]),
  jobs: projectJobs,
  // File bytes stream outside the request transaction (API and the task page's forms).
  streamingPaths: [
    UPLOAD_PATH,
    DOWNLOAD_PATH,
    /^\/projects\/tasks\/[^/]+\/attachments(\/[^/]+(\/delete)?)?$/,
  ],
};
