// deno task migrate: applies pending migrations to the configured database and exits.
import { ConfigError, loadConfig } from "../shared/config.ts";
import { openDatabase } from "../shared/db/database.ts";
import { migrate } from "../shared/db/migrate.ts";
import { setLogLevel } from "../shared/log.ts";

try {
  const config = loadConfig();
  setLogLevel(config.LOG_LEVEL);
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db.sql);
    console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
  } finally {
    await db.close();
  }
} catch (err) {
  console.error(
    err instanceof ConfigError ? err.message : `migrate failed: ${(err as Error).message}`,
  );
  Deno.exit(1);
}
