/**
 * The embedded database's data directory belongs to one process at a time: its pid is written to
 * DATA_DIR/pgdata.lock while it runs. Backup and restore read the lock to refuse (or to send the
 * operator to the running server) instead of copying or replacing files in use.
 */
const lockPath = (dataDir: string) => `${dataDir}/pgdata.lock`;

/** The pid holding the data directory, or null when none (a stale lock counts as none). */
export async function dataDirHolder(dataDir: string): Promise<number | null> {
  const text = await Deno.readTextFile(lockPath(dataDir)).catch(() => null);
  const pid = Number(text?.trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (pid === Deno.pid) return pid;
  // Linux: a live process has /proc/<pid>; elsewhere assume the lock is real.
  const alive = await Deno.stat(`/proc/${pid}`).then(
    () => true,
    (err) => !(err instanceof Deno.errors.NotFound),
  );
  return alive ? pid : null;
}

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const holder = await dataDirHolder(dataDir);
  if (holder !== null && holder !== Deno.pid) {
    throw new Error(
      `the embedded database in ${dataDir} is in use by process ${holder}; stop it first`,
    );
  }
  await Deno.writeTextFile(lockPath(dataDir), String(Deno.pid));
  return () => Deno.remove(lockPath(dataDir)).catch(() => {});
}
