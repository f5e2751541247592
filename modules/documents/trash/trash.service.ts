import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { afterCommit } from "../../../shared/db/scope.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { atLeast } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { audit } from "../audit/audit.repo.ts";
import { nameTaken } from "../folders/folders.repo.ts";
import { isUuid } from "../files/files.repo.ts";
import { discard } from "../files/upload.lib.ts";
import {
  folderLive,
  purgeRows,
  restoreFileRow,
  restoreFolderRows,
  trashItem,
  trashItems,
  type TrashRow,
} from "./trash.repo.ts";

type Who = Pick<Session, "userId" | "roles" | "permissions">;

/** Trash items the caller may act on: their own deletions, or anything for admins. */
async function mayAct(sql: Sql, who: Who) {
  const access = await loadAccess({ sql, session: who });
  return (t: TrashRow) =>
    access.admin || t.deletedBy === who.userId ||
    (t.kind === "file"
      ? atLeast(access.folder(t.folderId), "edit")
      : atLeast(access.folder(t.id), "edit"));
}

export async function listTrash(
  { sql, session: who }: Actor,
  q: { limit: number; cursor?: string },
) {
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const allowed = await mayAct(sql, who);
  // Filtering after the query may shorten a page; the cursor still moves on correctly.
  const rows = await trashItems(sql, q.limit, after);
  const page = toPage(rows, q.limit, (r) => [r.deletedAt, r.id]);
  return { items: page.items.filter(allowed), nextCursor: page.nextCursor };
}

async function item(sql: Sql, who: Who, id: string) {
  const t = isUuid(id) ? await trashItem(sql, id) : null;
  if (!t || !(await mayAct(sql, who))(t)) throw problems.notFound("Not in the trash.");
  return t;
}

/**
 * Puts an item back where it was; when that folder is gone (deleted or in the trash) it goes
 * to the root, and the answer says so. A name taken meanwhile is a 409, as everywhere.
 */
export async function restore({ sql, session: who }: Actor, id: string) {
  const t = await item(sql, who, id);
  const live = await folderLive(sql, t.folderId);
  const target = live ? t.folderId : null;
  if (await nameTaken(sql, target, t.name)) {
    throw problems.conflict(`An item named ${t.name} exists where it would be restored.`);
  }
  if (t.kind === "file") await restoreFileRow(sql, id, target);
  else await restoreFolderRows(sql, id, target);
  await audit(
    sql,
    t.kind,
    id,
    "restored",
    `Restored ${t.name}${live ? "" : " to the root (its folder is gone)"}`,
    null,
    { folderId: target },
  );
  return { id, kind: t.kind, folderId: target, movedToRoot: !live };
}

export async function purge({ sql, session: who }: Actor, id: string) {
  const t = await item(sql, who, id);
  const keys = await purgeRows(sql, id);
  afterCommit(sql, () => void discard(keys));
  await audit(sql, t.kind, id, "purged", `Deleted ${t.name} permanently`, { name: t.name }, null);
}

/**
 * Empties the caller's trash (everything for admins), or, for a system actor (the job), every
 * item older than a date.
 */
export async function emptyTrash(
  actor: Actor | SystemActor,
  { olderThan }: { olderThan?: string } = {},
) {
  const { sql } = actor;
  const who = "session" in actor ? actor.session : null;
  const allowed = who ? await mayAct(sql, who) : () => true;
  let purged = 0;
  for (;;) {
    const rows = (await trashItems(sql, 200, null, olderThan)).filter(allowed);
    if (!rows.length) break;
    for (const t of rows) {
      const keys = await purgeRows(sql, t.id);
      afterCommit(sql, () => void discard(keys));
      await audit(
        sql,
        t.kind,
        t.id,
        "purged",
        `Deleted ${t.name} permanently`,
        { name: t.name },
        null,
      );
      purged++;
    }
    if (rows.length < 200) break;
  }
  return { purged };
}
