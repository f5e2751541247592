/**
 * The module's features, wired once: their API mounts, page mounts, system jobs and start-up
 * work. mod.ts turns this into the manifest; api.ts and pages.ts mount from here.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Hono } from "hono";
import type { AppEnv, SystemJob } from "../../shared/modules.ts";
import "./runs/assets.ts";
import "./dashboard/assets.ts";
import "./jobs/assets.ts";
import { mountJobs } from "./jobs/jobs.handlers.ts";
import { mountJobsPages } from "./jobs/jobs.pages.tsx";
import { mountDashboard } from "./dashboard/dashboard.handlers.ts";
import { mountDashboardPages } from "./dashboard/dashboard.pages.tsx";
import { mountActivityLog } from "./activity/activity.handlers.ts";
import { mountActivityLogPages } from "./activity/activity.pages.tsx";
import { mountAutomationNotifications } from "./notifications/notifications.handlers.ts";
import { mountAutomationNotificationsPages } from "./notifications/notifications.pages.tsx";
import { mountRuns } from "./runs/runs.handlers.ts";
import { mountRunsPages } from "./runs/runs.pages.tsx";
import { runJob } from "./engine/engine.ts";
import "./agents/assets.ts";
import { mountTemplates } from "./templates/templates.handlers.ts";
import { mountSettings } from "./settings/settings.handlers.ts";
import { mountAgents } from "./agents/agents.handlers.ts";
import { mountSecrets } from "./secrets/secrets.handlers.ts";
import { mountAgentsPages } from "./agents/agents.pages.tsx";
import { mountSettingsPages } from "./settings/settings.pages.tsx";
import { retentionJob, sweepJob } from "./engine/sweep.ts";

// Runs first: `/jobs/history` and `/runs/stats` must win over `/jobs/{id}` and `/runs/{id}`.
export const apiMounts: ((api: OpenAPIHono<AppEnv>) => void)[] = [
  mountRuns,
  mountTemplates,
  mountSettings,
  mountAgents,
  mountSecrets,
  mountJobs,
  mountDashboard,
  mountActivityLog,
  mountAutomationNotifications,
];
export const pageMounts: ((app: Hono<AppEnv>) => void)[] = [
  mountRunsPages,
  mountJobsPages,
  mountActivityLogPages,
  mountAutomationNotificationsPages,
  mountAgentsPages,
  mountSettingsPages,
  // The dashboard answers the module's root path: last.
  mountDashboardPages,
];
export const automationJobs: SystemJob[] = [runJob, sweepJob, retentionJob];
