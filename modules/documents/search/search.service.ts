import type { Actor } from "../../../shared/http/actor.ts";
import type { SearchHit, SearchProvider } from "../../../shared/modules.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { Access, atLeast } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { nameCursor } from "../common/names.lib.ts";
import { fold } from "../../../shared/text/fold.ts";
import { visibleFolder } from "../folders/folders.service.ts";
import {
  contentFileHits,
  folderPaths,
  newestFileHits,
  type SearchFilter,
  searchRows,
} from "./search.repo.ts";
import { highlightSnippet, plainSnippet } from "../../../shared/text/snippet.ts";

export async function search(
  { sql, session: who }: Actor,
  q: Omit<SearchFilter, "within"> & { folderId?: string; limit: number; cursor?: string },
) {
  const access = await loadAccess({ sql, session: who });
  let within: string[] | undefined;
  if (q.folderId) {
    await visibleFolder({ sql }, { access: access, id: q.folderId });
    within = [q.folderId, ...access.descendants(q.folderId)].filter((id) =>
      !access.folders.get(id)?.deletedAt
    );
  }
  const after = nameCursor(decodeCursor(q.cursor, ["text", "uuid"]));
  const rows = await searchRows(
    sql,
    { ...q, q: q.q ? fold(q.q) : undefined, within },
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
    items: page.items.map(({ sortName: _, excerpt, ...r }) => ({
      ...r,
      snippet: excerpt && q.q ? highlightSnippet(excerpt, q.q) : null,
      path: access.path(r.kind === "file" ? r.folderId : r.folderId).map((p) => p.name).join("/"),
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Documents' part of the global search: the newest files and folders by name, each with the
 * folder it is in, only what the caller may see (folder permissions and shares, as in `search`).
 */
export const searchDocuments: SearchProvider = async ({ sql, session }, q, limit) => {
  if (!hasPermission(session.permissions, "documents.file.read")) return [];
  // Owners and admins see everything: the folder tree is loaded only to work out what others
  // may see (the rule itself stays in Access).
  const admin = new Access(session, [], [], []).admin;
  const access = admin ? null : await loadAccess({ sql, session });
  const scope = access
    ? {
      all: false,
      visible: access.visibleFolders(),
      rootVisible: atLeast(access.folder(null), "view"),
      shared: access.sharedFiles(),
    }
    : { all: true, visible: [], rootVisible: true, shared: [] };
  const folded = fold(q);
  const files = await newestFileHits(sql, folded, scope, limit);
  const byText = folded ? await contentFileHits(sql, folded, scope, limit) : [];
  // searchRows reads one row beyond the limit (for paging); the search shows `limit`.
  const folders = (await searchRows(sql, { q: folded, type: "folder" }, scope, limit, null))
    .slice(0, limit);
  const parents = [...files, ...byText, ...folders].map((h) => h.folderId).filter((id) =>
    id !== null
  );
  const paths = await folderPaths(sql, [...new Set(parents)]);
  const where = (folderId: string | null) => (folderId && paths.get(folderId)) || null;
  return [
    ...files.map((f): SearchHit => ({
      kind: "file",
      title: f.name,
      subtitle: where(f.folderId),
      href: `/documents/files?file=${f.id}${f.folderId ? `&folder=${f.folderId}` : ""}`,
    })),
    ...byText.map((f): SearchHit => ({
      kind: "file",
      title: f.name,
      subtitle: [where(f.folderId), plainSnippet(f.excerpt, q)].filter(Boolean).join(" · "),
      href: `/documents/files?file=${f.id}${f.folderId ? `&folder=${f.folderId}` : ""}`,
    })),
    ...folders.map((d): SearchHit => ({
      kind: "folder",
      title: d.name,
      subtitle: where(d.folderId),
      href: `/documents/files?folder=${d.id}`,
    })),
  ];
};
