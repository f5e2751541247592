/**
 * Backup and restore of the embedded database (PostgreSQL mode uses pg_dump/pg_restore; see
 * docs/operations.md). A backup is a gzipped tar of the data directory; taken from a stopped installation
 * here, or from a running one through GET /api/admin/backup (consistent: the server holds its
 * only connection idle while it copies). Restore refuses to touch a directory in use, and to
 * overwrite an existing database unless told to (the old one is kept aside, never deleted).
 */
import type { Config } from "../config.ts";
import { dataDirHolder } from "./datadir-lock.ts";

export class BackupRefused extends Error {}

async function refuseIfRunning(config: Config, what: string) {
  if (config.DATABASE_URL) {
    throw new BackupRefused(
      `DATABASE_URL is set: ${what} PostgreSQL with pg_dump / pg_restore (see docs/operations.md, Backup and restore)`,
    );
  }
  const holder = await dataDirHolder(config.DATA_DIR);
  if (holder !== null) {
    throw new BackupRefused(
      `the server (process ${holder}) is running on ${config.DATA_DIR}: ` +
        (what === "back up"
          ? "download a consistent backup from GET /api/admin/backup as an operator, or stop it"
          : "stop it before restoring"),
    );
  }
}

const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

/** Writes a backup of a stopped installation's embedded database to `out`; returns its size. */
export async function backupEmbedded(config: Config, out: string): Promise<number> {
  await refuseIfRunning(config, "back up");
  const dataDir = `${config.DATA_DIR}/pgdata`;
  if (!(await exists(`${dataDir}/PG_VERSION`))) {
    throw new BackupRefused(`no embedded database in ${dataDir}`);
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } });
  try {
    const blob = await db.dumpDataDir("gzip");
    await Deno.writeFile(out, new Uint8Array(await blob.arrayBuffer()));
    return blob.size;
  } finally {
    await db.close();
  }
}

/**
 * Restores a backup into the installation's data directory. An existing database is refused,
 * or with `force` moved aside to pgdata.before-restore-<time>.
 */
export async function restoreEmbedded(
  config: Config,
  file: string,
  opts: { force?: boolean } = {},
): Promise<{ movedAside: string | null }> {
  await refuseIfRunning(config, "restore");
  const dataDir = `${config.DATA_DIR}/pgdata`;
  let movedAside: string | null = null;
  if (await exists(`${dataDir}/PG_VERSION`)) {
    if (!opts.force) {
      throw new BackupRefused(
        `${dataDir} already holds a database: pass --force to restore over it (it is kept aside)`,
      );
    }
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    await Deno.rename(dataDir, movedAside);
  }
  const bytes = await Deno.readFile(file);
  await Deno.mkdir(dataDir, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const db = await PGlite.create({
    dataDir,
    loadDataDir: new Blob([bytes]),
    extensions: { pg_trgm, unaccent },
  });
  await db.query("select 1");
  await db.close();
  return { movedAside };
}
