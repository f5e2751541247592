import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { registerAsset } from "../../ui/assets.ts";
import { mountDashboardPages } from "./stats/stats.pages.tsx";
import { mountFilePages } from "./files/files.pages.tsx";
import { mountFolderPages } from "./folders/folders.pages.tsx";
import { mountSharePages } from "./shares/shares.pages.tsx";
import { mountTrashPages } from "./trash/trash.pages.tsx";
import { mountSettingsPages } from "./settings/settings.pages.tsx";
import { mountActivityPages } from "./audit/activity.pages.tsx";
import { mountNotificationPages } from "./notifications/notifications.pages.tsx";

registerAsset("documents.js", new URL("./assets/documents.js", import.meta.url));
registerAsset("documents.css", new URL("./assets/documents.css", import.meta.url));

/** The module's pages, mounted at /documents. */
export function documentsPages(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (
    const mount of [
      mountFilePages,
      mountFolderPages,
      mountSharePages,
      mountDashboardPages,
      mountSettingsPages,
      mountTrashPages,
      mountActivityPages,
      mountNotificationPages,
    ]
  ) mount(app);
  return app;
}

/** /s/:token, the public view of a share (no session). */
export { publicPages } from "./shares/public.pages.tsx";
