import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { TokenService } from "./auth/jwt.ts";
import type { ModuleManifest } from "./modules.ts";
import { CORE_PERMISSIONS } from "./rbac/permissions.ts";

/** Everything built once at start and shared by requests (reached as c.var.platform). */
export interface Platform {
  config: Config;
  db: Database;
  tokens: TokenService;
  modules: ModuleManifest[];
  /** Every permission a role can be granted: the core's and each module's. */
  permissions: string[];
}

export function createPlatform(
  config: Config,
  db: Database,
  tokens: TokenService,
  modules: ModuleManifest[],
): Platform {
  const permissions = [...CORE_PERMISSIONS, ...modules.flatMap((m) => m.permissions)];
  return { config, db, tokens, modules, permissions: [...new Set(permissions)].sort() };
}
