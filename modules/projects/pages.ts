import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";
import { translationsPages } from "../../platform/translations/public.ts";
import { mountProjectPages } from "./projects/projects.pages.tsx";
import { mountTaskPages } from "./tasks/tasks.pages.tsx";
import { mountOverviewPages } from "./reports/reports.pages.tsx";

/** The module's pages, mounted at /projects (the overview at the root goes last). */
export function projectsPages() {
  const app = new Hono<AppEnv>();
  mountProjectPages(app);
  mountTaskPages(app);
  app.route(
    "/translations",
    translationsPages({
      base: "/projects/translations",
      read: "projects.project.read",
      write: TRANSLATIONS_WRITE,
    }),
  );
  mountOverviewPages(app);
  return app;
}
