import { sha256Hex } from "../../../shared/crypto/bytes.ts";
import type { DropRow } from "./drops.repo.ts";

/** A drop link's state: an expired or revoked link (or one whose folder is gone) takes no files. */
export type DropState = "active" | "expired" | "revoked";

export function dropState(d: Pick<DropRow, "revokedAt" | "expiresAt" | "folderDeleted">) {
  if (d.revokedAt || d.folderDeleted) return "revoked" as const;
  if (d.expiresAt && Date.parse(d.expiresAt) <= Date.now()) return "expired" as const;
  return "active" as const;
}

/** A drop link as the API and the pages show it (no password hash). */
export function dropView(d: DropRow) {
  const { passwordHash: _, folderDeleted: _d, ...rest } = d;
  return { ...rest, state: dropState(d) };
}

/** The per-file limit when none is given: 100 MiB (the tenant's own limit applies too). */
export const DEFAULT_DROP_FILE_BYTES = 100 * 1024 * 1024;

/** Files one upload request may carry through a drop link. */
export const DROP_MAX_FILES = 20;

/**
 * The first of "name", "name (2)", "name (3)" … that `taken` does not hold, keeping the
 * extension: a drop never replaces a file.
 */
export async function freeName(
  name: string,
  taken: (candidate: string) => Promise<boolean>,
): Promise<string> {
  if (!await taken(name)) return name;
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : "";
  for (let i = 2;; i++) {
    const suffix = ` (${i})`;
    const candidate = `${stem.slice(0, 255 - suffix.length - ext.length)}${suffix}${ext}`;
    if (!await taken(candidate)) return candidate;
  }
}

/** The cookie that remembers a correct drop password (per link, HttpOnly). */
export async function dropProofCookie(token: string) {
  return `drop_${(await sha256Hex(token)).slice(0, 16)}`;
}

/** The cookie naming this visitor's session on a drop page (what "your uploads" lists). */
export async function dropVisitorCookie(token: string) {
  return `dropv_${(await sha256Hex(token)).slice(0, 16)}`;
}
