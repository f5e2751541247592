/**
 * GET /api/admin/backup: a consistent backup of a running installation's embedded database,
 * for operators (deno task backup refuses while the server runs and points here).
 */
import type { PlatformFeature } from "../../shared/modules.ts";
import { apiRouter } from "../../shared/http/router.ts";
import { backupEvents } from "./events.ts";
import { mountBackup } from "./backup.handlers.ts";

export const backup = {
  name: "backup",
  api: [["/api/admin", apiRouter([mountBackup])]],
  /**
   * The backup holds the embedded database's only connection while it copies: no request
   * transaction may hold it first.
   */
  unscopedPaths: [/^\/api\/admin\/backup$/],
  events: backupEvents,
} satisfies PlatformFeature;
