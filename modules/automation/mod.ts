import { entries } from "../../platform/placeholder/public.tsx";
import type { ModuleManifest } from "../../shared/modules.ts";
import { automationApi } from "./api.ts";
import { automationPages } from "./pages.ts";
import { automationEvents } from "./events.ts";
import { automationJobs } from "./features.ts";
import { RUN_STREAM_PATHS } from "./runs/runs.pages.tsx";
import { HOOK_PUBLIC_PATH } from "./jobs/jobs.handlers.ts";
import { onDomainEvent } from "./jobs/jobs.events.ts";
import { startAutomationTicker } from "./scheduler/ticker.ts";
import { initSecrets } from "./secrets/secrets.crypto.ts";

export const AUTOMATION_PERMISSIONS = ["agent", "job", "settings"]
  .flatMap((r) => [`automation.${r}.read`, `automation.${r}.write`]);

export const automation: ModuleManifest = {
  name: "automation",
  labelKey: "module.automation",
  icon: "bot",
  permissions: AUTOMATION_PERMISSIONS,
  // Agents (support staff) and members see agents, jobs and runs; changing them is for admins.
  grants: {
    agent: ["automation.agent.read", "automation.job.read"],
    member: ["automation.agent.read", "automation.job.read"],
  },
  events: automationEvents,
  menu: entries("automation", [
    ["dashboard", "", "automation.job.read"],
    ["agents", "/agents", "automation.agent.read"],
    ["jobs", "/jobs", "automation.job.read"],
    ["jobHistory", "/jobs/history", "automation.job.read"],
    ["notifications", "/notifications", "automation.job.read"],
    ["activityLog", "/activity", "automation.job.read"],
    ["settings", "/settings", "automation.settings.read"],
  ]),
  api: automationApi(),
  pages: automationPages(),
  jobs: automationJobs,
  // Live logs and run status streams hold no request transaction.
  streamingPaths: RUN_STREAM_PATHS,
  // Inbound webhooks carry their job's secret instead of a session.
  publicPaths: [HOOK_PUBLIC_PATH],
  // Tenants' schedules fire from every instance that runs jobs (each occurrence once).
  background: (p) => startAutomationTicker(p.db, p.bus),
  // The key that encrypts agents' environment variables (config, or generated once).
  init: initSecrets,
  onEvent: (e) => onDomainEvent(e.sql, e.bus, e.name, e.data),
};
