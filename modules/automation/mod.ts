import type { ModuleManifest } from "../../shared/modules.ts";
import { entries } from "../../shared/modules.ts";
import { apiRouter, pageRouter } from "../../shared/http/router.ts";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";
import { registerAsset } from "../../ui/assets.ts";
import { mountTranslations } from "../../platform/translations/public.ts";
import { automationEvents } from "./events.ts";
import { mountRuns } from "./runs/runs.handlers.ts";
import { mountRunsPages, RUN_STREAM_PATHS } from "./runs/runs.pages.tsx";
import { mountTemplates } from "./templates/templates.handlers.ts";
import { mountSettings } from "./settings/settings.handlers.ts";
import { mountSettingsPages } from "./settings/settings.pages.tsx";
import { mountAgents } from "./agents/agents.handlers.ts";
import { mountAgentsPages } from "./agents/agents.pages.tsx";
import { mountSecrets } from "./secrets/secrets.handlers.ts";
import { HOOK_PUBLIC_PATH, mountJobs } from "./jobs/jobs.handlers.ts";
import { mountJobsPages } from "./jobs/jobs.pages.tsx";
import { onDomainEvent } from "./jobs/jobs.events.service.ts";
import { mountDashboard } from "./dashboard/dashboard.handlers.ts";
import { mountDashboardPages } from "./dashboard/dashboard.pages.tsx";
import { mountActivityLog } from "./activity/activity.handlers.ts";
import { mountActivityLogPages } from "./activity/activity.pages.tsx";
import { mountAutomationNotifications } from "./notifications/notifications.handlers.ts";
import { mountAutomationNotificationsPages } from "./notifications/notifications.pages.tsx";
import { runJob } from "./engine/engine.service.ts";
import { retentionJob, sweepJob } from "./engine/sweep.service.ts";
import { startAutomationTicker } from "./scheduler/ticker.service.ts";
import { initSecrets } from "./secrets/secrets.key.service.ts";
import "./activity/activity.messages.ts";
import "./agents/agents.messages.ts";
import "./dashboard/dashboard.messages.ts";
import "./engine/engine.messages.ts";
import "./jobs/jobs.messages.ts";
import "./kinds/kinds.messages.ts";
import "./notifications/notifications.messages.ts";
import "./operations/operations.messages.ts";
import "./runs/runs.messages.ts";
import "./settings/settings.messages.ts";
import "./templates/templates.messages.ts";

export const AUTOMATION_PERMISSIONS = ["agent", "job", "settings"]
  .flatMap((r) => [`automation.${r}.read`, `automation.${r}.write`]);

// The live run updates (EventSource → `automation-run` events, the run page's log).
registerAsset("automation-live.js", new URL("./assets/automation-live.js", import.meta.url));
registerAsset("automation-runs.css", new URL("./assets/automation-runs.css", import.meta.url));
// The dashboard's facts list and error wrapping, the notifications list (CSP: no inline styles).
registerAsset(
  "automation-dashboard.css",
  new URL("./assets/automation-dashboard.css", import.meta.url),
);
// The job form's trigger groups (CSS only) and the copy buttons of the webhook card.
registerAsset("automation-jobs.css", new URL("./assets/jobs.css", import.meta.url));
registerAsset("automation-jobs.js", new URL("./assets/jobs.js", import.meta.url));
// The agent editor: CodeJar (ES module) with Prism's TypeScript and JSON grammars.
const pkg = (path: string) => new URL(`../../node_modules/${path}`, import.meta.url);
registerAsset("codejar.js", pkg("codejar/dist/codejar.js"));
registerAsset("prism.js", pkg("prismjs/prism.js"));
registerAsset("prism-typescript.js", pkg("prismjs/components/prism-typescript.js"));
registerAsset("prism-json.js", pkg("prismjs/components/prism-json.js"));
registerAsset("prism.css", pkg("prismjs/themes/prism.css"));
registerAsset("agents-editor.js", new URL("./assets/agents-editor.js", import.meta.url));
registerAsset("agents-editor.css", new URL("./assets/agents-editor.css", import.meta.url));

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
  // Runs first: `/jobs/history` and `/runs/stats` must win over `/jobs/{id}` and `/runs/{id}`.
  // The translations API last.
  api: apiRouter([
    mountRuns,
    mountTemplates,
    mountSettings,
    mountAgents,
    mountSecrets,
    mountJobs,
    mountDashboard,
    mountActivityLog,
    mountAutomationNotifications,
    mountTranslations("automation", {
      read: "automation.settings.read",
      write: TRANSLATIONS_WRITE,
    }),
  ]),
  pages: pageRouter([
    mountRunsPages,
    mountJobsPages,
    mountActivityLogPages,
    mountAutomationNotificationsPages,
    mountAgentsPages,
    mountSettingsPages,
    // The dashboard answers the module's root path: last.
    mountDashboardPages,
    // Translations are one page under administration; old links and bookmarks land there.
    (app) => {
      app.get("/translations", (c) => c.redirect("/admin/translations?module=automation", 302));
      app.get("/translations/*", (c) => c.redirect("/admin/translations?module=automation", 302));
    },
  ]),
  jobs: [runJob, sweepJob, retentionJob],
  // Live logs and run status streams hold no request transaction.
  streamingPaths: RUN_STREAM_PATHS,
  // Inbound webhooks carry their job's secret instead of a session.
  publicPaths: [HOOK_PUBLIC_PATH],
  // Tenants' schedules fire from every instance that runs jobs (each occurrence once).
  background: (p) => startAutomationTicker({ sql: p.db.sql, bus: p.bus }),
  // The key that encrypts agents' environment variables (config, or generated once).
  init: (p) => initSecrets({ sql: p.db.sql, bus: p.bus }, p.config.AUTOMATION_SECRET_KEY),
  onEvent: (e) => onDomainEvent({ sql: e.sql, bus: e.bus }, { name: e.name, data: e.data }),
};
