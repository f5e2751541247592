import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { mountProjectPages } from "./projects/projects.pages.tsx";
import { mountTaskPages } from "./tasks/tasks.pages.tsx";
import { mountFeedPages } from "./feed/feed.pages.tsx";
import { mountOverviewPages } from "./reports/reports.pages.tsx";

/** The module's pages, mounted at /projects (the overview at the root goes last). */
export function projectsPages() {
  const app = new Hono<AppEnv>();
  mountProjectPages(app);
  mountTaskPages(app);
  mountFeedPages(app);
  // Translations are one page under administration now; old links and bookmarks land there.
  app.get("/translations", (c) => c.redirect("/admin/translations", 302));
  app.get("/translations/*", (c) => c.redirect("/admin/translations", 302));
  mountOverviewPages(app);
  return app;
}
