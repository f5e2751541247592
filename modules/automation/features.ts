/**
 * The module's features, wired once: their API mounts, page mounts, system jobs and start-up
 * work. mod.ts turns this into the manifest; api.ts and pages.ts mount from here.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Hono } from "hono";
import type { AppEnv, SystemJob } from "../../shared/modules.ts";

export const apiMounts: ((api: OpenAPIHono<AppEnv>) => void)[] = [];
export const pageMounts: ((app: Hono<AppEnv>) => void)[] = [];
export const automationJobs: SystemJob[] = [];
