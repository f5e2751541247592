import type { Session } from "../../../shared/http/env.ts";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { roleExists } from "../../../platform/identity/public.ts";
import { type Access, type AclEntry, atLeast, type Level } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { audit } from "../audit/audit.repo.ts";
import { eventPublisher } from "../../../platform/notifications/public.ts";
import { documentsEvents } from "../events.ts";
import { checkName } from "../common/names.lib.ts";
import { refuseIfFolderLocked } from "../webdav/webdav.locks.service.ts";
import {
  findFolder,
  folderAcl,
  type FolderRow,
  insertFolder,
  isMember,
  liveFolders,
  nameTaken,
  replaceAcl,
  trashTree,
  updateFolder,
} from "./folders.repo.ts";

type Who = Pick<Session, "userId" | "roles" | "permissions">;

const publish = eventPublisher(documentsEvents);

export interface FolderView extends FolderRow {
  access: Level;
}

/** A live folder the caller may see, with their access (404 otherwise). */
export async function visibleFolder(
  { sql }: Pick<SystemActor, "sql">,
  { access, id }: { access: Access; id: string },
): Promise<FolderRow> {
  const f = await findFolder(sql, id);
  if (!f || f.deletedAt || !atLeast(access.folder(id), "view")) throw problems.notFound();
  return f;
}

export async function folderTree({ sql, session: who }: Actor): Promise<FolderView[]> {
  const access = await loadAccess({ sql, session: who });
  const rows = await liveFolders(sql);
  return rows.filter((f) => atLeast(access.folder(f.id), "view"))
    .map((f) => ({ ...f, access: access.folder(f.id) }));
}

export async function createFolder(
  { sql, session: who }: Actor,
  { name, parentId }: { name: string; parentId: string | null },
) {
  const access = await loadAccess({ sql, session: who });
  if (parentId) await visibleFolder({ sql }, { access: access, id: parentId });
  access.require(access.folder(parentId), "edit");
  const clean = checkName(name);
  if (await nameTaken(sql, parentId, clean)) {
    throw problems.conflict("An item with this name exists in the folder.");
  }
  const f = await insertFolder(sql, clean, parentId);
  await audit(sql, "folder", f.id, "created", `Created folder ${f.name}`, null, f);
  await publish(sql, "documents.folder.created", {
    folderId: f.id,
    name: f.name,
    parentId,
    actorId: who.userId,
  });
  return { ...f, access: (await loadAccess({ sql, session: who })).folder(f.id) };
}

export async function updateFolderMeta(
  { sql, session: who }: Actor,
  { id, patch }: { id: string; patch: { name?: string; parentId?: string | null } },
) {
  const access = await loadAccess({ sql, session: who });
  const f = await visibleFolder({ sql }, { access: access, id: id });
  access.require(access.folder(id), "edit");
  const name = patch.name === undefined ? f.name : checkName(patch.name);
  const parentId = patch.parentId === undefined ? f.parentId : patch.parentId;
  if (parentId !== f.parentId) {
    if (parentId) await visibleFolder({ sql }, { access: access, id: parentId });
    if (parentId === id || (parentId && access.descendants(id).includes(parentId))) {
      throw problems.unprocessable("A folder cannot move into itself or its own subfolders.");
    }
    access.require(access.folder(parentId), "edit");
  }
  if (await nameTaken(sql, parentId, name, id)) {
    throw problems.conflict("An item with this name exists in the folder.");
  }
  // A rename or move changes the paths of the files inside, which their lock holders edit.
  await refuseIfFolderLocked({ sql, session: who }, [id, ...access.descendants(id)]);
  const after = await updateFolder(sql, id, { name, parentId });
  const action = parentId !== f.parentId ? "moved" : "renamed";
  await audit(sql, "folder", id, action, `${action} folder ${f.name} → ${after.name}`, f, after);
  return { ...after, access: (await loadAccess({ sql, session: who })).folder(id) };
}

export async function trashFolder({ sql, session: who }: Actor, id: string) {
  const access = await loadAccess({ sql, session: who });
  const f = await visibleFolder({ sql }, { access: access, id: id });
  access.require(access.folder(id), "edit");
  const subtree = [id, ...access.descendants(id)];
  await refuseIfFolderLocked({ sql, session: who }, subtree);
  await trashTree(sql, id, subtree);
  await audit(sql, "folder", id, "deleted", `Moved folder ${f.name} to the trash`, f, null);
}

export async function getPermissions({ sql, session: who }: Actor, id: string) {
  const access = await loadAccess({ sql, session: who });
  const f = await visibleFolder({ sql }, { access: access, id: id });
  return { folderId: id, inherit: f.inherit, entries: await folderAcl(sql, id) };
}

export async function setPermissions(
  { sql, session: who }: Actor,
  { id, body }: { id: string; body: { inherit: boolean; entries: Omit<AclEntry, "folderId">[] } },
) {
  const access = await loadAccess({ sql, session: who });
  const f = await visibleFolder({ sql }, { access: access, id: id });
  access.require(access.folder(id), "manage");
  await checkPrincipals({ sql }, body.entries);
  const before = { inherit: f.inherit, entries: await folderAcl(sql, id) };
  await replaceAcl(sql, id, body.inherit, body.entries);
  const after = { inherit: body.inherit, entries: await folderAcl(sql, id) };
  await audit(sql, "folder", id, "permissions", `Changed permissions of ${f.name}`, before, after);
  return { folderId: id, ...after };
}

/** Users must be members of the tenant and roles must exist (422 otherwise). */
export async function checkPrincipals(
  { sql }: Pick<SystemActor, "sql">,
  entries: { principalType: "user" | "role"; principalId: string }[],
) {
  for (const e of entries) {
    // Any membership of the tenant counts (status not null), whatever its state.
    const known = e.principalType === "user"
      ? await isMember(sql, e.principalId)
      : await roleExists(sql, e.principalId);
    if (!known) throw problems.unprocessable(`Unknown ${e.principalType}: ${e.principalId}`);
  }
}
