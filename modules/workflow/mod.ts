import { entries } from "../../platform/placeholder/public.tsx";
import type { ModuleManifest } from "../../shared/modules.ts";
import { workflowApi } from "./api.ts";
import { workflowPages } from "./pages.ts";
import { workflowEvents } from "./events.ts";
import { workflowBackground, workflowJobs, workflowOnEvent } from "./features.ts";

export const WORKFLOW_PERMISSIONS = ["process", "task", "definition", "report", "data", "audit"]
  .flatMap((r) => [`workflow.${r}.read`, `workflow.${r}.write`]);

export const workflow: ModuleManifest = {
  name: "workflow",
  labelKey: "module.workflow",
  icon: "workflow",
  permissions: WORKFLOW_PERMISSIONS,
  // Staff start processes and work their tasks; designing and deploying is for admins.
  grants: {
    agent: [
      "workflow.process.read",
      "workflow.process.write",
      "workflow.task.read",
      "workflow.task.write",
    ],
    member: [
      "workflow.process.read",
      "workflow.process.write",
      "workflow.task.read",
      "workflow.task.write",
    ],
  },
  events: workflowEvents,
  menu: entries("workflow", [
    ["dashboard", "", "workflow.process.read"],
    ["allProcesses", "/processes", "workflow.process.read"],
    ["myProcesses", "/my-processes", "workflow.process.read"],
    ["myTasks", "/my-tasks", "workflow.task.read"],
    ["taskPool", "/task-pool", "workflow.task.read"],
    ["allTasks", "/tasks", "workflow.task.read"],
    ["processCatalog", "/catalog", "workflow.process.read"],
    ["delegations", "/delegations", "workflow.task.read"],
    ["search", "/search", "workflow.process.read"],
    ["definitions", "/admin/definitions", "workflow.definition.write", "admin"],
    ["designer", "/admin/designer", "workflow.definition.write", "admin"],
  ]),
  api: workflowApi(),
  pages: workflowPages(),
  jobs: workflowJobs,
  background: workflowBackground,
  onEvent: workflowOnEvent,
};
