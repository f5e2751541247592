import { registerAsset } from "../../ui/assets.ts";
import { entries, type ModuleManifest } from "../../shared/modules.ts";
import { apiRouter, pageRouter } from "../../shared/http/router.ts";
import { mountTranslations } from "../../platform/translations/public.ts";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";
import { mountProjects } from "./projects/projects.handlers.ts";
import { mountStatuses } from "./statuses/statuses.handlers.ts";
import { mountTasks } from "./tasks/tasks.handlers.ts";
import { mountBulk } from "./bulk/bulk.handlers.ts";
import { mountAssignees } from "./assignees/assignees.handlers.ts";
import { mountImport } from "./import/import.handlers.ts";
import { mountBulkPages } from "./bulk/bulk.pages.tsx";
import { mountAssigneePages } from "./assignees/assignees.pages.tsx";
import { mountImportPages } from "./import/import.pages.tsx";
import { IMPORT_API_PATH, IMPORT_PAGE_PATH } from "./import/import.routes.ts";
import { mountAttachments } from "./attachments/attachments.handlers.ts";
import { mountComments } from "./comments/comments.handlers.ts";
import { mountReports } from "./reports/reports.handlers.ts";
import { mountFeed } from "./feed/feed.handlers.ts";
import { mountFields } from "./fields/fields.handlers.ts";
import { mountFieldPages } from "./fields/fields.pages.tsx";
import { mountCycles } from "./cycles/cycles.handlers.ts";
import { mountTime } from "./time/time.handlers.ts";
import { mountCyclePages } from "./cycles/cycles.pages.tsx";
import { mountTimePages } from "./time/time.pages.tsx";
import { mountTimeline } from "./timeline/timeline.handlers.ts";
import { mountMilestones } from "./milestones/milestones.handlers.ts";
import { mountTimelinePages } from "./timeline/timeline.pages.tsx";
import { mountMilestonePages } from "./milestones/milestones.pages.tsx";
import { mountViews } from "./views/views.handlers.ts";
import { mountViewPages } from "./views/views.pages.tsx";
import { mountCalendar } from "./calendar/calendar.handlers.ts";
import { mountCalendarPages } from "./calendar/calendar.pages.tsx";
import { mountIcal } from "./ical/ical.handlers.ts";
import { mountIcalPages } from "./ical/ical.pages.tsx";
import { FEED_PATH } from "./ical/ical.lib.ts";
import { mountProjectPages } from "./projects/projects.pages.tsx";
import { mountTaskPages } from "./tasks/tasks.pages.tsx";
import { mountFeedPages } from "./feed/feed.pages.tsx";
import { mountOverviewPages } from "./reports/reports.pages.tsx";
import { projectJobs } from "./notices/due.service.ts";
import { recurrenceJobs } from "./recurrence/recurrence.job.service.ts";
import { mountRecurrence } from "./recurrence/recurrence.handlers.ts";
import { mountRecurrencePages } from "./recurrence/recurrence.pages.tsx";
import { mountTemplates } from "./templates/templates.handlers.ts";
import { mountTemplatePages } from "./templates/templates.pages.tsx";
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
import "./views/views.messages.ts";
import "./calendar/calendar.messages.ts";
import "./ical/ical.messages.ts";
import "./fields/fields.messages.ts";
import "./cycles/cycles.messages.ts";
import "./time/time.messages.ts";
import "./assignees/assignees.messages.ts";
import "./bulk/bulk.messages.ts";
import "./import/import.messages.ts";
import "./timeline/timeline.messages.ts";
import "./milestones/milestones.messages.ts";
import "./recurrence/recurrence.messages.ts";
import "./templates/templates.messages.ts";

const asset = (name: string) => new URL(`./assets/${name}`, import.meta.url);
registerAsset("projects.css", asset("projects.css"));
registerAsset("projects-board.js", asset("projects-board.js"));
registerAsset("projects-task.js", asset("projects-task.js"));
registerAsset("projects-fields.css", asset("projects-fields.css"));
registerAsset("projects-time.css", asset("projects-time.css"));
registerAsset("projects-calendar.js", asset("projects-calendar.js"));
registerAsset("projects-calendar.css", asset("projects-calendar.css"));
registerAsset("projects-timeline.js", asset("projects-timeline.js"));
registerAsset("projects-timeline.css", asset("projects-timeline.css"));
registerAsset(
  "frappe-gantt.umd.js",
  new URL("../../node_modules/frappe-gantt/dist/frappe-gantt.umd.js", import.meta.url),
);
registerAsset(
  "frappe-gantt.css",
  new URL("../../node_modules/frappe-gantt/dist/frappe-gantt.css", import.meta.url),
);

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
    ["projectTemplates", "/templates", "projects.project.read"],
    ["reports", "/reports", "projects.report.read"],
    ["timesheet", "/time", "projects.task.read"],
    ["calendarFeed", "/calendar-feed", "projects.task.read"],
    ["notifications", "/notifications", "projects.project.read"],
    ["activityLog", "/activity", "projects.project.read"],
  ]),
  home: projectsHome,
  // /api/projects: every route declared with createRoute (the translations API last).
  api: apiRouter([
    mountProjects,
    mountStatuses,
    mountBulk,
    mountTasks,
    mountAssignees,
    mountImport,
    mountAttachments,
    mountComments,
    mountReports,
    mountFeed,
    mountViews,
    mountCalendar,
    mountIcal,
    mountFields,
    mountCycles,
    mountTime,
    mountTimeline,
    mountMilestones,
    mountRecurrence,
    mountTemplates,
    mountTranslations("projects", { read: "projects.project.read", write: TRANSLATIONS_WRITE }),
  ]),
  // The module's pages, mounted at /projects (the overview at the root goes last).
  pages: pageRouter([
    mountCyclePages,
    mountTimePages,
    mountTimelinePages,
    mountMilestonePages,
    mountImportPages,
    mountBulkPages,
    mountAssigneePages,
    mountRecurrencePages,
    mountTemplatePages,
    mountViewPages,
    mountCalendarPages,
    mountIcalPages,
    mountFieldPages,
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
  jobs: [...projectJobs, ...recurrenceJobs],
  // The personal calendar feed: its secret token is the credential (no session).
  publicPaths: [FEED_PATH],
  // File bytes stream outside the request transaction (API and the task page's forms).
  streamingPaths: [
    UPLOAD_PATH,
    DOWNLOAD_PATH,
    IMPORT_API_PATH,
    IMPORT_PAGE_PATH,
    /^\/projects\/tasks\/[^/]+\/attachments(\/[^/]+(\/delete)?)?$/,
  ],
};
