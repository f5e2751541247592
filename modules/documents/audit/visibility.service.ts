import type { Sql } from "../../../shared/db/database.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/http/env.ts";
import { type Access, atLeast } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { treeFileFolders } from "./visibility.repo.ts";
import { isUuid } from "../../../shared/http/ids.ts";

/**
 * Every role reads `documents.*.read`, audit included; the audit lines, statistics and largest
 * files name files and folders, so those outside the caller's folder permissions and shares
 * are left out (owners and admins see everything; settings changes are theirs only). Paging
 * stays keyset over the unfiltered log, so a page may hold fewer than `limit` lines.
 */
export async function visibleTo(
  actor: Pick<Actor, "sql"> & { session: Pick<Session, "userId" | "roles" | "permissions"> },
): Promise<Visibility> {
  const access = await loadAccess(actor);
  return new Visibility(actor.sql, access);
}

export class Visibility {
  constructor(readonly sql: Sql, readonly access: Access) {}

  async entries<T extends { entityType: string; entityId: string }>(items: T[]): Promise<T[]> {
    if (this.access.admin) return items;
    const files = await this.#files(
      items.filter((i) => i.entityType === "file").map((i) => i.entityId),
    );
    return items.filter((i) =>
      i.entityType === "file"
        ? files.has(i.entityId)
        : i.entityType === "folder"
        ? atLeast(this.access.folder(i.entityId), "view")
        : false
    );
  }

  async files<T extends { id: string }>(items: T[]): Promise<T[]> {
    if (this.access.admin) return items;
    const ok = await this.#files(items.map((i) => i.id));
    return items.filter((i) => ok.has(i.id));
  }

  /** Which of these file ids (of the folder tree, not attachments) the caller may view. */
  async #files(ids: string[]): Promise<Set<string>> {
    const wanted = [...new Set(ids.filter((id) => isUuid(id)))];
    if (!wanted.length) return new Set();
    const rows = await treeFileFolders(this.sql, wanted);
    return new Set(rows.filter((r) => atLeast(this.access.file(r), "view")).map((r) => r.id));
  }
}
