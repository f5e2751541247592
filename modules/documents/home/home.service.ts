import type { Actor } from "../../../shared/http/actor.ts";
import { atLeast } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { recentFiles } from "./home.repo.ts";

/** The reader's most recently changed files, newest first, each with its folder's path. */
export async function latestFiles({ sql, session: who }: Actor, limit: number) {
  const access = await loadAccess({ sql, session: who });
  const rows = await recentFiles(sql, {
    all: access.admin,
    visible: access.visibleFolders(),
    rootVisible: atLeast(access.folder(null), "view"),
    shared: access.sharedFiles(),
  }, limit);
  return rows.map((r) => ({
    ...r,
    folder: access.path(r.folderId).map((p) => p.name).join(" / "),
  }));
}
