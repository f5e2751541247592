import { createRouter } from "../../shared/http/router.ts";
import { translationsApi } from "../../platform/translations/public.ts";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";
import { apiMounts } from "./features.ts";

/** /api/automation: every route declared with createRoute (the translations API last). */
export function automationApi() {
  const api = createRouter();
  for (const mount of apiMounts) mount(api);
  api.route(
    "/",
    translationsApi("automation", {
      read: "automation.settings.read",
      write: TRANSLATIONS_WRITE,
    }),
  );
  return api;
}
