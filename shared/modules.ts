import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Hono } from "hono";
import type { AppEnv } from "./http/env.ts";
import type { JobHandler } from "./jobs/dispatcher.ts";

export interface MenuEntry {
  /** i18n key of the label. */
  labelKey: string;
  /** Absolute page path, under /<module>. */
  path: string;
  /** Hidden from users without this permission. */
  permission?: string;
  /** Optional sub-heading the entry is listed under (for example "admin"). */
  section?: string;
}

/** A named job handler, optionally run on a schedule (e.g. `support.sla-check` every minute). */
export interface SystemJob {
  name: string;
  handler: JobHandler;
  schedule?: {
    cron: string;
    timezone?: string;
    perTenant?: boolean;
    priority?: number;
    payload?: unknown;
  };
}

/** What a module hands the platform. Adding a module is one folder and one line in the registry. */
export interface ModuleManifest {
  name: string;
  labelKey: string;
  /** A short glyph shown beside the module's name in the menu. */
  icon: string;
  menu: MenuEntry[];
  /** JSON API, mounted at /api/<name>. */
  api: OpenAPIHono<AppEnv>;
  /** Pages, mounted at /<name>. */
  pages: Hono<AppEnv>;
  /** Pages outside /<name>, mounted at the root (e.g. Documents' public share page /s/:token). */
  rootPages?: Hono<AppEnv>;
  permissions: string[];
  jobs: SystemJob[];
  /** Paths (under the app root) reachable without signing in, e.g. public shares. */
  publicPaths?: RegExp[];
  /**
   * Paths (under the app root) that stream request or response bodies (file uploads and
   * downloads): no request-wide transaction and no global body limit; the module enforces its
   * own size limits and opens short transactions with `c.var.scope`.
   */
  streamingPaths?: RegExp[];
}
