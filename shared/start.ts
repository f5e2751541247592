import type { Config } from "./config.ts";
import { openDatabase, type OpenOptions } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { withScope } from "./db/scope.ts";
import { createTokenService, loadKeys } from "./auth/jwt.ts";
import { createPlatform, type Platform } from "./platform.ts";
import { bootstrap } from "./identity/tenants.service.ts";
import type { ModuleManifest } from "./modules.ts";
import { log } from "./log.ts";

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
      }));
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
    return createPlatform(config, db, tokens, modules);
  } catch (err) {
    await db.close();
    throw err;
  }
}
