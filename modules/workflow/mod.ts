import { entries, placeholderModule } from "../../platform/placeholder/public.tsx";

const perms = ["process", "task", "definition", "report", "data", "audit"]
  .flatMap((r) => [`workflow.${r}.read`, `workflow.${r}.write`]);

export const workflow = placeholderModule({
  name: "workflow",
  icon: "workflow",
  permissions: perms,
  grants: { agent: ["workflow.*"], member: ["workflow.*"] },
  menu: entries("workflow", [
    ["dashboard", "", "workflow.process.read"],
    ["allProcesses", "/processes", "workflow.process.read"],
    ["myProcesses", "/my-processes", "workflow.process.read"],
    ["myTasks", "/my-tasks", "workflow.task.read"],
    ["taskPool", "/task-pool", "workflow.task.read"],
    ["allTasks", "/tasks", "workflow.task.read"],
    ["processCatalog", "/catalog", "workflow.process.read"],
    ["delegations", "/delegations", "workflow.task.read"],
    ["reportCatalog", "/reports", "workflow.report.read"],
    ["search", "/search", "workflow.process.read"],
    ["definitions", "/admin/definitions", "workflow.definition.write", "admin"],
    ["designer", "/admin/designer", "workflow.definition.write", "admin"],
    ["scriptGuide", "/admin/script-guide", "workflow.definition.write", "admin"],
    ["dataModels", "/admin/data-models", "workflow.data.write", "admin"],
    ["dataQueries", "/admin/data-queries", "workflow.data.write", "admin"],
    ["globalVariables", "/admin/variables", "workflow.data.write", "admin"],
    ["reportStudio", "/admin/report-studio", "workflow.report.write", "admin"],
    ["auditMonitor", "/admin/audit", "workflow.audit.read", "admin"],
  ]),
});
