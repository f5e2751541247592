/**
 * `deno task restore <file> [--force]`: puts a backup back as the embedded database of a
 * stopped installation (DATA_DIR). An existing database is refused, or with --force kept aside.
 */
import { loadConfig } from "../shared/config.ts";
import { BackupRefused, restoreEmbedded } from "../shared/db/backup.ts";

const file = Deno.args.find((a) => !a.startsWith("--"));
if (!file) {
  console.error("usage: deno task restore <backup.tar.gz> [--force]");
  Deno.exit(2);
}
try {
  const { movedAside } = await restoreEmbedded(loadConfig(), file, {
    force: Deno.args.includes("--force"),
  });
  if (movedAside) console.log(`the previous database was kept in ${movedAside}`);
  console.log(`restored ${file}`);
} catch (err) {
  if (!(err instanceof BackupRefused)) throw err;
  console.error(`restore refused: ${err.message}`);
  Deno.exit(2);
}
