/**
 * The module's features, wired once: their API mounts, page mounts, system jobs, background
 * loops and event reactions. mod.ts turns this into the manifest; api.ts and pages.ts mount
 * from here. Each feature adds its lines in its own block.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Hono } from "hono";
import type { AppEnv, DomainEvent, Platform, SystemJob } from "../../shared/modules.ts";

// -- definitions
import { mountDefinitions } from "./definitions/definitions.handlers.ts";
import { mountDefinitionsPages } from "./definitions/definitions.pages.tsx";

// -- engine
import { startTimerSweep, workflowEngineJobs } from "./engine/engine.jobs.ts";
import { engineOnEvent } from "./engine/engine.events.ts";

// -- instances
import { mountInstances } from "./instances/instances.handlers.ts";
import { mountInstancePages } from "./instances/instances.pages.tsx";
import { mountCatalogPages } from "./instances/catalog.pages.tsx";
import { mountMigrationPages } from "./instances/migrations.pages.tsx";

// -- tasks
import { mountTasks } from "./tasks/tasks.handlers.ts";
import { taskRemindersJob } from "./tasks/tasks.reminders.ts";
import { mountTaskPages } from "./tasks/tasks.pages.tsx";

// -- delegations
import { mountDelegations } from "./delegations/delegations.handlers.ts";
import { mountDelegationPages } from "./delegations/delegations.pages.tsx";

// -- designer
import "./designer/assets.ts";
import { mountDesignerPages } from "./designer/designer.pages.tsx";

// -- dashboard
import { mountDashboard } from "./dashboard/dashboard.handlers.ts";
import { mountDashboardPages } from "./dashboard/dashboard.pages.tsx";
import { mountSearchPages } from "./search/search.pages.tsx";

// -- guide
import { mountGuidePages } from "./guide/guide.pages.tsx";

// -- audit
import { mountAudit } from "./audit/audit.handlers.ts";
import { mountAuditPages } from "./audit/audit.pages.tsx";

// -- globals
import { mountGlobals } from "./globals/globals.handlers.ts";
import { mountGlobalsPages } from "./globals/globals.pages.tsx";

// -- data
import { mountData } from "./data/data.handlers.ts";
import { mountDataPages } from "./data/data.pages.tsx";

// -- decisions
import { mountDecisions } from "./decisions/decisions.handlers.ts";
import { mountDecisionPages } from "./decisions/decisions.pages.tsx";

// -- forms
import "./forms/forms.assets.ts";
import { mountForms } from "./forms/forms.handlers.ts";
import { mountFormsPages } from "./forms/forms.pages.tsx";

// -- reports
import { mountReports } from "./reports/reports.handlers.ts";
import { mountReportPages } from "./reports/reports.pages.tsx";
import { mountReportStudioPages } from "./reports/reports.studio.pages.tsx";
import { reportArchiveJob } from "./reports/reports.archive.ts";

// -- queries
import { mountQueries } from "./queries/queries.handlers.ts";
import { mountQueryPages } from "./queries/queries.pages.tsx";

export const apiMounts: ((api: OpenAPIHono<AppEnv>) => void)[] = [
  // definitions
  mountDefinitions,
  // instances
  mountInstances,
  // tasks
  mountTasks,
  // delegations
  mountDelegations,
  // globals
  mountGlobals,
  // audit
  mountAudit,
  // dashboard
  mountDashboard,
  // data
  mountData,
  // decisions
  mountDecisions,
  // forms
  mountForms,
  // reports
  mountReports,
  // queries
  mountQueries,
];
export const pageMounts: ((app: Hono<AppEnv>) => void)[] = [
  // definitions
  mountDefinitionsPages,
  // designer
  mountDesignerPages,
  // instances
  mountInstancePages,
  mountCatalogPages,
  mountMigrationPages,
  mountSearchPages,
  // tasks
  mountTaskPages,
  // delegations
  mountDelegationPages,
  // globals
  mountGlobalsPages,
  // audit
  mountAuditPages,
  // guide
  mountGuidePages,
  // forms
  mountFormsPages,
  // decisions
  mountDecisionPages,
  // data
  mountDataPages,
  // reports
  mountReportPages,
  mountReportStudioPages,
  // queries
  mountQueryPages,
  // The dashboard answers the module's root path: last.
  // dashboard
  mountDashboardPages,
];
export const workflowJobs: SystemJob[] = [
  // tasks
  taskRemindersJob,
  // engine
  ...workflowEngineJobs,
  // reports
  reportArchiveJob,
];

/** Loops on every instance that runs jobs (timer sweep); returns a stop function. */
export function workflowBackground(platform: Platform): () => Promise<void> {
  // engine
  return startTimerSweep(platform.db, platform.bus);
}

/** Domain events of any module that start processes (message start events mapped to events). */
export async function workflowOnEvent(event: DomainEvent): Promise<void> {
  // engine
  await engineOnEvent(event);
}
