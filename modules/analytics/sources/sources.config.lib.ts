/**
 * The operator's allowlist (ANALYTICS_SOURCE_ALLOW) as the runner sees it. It is read from the
 * platform's config object on every use, so the runner — called by the query layer with only a
 * tenant connection — honours the same setting the routes do.
 */
import type { Platform } from "../../../shared/modules.ts";
import { type Allowlist, parseAllowlist } from "./sources.guard.lib.ts";

let config: { ANALYTICS_SOURCE_ALLOW?: string } | null = null;

/** Remembers the platform's config (module init, and every sources request). */
export function useSourcesConfig(c: { ANALYTICS_SOURCE_ALLOW?: string }) {
  config = c;
}

export const initSources = (platform: Platform) => {
  useSourcesConfig(platform.config);
  return Promise.resolve();
};

export function operatorAllowlist(): Allowlist {
  return parseAllowlist(config?.ANALYTICS_SOURCE_ALLOW ?? Deno.env.get("ANALYTICS_SOURCE_ALLOW"));
}
