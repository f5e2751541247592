import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { pageMounts } from "./features.ts";

/** The module's pages, mounted at /automation. */
export function automationPages() {
  const app = new Hono<AppEnv>();
  for (const mount of pageMounts) mount(app);
  // Translations are one page under administration; old links and bookmarks land there.
  app.get("/translations", (c) => c.redirect("/admin/translations?module=automation", 302));
  app.get("/translations/*", (c) => c.redirect("/admin/translations?module=automation", 302));
  return app;
}
