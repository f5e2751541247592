import { createRouter } from "../../shared/http/router.ts";
import { translationsApi } from "../../platform/translations/public.ts";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";
import { mountProjects } from "./projects/projects.handlers.ts";
import { mountStatuses } from "./statuses/statuses.handlers.ts";
import { mountTasks } from "./tasks/tasks.handlers.ts";
import { mountAttachments } from "./attachments/attachments.handlers.ts";
import { mountComments } from "./comments/comments.handlers.ts";
import { mountReports } from "./reports/reports.handlers.ts";
import { mountFeed } from "./feed/feed.handlers.ts";

/** /api/projects: every route declared with createRoute (the translations API last). */
export function projectsApi() {
  const api = createRouter();
  for (
    const mount of [
      mountProjects,
      mountStatuses,
      mountTasks,
      mountAttachments,
      mountComments,
      mountReports,
      mountFeed,
    ]
  ) mount(api);
  api.route(
    "/",
    translationsApi("projects", { read: "projects.project.read", write: TRANSLATIONS_WRITE }),
  );
  return api;
}
