import { type Config, ConfigError, loadConfig } from "../shared/config.ts";
import { openDatabase, type OpenOptions } from "../shared/db/database.ts";
import { migrate } from "../shared/db/migrate.ts";
import { createTokenService, loadKeys } from "../shared/auth/jwt.ts";
import { createPlatform, type Platform } from "./platform.ts";
import type { ModuleManifest, PlatformFeature } from "../shared/modules.ts";
import { PLATFORM } from "./registry.ts";
import { log, setLogLevel } from "../shared/log.ts";
import { guardDriverCrashes } from "../shared/db/unavailable.ts";
import { builtinRoles } from "../shared/rbac/permissions.ts";

/**
 * Database, migrations, first-run setup (identity's bootstrap) and keys: everything a running
 * app stands on.
 */
export async function preparePlatform(
  config: Config,
  modules: ModuleManifest[],
  opts: OpenOptions = {},
  features: PlatformFeature[] = PLATFORM,
): Promise<Platform> {
  const db = await openDatabase(config, opts);
  try {
    await migrate(db.sql);
    const roles = builtinRoles(modules);
    for (const f of features) await f.setup?.({ sql: db.sql }, { config, roles });
    const tokens = createTokenService(config, await loadKeys(config, db.sql));
    const platform = createPlatform(config, db, tokens, modules, features);
    for (const f of features) await f.init?.(platform);
    for (const m of modules) await m.init?.(platform);
    return platform;
  } catch (err) {
    await db.close();
    throw err;
  }
}

/**
 * What every entry point (main.ts, worker.ts) does first: read the configuration, set the log
 * level, and prepare the platform — or say what is wrong and exit, with nothing half-started.
 */
export async function startPlatform(modules: ModuleManifest[]): Promise<Platform> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    Deno.exit(1);
  }
  setLogLevel(config.LOG_LEVEL);
  guardDriverCrashes((msg, data) => log.warn(msg, data));
  return await preparePlatform(config, modules).catch((err: Error) => {
    // A failed migration or an unreachable database.
    console.error(`start failed: ${err.message}`);
    Deno.exit(1);
  });
}
