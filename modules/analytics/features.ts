/**
 * The module's features, wired once: their API mounts, page mounts, system jobs and event
 * reactions. mod.ts turns this into the manifest; api.ts and pages.ts mount from here. Each
 * feature adds its lines in its own block.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Hono } from "hono";
import type { AppEnv, DomainEvent, SystemJob } from "../../shared/modules.ts";

export const apiMounts: ((api: OpenAPIHono<AppEnv>) => void)[] = [];
export const pageMounts: ((app: Hono<AppEnv>) => void)[] = [];
export const analyticsJobs: SystemJob[] = [];
/** Reactions to any module's domain events (live refresh of dashboards over built-in datasets). */
export const eventHandlers: ((event: DomainEvent) => Promise<void>)[] = [];

export async function analyticsOnEvent(event: DomainEvent): Promise<void> {
  for (const handle of eventHandlers) await handle(event);
}
