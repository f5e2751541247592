import type { Session } from "../../../shared/http/env.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { problems } from "../../../shared/http/problem.ts";

export type Level = "none" | "view" | "edit" | "manage";
const RANK: Record<Level, number> = { none: 0, view: 1, edit: 2, manage: 3 };
export const atLeast = (have: Level, need: Level) => RANK[have] >= RANK[need];
const max = (a: Level, b: Level): Level => (RANK[a] >= RANK[b] ? a : b);
const min = (a: Level, b: Level): Level => (RANK[a] <= RANK[b] ? a : b);

export interface FolderNode {
  id: string;
  parentId: string | null;
  name: string;
  inherit: boolean;
  createdBy: string | null;
  deletedAt: string | null;
}

export interface AclEntry {
  folderId: string;
  principalType: "user" | "role";
  principalId: string;
  level: Exclude<Level, "none">;
}

export interface ShareGrant {
  targetType: "file" | "folder";
  targetId: string;
  level: "view" | "edit";
}

/**
 * What the caller may do where. Folder permissions (users and roles as groups) are inherited
 * down the tree until a folder breaks inheritance; a folder chain without any entries is open
 * to everyone by their role's permissions. Owners and admins see and manage everything.
 * Shares to the caller (or one of their roles) add to that for the shared file or subtree.
 * The role permission caps every level: without documents.file.write nothing is above view.
 */
export class Access {
  readonly folders = new Map<string, FolderNode>();
  readonly #acl = new Map<string, AclEntry[]>();
  readonly #shares: ShareGrant[];
  readonly #memo = new Map<string, Level>();
  readonly admin: boolean;
  readonly base: Level;

  constructor(
    readonly session: Pick<Session, "userId" | "roles" | "permissions">,
    folders: FolderNode[],
    acl: AclEntry[],
    shares: ShareGrant[],
  ) {
    for (const f of folders) this.folders.set(f.id, f);
    for (const e of acl) {
      const list = this.#acl.get(e.folderId) ?? [];
      list.push(e);
      this.#acl.set(e.folderId, list);
    }
    this.#shares = shares;
    this.admin = session.roles.includes("owner") || session.roles.includes("admin");
    const p = session.permissions;
    this.base = hasPermission(p, "documents.file.write")
      ? "manage"
      : hasPermission(p, "documents.file.read")
      ? "view"
      : "none";
  }

  #matches(e: AclEntry) {
    return e.principalType === "user"
      ? e.principalId === this.session.userId
      : this.session.roles.includes(e.principalId);
  }

  /** The level from folder permissions alone (no shares). */
  #aclLevel(id: string): Level {
    const entries: AclEntry[] = [];
    let broken = false;
    for (let cur = this.folders.get(id); cur; cur = this.folders.get(cur.parentId ?? "")) {
      entries.push(...(this.#acl.get(cur.id) ?? []));
      if (!cur.inherit) {
        broken = true;
        break;
      }
    }
    // A chain without entries (and no break) is unrestricted: what the role gives, except
    // managing permissions. A break with no entries leaves the folder to its managers.
    if (!entries.length && !broken) return min(this.base, "edit");
    const granted = entries.filter((e) => this.#matches(e)).reduce<Level>(
      (l, e) => max(l, e.level),
      "none",
    );
    return min(granted, this.base);
  }

  /** The caller's level on a folder (null: the root). */
  folder(id: string | null): Level {
    if (this.admin) return "manage";
    if (id === null) return min(this.base, "edit");
    const known = this.#memo.get(id);
    if (known) return known;
    let level = this.folders.has(id) ? this.#aclLevel(id) : "none";
    for (let cur = this.folders.get(id); cur; cur = this.folders.get(cur.parentId ?? "")) {
      // Whoever made a folder manages it and what is below it (within their role's rights).
      if (cur.createdBy === this.session.userId) level = max(level, this.base);
      for (const s of this.#shares) {
        if (s.targetType === "folder" && s.targetId === cur.id) {
          level = max(level, min(s.level, this.base));
        }
      }
      // A folder that breaks inheritance keeps what is granted on it and below, not above: a
      // share (or authorship) of a parent must not open a subfolder closed to the sharer.
      if (!cur.inherit) break;
    }
    this.#memo.set(id, level);
    return level;
  }

  /** The caller's level on a file in `folderId`. */
  file(f: { id: string; folderId: string | null }): Level {
    let level = this.folder(f.folderId);
    for (const s of this.#shares) {
      if (s.targetType === "file" && s.targetId === f.id) {
        level = max(level, min(s.level, this.base));
      }
    }
    return level;
  }

  /** Ids of every folder the caller may at least view. */
  visibleFolders(): string[] {
    return [...this.folders.keys()].filter((id) => atLeast(this.folder(id), "view"));
  }

  /** Ids of files shared with the caller directly. */
  sharedFiles(): string[] {
    return this.#shares.filter((s) => s.targetType === "file").map((s) => s.targetId);
  }

  /** The folder and its ancestors, root first. */
  path(id: string | null): FolderNode[] {
    const out: FolderNode[] = [];
    for (let cur = this.folders.get(id ?? ""); cur; cur = this.folders.get(cur.parentId ?? "")) {
      out.unshift(cur);
    }
    return out;
  }

  /** Every folder below `id` (not itself). */
  descendants(id: string): string[] {
    const out: string[] = [];
    const walk = (parent: string) => {
      for (const f of this.folders.values()) {
        if (f.parentId === parent) {
          out.push(f.id);
          walk(f.id);
        }
      }
    };
    walk(id);
    return out;
  }

  require(have: Level, need: Level) {
    if (!atLeast(have, need)) {
      // Nothing visible is not found; visible but not enough is forbidden.
      throw have === "none" ? problems.notFound() : problems.forbidden(
        `This needs ${need} access to the folder.`,
      );
    }
  }
}
