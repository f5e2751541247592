import type { Access } from "../access/access.rules.ts";
import type { FileRow } from "./files.repo.ts";

/** The file as the API shows it (no storage key). */
export function fileView(f: FileRow, access?: Access) {
  const { storageKey: _, ownerModule: _m, ownerType: _t, ownerId: _o, trashRoot: _r, ...rest } = f;
  return { ...rest, access: access ? access.file(f) : undefined };
}
