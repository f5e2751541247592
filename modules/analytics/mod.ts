import type { ModuleManifest } from "../../shared/modules.ts";
import { entries } from "../../shared/modules.ts";
import { apiRouter, pageRouter } from "../../shared/http/router.ts";
import { registerAsset } from "../../ui/assets.ts";
import { analyticsEvents } from "./events.ts";
import "./common/common.messages.ts";
import "./apps/apps.messages.ts";
import "./dashboard/dashboard.messages.ts";
import "./explore/explore.messages.ts";
import "./query/query.messages.ts";
import "./sources/sources.messages.ts";
import "./tables/tables.messages.ts";
import { mountApps } from "./apps/apps.handlers.ts";
import { mountAppPages } from "./apps/apps.pages.tsx";
import { mountTables } from "./tables/tables.handlers.ts";
import { mountRelations } from "./tables/relations.handlers.ts";
import { mountModellingPages } from "./tables/modelling.pages.tsx";
import { mountWidgets, WIDGET_STREAM_PATHS } from "./dashboard/widgets.handlers.ts";
import { publishDatasetChanges } from "./dashboard/widgets.live.service.ts";
import { mountDashboardPages } from "./dashboard/dashboard.pages.tsx";
import { mountQuery } from "./query/query.handlers.ts";
import { mountExplorePages } from "./explore/explore.pages.tsx";
import { mountSources } from "./sources/sources.handlers.ts";
import { mountSourcesPages } from "./sources/sources.pages.tsx";
import { initSources } from "./sources/sources.config.lib.ts";

export const ANALYTICS_PERMISSIONS = ["app", "sheet", "model", "query", "source"]
  .flatMap((r) => [`analytics.${r}.read`, `analytics.${r}.write`]);

// The dashboard's browser files: gridstack from its package, our script and styles.
const pkg = (path: string) => new URL(`../../node_modules/${path}`, import.meta.url);
registerAsset("gridstack-all.js", pkg("gridstack/dist/gridstack-all.js"));
registerAsset("gridstack.min.css", pkg("gridstack/dist/gridstack.min.css"));
registerAsset(
  "analytics-dashboard.js",
  new URL("./dashboard/client/dashboard.js", import.meta.url),
);
registerAsset(
  "analytics-dashboard.css",
  new URL("./dashboard/client/dashboard.css", import.meta.url),
);

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
  // /api/analytics: every route declared with createRoute, in this order.
  api: apiRouter([mountApps, mountTables, mountRelations, mountWidgets, mountQuery, mountSources]),
  // /analytics
  pages: pageRouter([
    mountAppPages,
    mountModellingPages,
    mountDashboardPages,
    mountExplorePages,
    mountSourcesPages,
  ]),
  jobs: [],
  events: analyticsEvents,
  // Live refresh of dashboards over built-in datasets after any module's domain event.
  onEvent: (event) => publishDatasetChanges({ sql: event.sql, bus: event.bus }, event),
  // Paths without a request-wide transaction (live streams).
  streamingPaths: [...WIDGET_STREAM_PATHS],
  init: initSources,
};
