import { type Config, ConfigError, loadConfig } from "../shared/config.ts";
import { openDatabase, type OpenOptions } from "../shared/db/database.ts";
import { migrate } from "../shared/db/migrate.ts";
import { withScope } from "../shared/db/scope.ts";
import { createTokenService, loadKeys } from "../shared/auth/jwt.ts";
import { createPlatform, type Platform } from "./platform.ts";
import { bootstrap } from "../platform/identity/tenants.service.ts";
import type { ModuleManifest } from "../shared/modules.ts";
import { log, setLogLevel } from "../shared/log.ts";
import { guardDriverCrashes } from "../shared/db/unavailable.ts";
import { builtinRoles } from "../shared/rbac/permissions.ts";

/** Database, migrations, first-run bootstrap and keys: everything a running app stands on. */
export async function preparePlatform(
  config: Config,
  modules: ModuleManifest[],
  opts: OpenOptions = {},
): Promise<Platform> {
  const db = await openDatabase(config, opts);
  try {
    await migrate(db.sql);
    const created = await withScope(db.sql, {}, (tx) =>
      bootstrap(tx, {
        slug: config.DEFAULT_TENANT,
        email: config.ADMIN_EMAIL,
        password: config.ADMIN_PASSWORD,
      }, builtinRoles(modules)));
    if (created) {
      log.info("bootstrap: created tenant and owner", {
        tenant: created.tenant.slug,
        email: created.owner.email,
      });
      if (created.generatedPassword) {
        // Printed once, on the console only: the operator's first sign-in.
        console.log(
          `\n  First start: sign in as ${created.owner.email} with password ` +
            `${created.generatedPassword}\n  (tenant "${created.tenant.slug}"; set ADMIN_PASSWORD to choose it)\n`,
        );
      }
    }
    const tokens = createTokenService(config, await loadKeys(config, db.sql));
    const platform = createPlatform(config, db, tokens, modules);
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
