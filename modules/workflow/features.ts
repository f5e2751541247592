/**
 * The module's features, wired once: their API mounts, page mounts, system jobs, background
 * loops and event reactions. mod.ts turns this into the manifest; api.ts and pages.ts mount
 * from here. Each feature adds its lines in its own block.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Hono } from "hono";
import type { AppEnv, DomainEvent, Platform, SystemJob } from "../../shared/modules.ts";

// -- definitions

// -- engine

// -- instances

// -- tasks

// -- delegations

// -- designer

// -- dashboard

export const apiMounts: ((api: OpenAPIHono<AppEnv>) => void)[] = [
  // definitions
  // instances
  // tasks
  // delegations
];
export const pageMounts: ((app: Hono<AppEnv>) => void)[] = [
  // definitions
  // designer
  // instances
  // tasks
  // delegations
  // The dashboard answers the module's root path: last.
  // dashboard
];
export const workflowJobs: SystemJob[] = [
  // engine
];

/** Loops on every instance that runs jobs (timer sweep); returns a stop function. */
export function workflowBackground(_platform: Platform): () => Promise<void> {
  // engine
  return () => Promise.resolve();
}

/** Domain events of any module that start processes (message start events mapped to events). */
export async function workflowOnEvent(_event: DomainEvent): Promise<void> {
  // engine
}
