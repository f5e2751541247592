import { createRouter } from "../../shared/http/router.ts";
import { apiMounts } from "./features.ts";

/** /api/workflow: every route declared with createRoute. */
export function workflowApi() {
  const api = createRouter();
  for (const mount of apiMounts) mount(api);
  return api;
}
