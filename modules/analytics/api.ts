import { createRouter } from "../../shared/http/router.ts";
import { apiMounts } from "./features.ts";

/** /api/analytics: every route declared with createRoute. */
export function analyticsApi() {
  const api = createRouter();
  for (const mount of apiMounts) mount(api);
  return api;
}
