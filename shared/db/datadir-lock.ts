/**
 * The embedded database's data directory belongs to one process at a time: its pid is written to
 * DATA_DIR/pgdata.lock, and the file is held under an exclusive flock while the process runs.
 * Backup and restore read the lock to refuse (or to send the operator to the running server)
 * instead of copying or replacing files in use. The flock, not the pid, says whether the holder
 * lives: the kernel drops it when the process dies, however it dies, and it needs no look into
 * /proc (which Deno grants only with --allow-all, not with the start task's narrowed flags).
 */
const lockPath = (dataDir: string) => `${dataDir}/pgdata.lock`;

/** The pid holding the data directory, or null when none (a stale lock counts as none). */
export async function dataDirHolder(dataDir: string): Promise<number | null> {
  const text = await Deno.readTextFile(lockPath(dataDir)).catch(() => null);
  const pid = Number(text?.trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  // The flock decides, for this process too: the file outlives its holder (see lockDataDir).
  const file = await Deno.open(lockPath(dataDir), { read: true }).catch(() => null);
  if (!file) return null;
  try {
    const free = await file.tryLock(true);
    if (free) await file.unlock();
    return free ? null : pid;
  } finally {
    file.close();
  }
}

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const holder = await dataDirHolder(dataDir);
  if (holder !== null && holder !== Deno.pid) throw inUse(dataDir, holder);
  const file = await Deno.open(lockPath(dataDir), { read: true, write: true, create: true });
  if (!(await file.tryLock(true))) {
    // Taken between the look above and now.
    file.close();
    throw inUse(dataDir, await dataDirHolder(dataDir) ?? "another process");
  }
  await file.truncate(0);
  await file.write(new TextEncoder().encode(String(Deno.pid)));
  // The file stays when released (only the flock goes, with the close): removing it would let a
  // process that opened it just before lock a file without a name while another creates and
  // locks a new one — two holders. A leftover file with an unlocked flock means "free".
  return () => {
    file.close();
    return Promise.resolve();
  };
}

const inUse = (dataDir: string, holder: number | string) =>
  new Error(`the embedded database in ${dataDir} is in use by process ${holder}; stop it first`);
