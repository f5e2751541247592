/**
 * `deno task backup [file]`: a backup of the embedded database of a stopped installation
 * (DATA_DIR). A running server refuses this and offers GET /api/admin/backup instead; with
 * DATABASE_URL set, use pg_dump (docs/operations.md).
 */
import { loadConfig } from "../shared/config.ts";
import { backupEmbedded, BackupRefused } from "../shared/db/backup.ts";

const out = Deno.args[0] ??
  `backup-${new Date().toISOString().slice(0, 19).replace(/:/g, "")}.tar.gz`;
try {
  const size = await backupEmbedded(loadConfig(), out);
  console.log(`wrote ${out} (${Math.round(size / 1024)} KiB)`);
} catch (err) {
  if (!(err instanceof BackupRefused)) throw err;
  console.error(`backup refused: ${err.message}`);
  Deno.exit(2);
}
