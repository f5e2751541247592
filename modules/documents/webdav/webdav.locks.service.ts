import type { Actor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { atLeast } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { findFile } from "../files/files.repo.ts";
import { audit } from "../audit/audit.repo.ts";
import { deleteLock, locksInFolders, locksOfFiles } from "./webdav.repo.ts";

/*
 * Locks taken over WebDAV bind everything that writes a file: the API and pages refuse to
 * overwrite, rename, move or delete a file someone else holds a lock on.
 */

/** Who holds a live lock on each of these files (file id → holder's name). */
export async function lockHolders({ sql }: { sql: Sql }, ids: string[]) {
  const holders = new Map<string, { userId: string | null; name: string | null }>();
  for (const l of await locksOfFiles(sql, ids)) {
    if (l.fileId) holders.set(l.fileId, { userId: l.userId, name: l.userName });
  }
  return holders;
}

/** 423 when someone other than the caller holds a lock on the file. */
export async function refuseIfLocked(
  { sql, session }: { sql: Sql; session: Pick<Session, "userId"> },
  id: string,
) {
  const other = (await locksOfFiles(sql, [id])).find((l) => l.userId !== session.userId);
  if (other) {
    throw lockedProblem(
      `${other.userName ?? "Someone"} has locked this file for editing; an administrator can ` +
        "break the lock.",
    );
  }
}

/**
 * 423 when someone other than the caller holds a lock on a file inside these folders (a folder
 * and its subfolders): deleting or moving the folder would pull the file from under them.
 */
export async function refuseIfFolderLocked(
  { sql, session }: { sql: Sql; session: Pick<Session, "userId"> },
  folderIds: string[],
) {
  const other = (await locksInFolders(sql, folderIds)).find((l) => l.userId !== session.userId);
  if (other) {
    throw lockedProblem(
      `${other.userName ?? "Someone"} has locked a file in this folder for editing; an ` +
        "administrator can break the lock.",
    );
  }
}

const lockedProblem = (detail: string) => new Problem(423, "locked", "Locked", detail);

/** An administrator ends every lock on a file; audited. */
export async function breakLock(actor: Actor, id: string) {
  const access = await loadAccess(actor);
  const f = await findFile(actor.sql, id);
  if (!f || f.deletedAt || f.ownerModule || !atLeast(access.file(f), "view")) {
    throw problems.notFound();
  }
  if (!access.admin) throw problems.forbidden("Only administrators can break a lock.");
  const locks = await locksOfFiles(actor.sql, [id]);
  if (!locks.length) throw problems.notFound("The file is not locked.");
  for (const l of locks) await deleteLock(actor.sql, l.token);
  const holders = [...new Set(locks.map((l) => l.userName ?? "someone"))].join(", ");
  await audit(actor.sql, "file", id, "lock-broken", `Broke the lock of ${holders} on ${f.name}`);
  return { broken: locks.length };
}

/** The lock on a file as its page shows it, or undefined when nobody holds one. */
export async function fileLock(actor: Actor, id: string) {
  const [lock] = await locksOfFiles(actor.sql, [id]);
  if (!lock) return undefined;
  const access = await loadAccess(actor);
  return { holder: lock.userName, canBreak: access.admin };
}
