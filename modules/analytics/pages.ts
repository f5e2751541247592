import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { pageMounts } from "./features.ts";

/** The module's pages, mounted at /analytics. */
export function analyticsPages() {
  const app = new Hono<AppEnv>();
  for (const mount of pageMounts) mount(app);
  return app;
}
