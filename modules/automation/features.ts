/**
 * The module's features, wired once: their API mounts, page mounts, system jobs and start-up
 * work. mod.ts turns this into the manifest; api.ts and pages.ts mount from here.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Hono } from "hono";
import type { AppEnv, SystemJob } from "../../shared/modules.ts";
import "./runs/assets.ts";
import { mountRuns } from "./runs/runs.handlers.ts";
import { mountRunsPages } from "./runs/runs.pages.tsx";

// Runs first: `/jobs/history` and `/runs/stats` must win over `/jobs/{id}` and `/runs/{id}`.
export const apiMounts: ((api: OpenAPIHono<AppEnv>) => void)[] = [mountRuns];
export const pageMounts: ((app: Hono<AppEnv>) => void)[] = [mountRunsPages];
export const automationJobs: SystemJob[] = [];
