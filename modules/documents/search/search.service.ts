import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { atLeast, loadAccess } from "../access.ts";
import { foldName, nameCursor } from "../names.ts";
import { visibleFolder } from "../folders/folders.service.ts";
import { type SearchFilter, searchRows } from "./search.repo.ts";

type Who = Pick<Session, "userId" | "roles" | "permissions">;

export async function search(
  sql: Sql,
  who: Who,
  q: Omit<SearchFilter, "within"> & { folderId?: string; limit: number; cursor?: string },
) {
  const access = await loadAccess(sql, who);
  let within: string[] | undefined;
  if (q.folderId) {
    await visibleFolder(sql, access, q.folderId);
    within = [q.folderId, ...access.descendants(q.folderId)].filter((id) =>
      !access.folders.get(id)?.deletedAt
    );
  }
  const after = nameCursor(decodeCursor(q.cursor, ["text", "uuid"]));
  const rows = await searchRows(
    sql,
    { ...q, q: q.q ? foldName(q.q.trim()) : undefined, within },
    {
      all: access.admin,
      visible: access.visibleFolders(),
      rootVisible: atLeast(access.folder(null), "view"),
      shared: access.sharedFiles(),
    },
    q.limit,
    after,
  );
  const page = toPage(rows, q.limit, (r) => [r.sortName, r.id]);
  return {
    items: page.items.map(({ sortName: _, ...r }) => ({
      ...r,
      path: access.path(r.kind === "file" ? r.folderId : r.folderId).map((p) => p.name).join("/"),
    })),
    nextCursor: page.nextCursor,
  };
}
