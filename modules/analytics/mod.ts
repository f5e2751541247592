import type { ModuleManifest } from "../../shared/modules.ts";
import { entries } from "../../shared/modules.ts";
import { apiRouter, pageRouter } from "../../shared/http/router.ts";
import { registerAsset } from "../../ui/assets.ts";
import { analyticsEvents } from "./events.ts";
import "./common/common.messages.ts";
import "./apps/apps.messages.ts";
import "./dashboard/dashboard.messages.ts";
import "./filters/filters.messages.ts";
import "./dashboard/builder.messages.ts";
import "./explore/explore.messages.ts";
import "./query/query.messages.ts";
import "./sources/sources.messages.ts";
import "./tables/tables.messages.ts";
import "./questions/questions.messages.ts";
import { mountQuestions } from "./questions/questions.handlers.ts";
import { mountQuestionPages } from "./questions/questions.pages.tsx";
import "./alerts/alerts.messages.ts";
import "./subscriptions/subscriptions.messages.ts";
import "./sharing/sharing.messages.ts";
import { mountSharing } from "./sharing/sharing.handlers.ts";
import { mountSharingPages } from "./sharing/sharing.pages.tsx";
import { PUBLIC_SHARING_PATHS, publicSharingPages } from "./sharing/public.pages.tsx";
import { mountSubscriptions } from "./subscriptions/subscriptions.handlers.ts";
import { mountSubscriptionPages } from "./subscriptions/subscriptions.pages.tsx";
import {
  startSubscriptionTicker,
  subscriptionSendJob,
} from "./subscriptions/subscriptions.send.service.ts";
import { mountAlerts } from "./alerts/alerts.handlers.ts";
import { mountAlertPages } from "./alerts/alerts.pages.tsx";
import { alertJobs } from "./alerts/alerts.jobs.service.ts";
import { useAlertsOrigin } from "./alerts/alerts.lib.ts";
import { mountApps } from "./apps/apps.handlers.ts";
import { mountAppPages } from "./apps/apps.pages.tsx";
import { mountTables } from "./tables/tables.handlers.ts";
import { mountRelations } from "./tables/relations.handlers.ts";
import { mountModellingPages } from "./tables/modelling.pages.tsx";
import { mountWidgets, WIDGET_STREAM_PATHS } from "./dashboard/widgets.handlers.ts";
import { publishDatasetChanges } from "./dashboard/widgets.live.service.ts";
import { mountCache } from "./cache/cache.handlers.ts";
import { mountCachePages } from "./cache/cache.pages.tsx";
import { cacheSweepJob, invalidateByEvent } from "./cache/cache.service.ts";
import "./cache/cache.messages.ts";
import { mountDashboardPages } from "./dashboard/dashboard.pages.tsx";
import { mountSheetFilters } from "./filters/filters.handlers.ts";
import { mountFilterPages } from "./filters/filters.pages.tsx";
import { mountBuilderPages } from "./dashboard/builder.pages.tsx";
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
registerAsset("analytics-builder.js", new URL("./dashboard/client/builder.js", import.meta.url));
registerAsset("analytics-builder.css", new URL("./dashboard/client/builder.css", import.meta.url));
registerAsset("analytics-filters.js", new URL("./filters/client/filters.js", import.meta.url));
registerAsset("analytics-filters.css", new URL("./filters/client/filters.css", import.meta.url));
registerAsset("analytics-sheets.js", new URL("./apps/client/sheets.js", import.meta.url));
registerAsset(
  "analytics-dashboard.css",
  new URL("./dashboard/client/dashboard.css", import.meta.url),
);
registerAsset("prism-sql.js", pkg("prismjs/components/prism-sql.js"));
registerAsset(
  "analytics-questions.js",
  new URL("./questions/client/questions.js", import.meta.url),
);
registerAsset(
  "analytics-questions.css",
  new URL("./questions/client/questions.css", import.meta.url),
);
registerAsset("analytics-sharing.js", new URL("./sharing/client/sharing.js", import.meta.url));
registerAsset("analytics-sharing.css", new URL("./sharing/client/sharing.css", import.meta.url));

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
    ["analyticsQuestions", "/questions", "analytics.query.read"],
    ["analyticsAlerts", "/alerts", "analytics.app.read"],
    ["dataModelling", "/modelling", "analytics.model.write", "admin"],
    ["dataSources", "/sources", "analytics.source.write", "admin"],
  ]),
  // /api/analytics: every route declared with createRoute, in this order.
  api: apiRouter([
    mountApps,
    mountTables,
    mountRelations,
    mountWidgets,
    mountCache,
    mountSheetFilters,
    mountQuery,
    mountQuestions,
    mountSources,
    mountAlerts,
    mountSubscriptions,
    mountSharing,
  ]),
  // /analytics
  pages: pageRouter([
    mountAppPages,
    mountModellingPages,
    mountSubscriptionPages,
    mountDashboardPages,
    mountCachePages,
    mountFilterPages,
    mountBuilderPages,
    mountExplorePages,
    mountQuestionPages,
    mountSourcesPages,
    mountAlertPages,
    mountSharingPages,
  ]),
  // Public links (/p/analytics/…) and signed embeds (/embed/analytics): no session, the token
  // is the credential; found by its hash (or its key id) through narrow definer functions.
  rootPages: publicSharingPages(),
  publicPaths: PUBLIC_SHARING_PATHS,
  // A public link's password is hashed before the request's transaction opens.
  passwordRoutes: [
    { path: /^\/api\/analytics\/sheets\/[^/]+\/public-links$/, spare: false },
    { path: /^\/analytics\/sheets\/[^/]+\/share\/links$/, spare: false },
  ],
  jobs: [...alertJobs, subscriptionSendJob, cacheSweepJob],
  // Subscriptions' schedules fire from every instance that runs jobs (each occurrence once).
  background: (p) => startSubscriptionTicker({ sql: p.db.sql, bus: p.bus }),
  events: analyticsEvents,
  // Live refresh of dashboards over built-in datasets after any module's domain event.
  // The result cache's versions first, in the same transaction: a browser that reloads on the
  // live refresh already reads past the cache.
  onEvent: async (event) => {
    await invalidateByEvent({ sql: event.sql, bus: event.bus }, event);
    await publishDatasetChanges({ sql: event.sql, bus: event.bus }, event);
  },
  // Paths without a request-wide transaction (live streams).
  streamingPaths: [...WIDGET_STREAM_PATHS],
  init: (platform) => {
    useAlertsOrigin(platform.config.PUBLIC_URL);
    return initSources(platform);
  },
};
