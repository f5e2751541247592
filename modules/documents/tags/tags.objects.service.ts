import type { Actor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/http/env.ts";
import type { Access, Level } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { visibleFile } from "../files/files.service.ts";
import { visibleFolder } from "../folders/folders.service.ts";
import type { ObjectType } from "./tags.schemas.ts";

/** A file or folder the caller may see, with their level on it. */
export interface Target {
  type: ObjectType;
  id: string;
  name: string;
  folderId: string | null;
  level: Level;
  access: Access;
}

/**
 * The file or folder a tag, favourite or comment is about, if the caller may see it; 404
 * otherwise (another tenant's id, a trashed one, one in a folder closed to them).
 */
export async function target(
  { sql, session }: Pick<Actor, "sql"> & {
    session: Pick<Session, "userId" | "roles" | "permissions">;
  },
  type: ObjectType,
  id: string,
  access?: Access,
): Promise<Target> {
  const a = access ?? await loadAccess({ sql, session });
  if (type === "file") {
    const f = await visibleFile({ sql }, { access: a, id });
    return { type, id, name: f.name, folderId: f.folderId, level: a.file(f), access: a };
  }
  const d = await visibleFolder({ sql }, { access: a, id });
  return { type, id, name: d.name, folderId: d.parentId, level: a.folder(id), access: a };
}
