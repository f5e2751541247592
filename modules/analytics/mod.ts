import { entries } from "../../platform/placeholder/public.tsx";
import type { ModuleManifest } from "../../shared/modules.ts";
import { analyticsApi } from "./api.ts";
import { analyticsPages } from "./pages.ts";
import { analyticsJobs, analyticsOnEvent, analyticsStreamingPaths } from "./features.ts";
import { initSources } from "./sources/sources.config.ts";

export const ANALYTICS_PERMISSIONS = ["app", "sheet", "model", "query", "source"]
  .flatMap((r) => [`analytics.${r}.read`, `analytics.${r}.write`]);

export const analytics: ModuleManifest = {
  name: "analytics",
  labelKey: "module.analytics",
  icon: "chart-column",
  permissions: ANALYTICS_PERMISSIONS,
  // Everyone may open the applications shared with them (per-application access decides the
  // rest); building queries, tables and sources is for admins.
  grants: {
    agent: ["analytics.app.read", "analytics.sheet.read", "analytics.query.read"],
    member: ["analytics.app.read", "analytics.sheet.read", "analytics.query.read"],
    viewer: ["analytics.app.read", "analytics.sheet.read"],
  },
  menu: entries("analytics", [
    ["applications", "/apps", "analytics.app.read"],
    ["analyticsExplore", "/explore", "analytics.query.read"],
    ["dataModelling", "/modelling", "analytics.model.write", "admin"],
    ["dataSources", "/sources", "analytics.source.write", "admin"],
  ]),
  api: analyticsApi(),
  pages: analyticsPages(),
  jobs: analyticsJobs,
  onEvent: analyticsOnEvent,
  streamingPaths: analyticsStreamingPaths,
  init: initSources,
};
