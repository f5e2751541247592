import { entries } from "../../platform/placeholder/public.tsx";
import type { ModuleManifest } from "../../shared/modules.ts";
import { workflowApi } from "./api.ts";
import { workflowPages } from "./pages.ts";
import { workflowEvents } from "./events.ts";
import { workflowBackground, workflowJobs, workflowOnEvent } from "./features.ts";
import { searchWorkflow } from "./search/search.service.ts";
import { TASK_FILE_PATHS } from "./tasks/tasks.attachments.ts";

export const WORKFLOW_PERMISSIONS = ["process", "task", "definition", "report", "data", "audit"]
  .flatMap((r) => [`workflow.${r}.read`, `workflow.${r}.write`]);

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
    ["scriptGuide", "/admin/script-guide", "workflow.definition.write", "admin"],
    ["auditMonitor", "/admin/audit", "workflow.definition.write", "admin"],
  ]),
  api: workflowApi(),
  pages: workflowPages(),
  jobs: workflowJobs,
  background: workflowBackground,
  onEvent: workflowOnEvent,
  search: searchWorkflow,
  // Task attachments stream into Documents: no request-wide transaction, no global body limit.
  streamingPaths: TASK_FILE_PATHS,
};
