import type { ModuleManifest, Platform } from "../../shared/modules.ts";
import { entries } from "../../shared/modules.ts";
import { apiRouter, pageRouter } from "../../shared/http/router.ts";
import { workflowEvents } from "./events.ts";
// definitions
import { mountDefinitions } from "./definitions/definitions.handlers.ts";
import { mountDefinitionsPages } from "./definitions/definitions.pages.tsx";
// engine
import { startTimerSweep, workflowEngineJobs } from "./engine/engine.jobs.service.ts";
import { engineOnEvent } from "./engine/engine.events.service.ts";
// instances
import { mountInstances } from "./instances/instances.handlers.ts";
import { mountInstancePages } from "./instances/instances.pages.tsx";
import { mountCatalogPages } from "./instances/catalog.pages.tsx";
import { mountMigrationPages } from "./instances/migrations.pages.tsx";
import { mountModification } from "./instances/modification.handlers.ts";
// batches
import { mountBatches } from "./batches/batches.handlers.ts";
import { mountBatchPages } from "./batches/batches.pages.tsx";
import { batchJobs } from "./batches/batches.run.service.ts";
// messages and signals
import { mountMessages } from "./messages/messages.handlers.ts";
// tasks
import { mountTasks } from "./tasks/tasks.handlers.ts";
import { taskRemindersJob } from "./tasks/tasks.reminders.service.ts";
import { mountTaskPages } from "./tasks/tasks.pages.tsx";
import { TASK_FILE_PATHS } from "./tasks/tasks.attachments.routes.ts";
// delegations
import { mountDelegations } from "./delegations/delegations.handlers.ts";
import { mountDelegationPages } from "./delegations/delegations.pages.tsx";
// designer
import { registerDesignerAssets } from "./designer/designer.assets.lib.ts";
import { mountDesignerPages } from "./designer/designer.pages.tsx";
// dashboard, search
import { mountDashboard } from "./dashboard/dashboard.handlers.ts";
import { mountDashboardPages } from "./dashboard/dashboard.pages.tsx";
import { mountSearchPages } from "./search/search.pages.tsx";
import { searchWorkflow } from "./search/search.service.ts";
// guide
import { mountGuidePages } from "./guide/guide.pages.tsx";
// audit
import { mountAudit } from "./audit/audit.handlers.ts";
import { mountAuditPages } from "./audit/audit.pages.tsx";
// globals
import { mountGlobals } from "./globals/globals.handlers.ts";
import { mountGlobalsPages } from "./globals/globals.pages.tsx";
// data
import { mountData } from "./data/data.handlers.ts";
import { mountDataPages } from "./data/data.pages.tsx";
// decisions
import { registerDecisionAssets } from "./decisions/decisions.assets.lib.ts";
import { mountDecisions } from "./decisions/decisions.handlers.ts";
import { mountDecisionPages } from "./decisions/decisions.pages.tsx";
// forms
import { registerFormAssets } from "./forms/forms.assets.lib.ts";
import { mountForms } from "./forms/forms.handlers.ts";
import { mountFormsPages } from "./forms/forms.pages.tsx";
// reports
import { mountReports } from "./reports/reports.handlers.ts";
import { mountReportPages } from "./reports/reports.pages.tsx";
import { mountReportStudioPages } from "./reports/reports.studio.pages.tsx";
import { reportArchiveJob } from "./reports/reports.archive.service.ts";
// queries
import { mountQueries } from "./queries/queries.handlers.ts";
// external task workers
import { mountExternalTasks } from "./external/external.handlers.ts";
import { EXTERNAL_FETCH_PATHS } from "./external/external.routes.ts";
import { mountQueryPages } from "./queries/queries.pages.tsx";
// settings and history cleanup; saved task filters
import { mountCleanup } from "./cleanup/cleanup.handlers.ts";
import { mountCleanupPages } from "./cleanup/cleanup.pages.tsx";
import { historyCleanupJob } from "./cleanup/cleanup.service.ts";
import { mountFilters } from "./filters/filters.handlers.ts";
import { mountFilterPages } from "./filters/filters.pages.tsx";

// Browser files: the designer's bundles are built when missing or stale (the server answers
// only once they exist), the decision editor's patched modeler is written, the form files listed.
await registerDesignerAssets();
registerFormAssets();
await registerDecisionAssets();

export const WORKFLOW_PERMISSIONS = ["process", "task", "definition", "report", "data", "audit"]
  .flatMap((r) => [`workflow.${r}.read`, `workflow.${r}.write`])
  // External task workers (API tokens of service accounts); owners and admins hold it.
  .concat(["workflow.external.work"])
  // Sharing saved task filters (and changing shared ones); owners and admins hold it.
  .concat(["workflow.filter.write"]);

export const workflow: ModuleManifest = {
  name: "workflow",
  labelKey: "module.workflow",
  icon: "workflow",
  permissions: WORKFLOW_PERMISSIONS,
  // Staff start processes, work their tasks and read the reports shared with their role;
  // designing, deploying and building reports is for admins.
  grants: {
    agent: [
      "workflow.process.read",
      "workflow.process.write",
      "workflow.task.read",
      "workflow.task.write",
      "workflow.report.read",
    ],
    member: [
      "workflow.process.read",
      "workflow.process.write",
      "workflow.task.read",
      "workflow.task.write",
      "workflow.report.read",
    ],
  },
  events: workflowEvents,
  menu: entries("workflow", [
    ["dashboard", "", "workflow.process.read"],
    ["allProcesses", "/processes", "workflow.process.read"],
    ["myProcesses", "/my-processes", "workflow.process.read"],
    ["myTasks", "/my-tasks", "workflow.task.read"],
    ["taskPool", "/task-pool", "workflow.task.read"],
    // Every task of the tenant: for supervisors (owners and admins by default).
    ["allTasks", "/tasks", "workflow.definition.write"],
    ["processCatalog", "/catalog", "workflow.process.read"],
    ["delegations", "/delegations", "workflow.task.read"],
    ["reportCatalog", "/reports", "workflow.report.read"],
    ["search", "/search", "workflow.process.read"],
    ["definitions", "/admin/definitions", "workflow.definition.write", "admin"],
    ["designer", "/admin/designer", "workflow.definition.write", "admin"],
    ["forms", "/admin/forms", "workflow.definition.write", "admin"],
    ["decisionTables", "/admin/decisions", "workflow.definition.write", "admin"],
    ["dataModels", "/admin/data-models", "workflow.data.write", "admin"],
    ["dataQueries", "/admin/data-queries", "workflow.data.write", "admin"],
    ["globalVariables", "/admin/variables", "workflow.data.write", "admin"],
    ["reportStudio", "/admin/reports", "workflow.report.write", "admin"],
    ["processMigrations", "/admin/migrations", "workflow.definition.write", "admin"],
    ["workflowBatches", "/admin/batches", "workflow.definition.write", "admin"],
    ["scriptGuide", "/admin/script-guide", "workflow.definition.write", "admin"],
    ["auditMonitor", "/admin/audit", "workflow.definition.write", "admin"],
    ["settings", "/admin/settings", "workflow.definition.write", "admin"],
  ]),
  api: apiRouter([
    mountDefinitions,
    mountInstances,
    mountMessages,
    mountModification,
    mountBatches,
    mountTasks,
    mountDelegations,
    mountGlobals,
    mountAudit,
    mountDashboard,
    mountData,
    mountDecisions,
    mountForms,
    mountReports,
    mountQueries,
    mountCleanup,
    mountFilters,
    mountExternalTasks,
  ]),
  pages: pageRouter([
    mountDefinitionsPages,
    mountDesignerPages,
    mountInstancePages,
    mountCatalogPages,
    mountMigrationPages,
    mountBatchPages,
    mountSearchPages,
    mountTaskPages,
    mountDelegationPages,
    mountGlobalsPages,
    mountAuditPages,
    mountGuidePages,
    mountFormsPages,
    mountDecisionPages,
    mountDataPages,
    mountReportPages,
    mountReportStudioPages,
    mountQueryPages,
    mountCleanupPages,
    mountFilterPages,
    // The dashboard answers the module's root path: last.
    mountDashboardPages,
  ]),
  jobs: [
    taskRemindersJob,
    ...workflowEngineJobs,
    reportArchiveJob,
    ...batchJobs,
    historyCleanupJob,
  ],
  // Loops on every instance that runs jobs (the timer sweep); returns a stop function.
  background: (platform: Platform) => startTimerSweep(platform.db, platform.bus),
  // Domain events of any module that start processes (message start events mapped to events).
  onEvent: engineOnEvent,
  search: searchWorkflow,
  // Task attachments stream into Documents: no request-wide transaction, no global body limit.
  // fetch-and-lock long-polls: no request-wide transaction either.
  streamingPaths: [...TASK_FILE_PATHS, ...EXTERNAL_FETCH_PATHS],
};
