/**
 * The module's features, wired once: their API mounts, page mounts, system jobs and event
 * reactions. mod.ts turns this into the manifest; api.ts and pages.ts mount from here. Each
 * feature adds its lines in its own block.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Hono } from "hono";
import type { AppEnv, DomainEvent, SystemJob } from "../../shared/modules.ts";

// -- tables
import { mountTables } from "./tables/tables.handlers.ts";
import { mountRelations } from "./tables/relations.ts";
import { mountModellingPages } from "./tables/modelling.pages.tsx";

export const apiMounts: ((api: OpenAPIHono<AppEnv>) => void)[] = [];
export const pageMounts: ((app: Hono<AppEnv>) => void)[] = [];
export const analyticsJobs: SystemJob[] = [];
/** Reactions to any module's domain events (live refresh of dashboards over built-in datasets). */
export const eventHandlers: ((event: DomainEvent) => Promise<void>)[] = [];

export async function analyticsOnEvent(event: DomainEvent): Promise<void> {
  for (const handle of eventHandlers) await handle(event);
}

// -- apps
import { mountApps } from "./apps/apps.handlers.ts";
import { mountAppPages } from "./apps/apps.pages.tsx";
apiMounts.push(mountApps);
pageMounts.push(mountAppPages);
// -- end apps

// -- tables
apiMounts.push(mountTables, mountRelations);
pageMounts.push(mountModellingPages);
// -- end tables

// -- dashboard
import { mountWidgets, WIDGET_STREAM_PATHS } from "./dashboard/widgets.handlers.ts";
import { publishDatasetChanges } from "./dashboard/widgets.live.ts";
import { mountDashboardPages } from "./dashboard/dashboard.pages.tsx";
apiMounts.push(mountWidgets);
pageMounts.push(mountDashboardPages);
eventHandlers.push(publishDatasetChanges);
/** Paths without a request-wide transaction (live streams); mod.ts passes them on. */
export const analyticsStreamingPaths: RegExp[] = [...WIDGET_STREAM_PATHS];
// -- end dashboard

// -- query
import { mountQuery } from "./query/query.handlers.ts";
import { mountExplorePages } from "./explore/explore.pages.tsx";
apiMounts.push(mountQuery);
pageMounts.push(mountExplorePages);
// -- end query

// -- sources
import { mountSources } from "./sources/sources.handlers.ts";
import { mountSourcesPages } from "./sources/sources.pages.tsx";
apiMounts.push(mountSources);
pageMounts.push(mountSourcesPages);
// -- end sources
