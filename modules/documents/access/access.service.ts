import type { Actor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/http/env.ts";
import { Access } from "./access.rules.ts";
import { accessRows } from "./access.repo.ts";

/**
 * Loads the tenant's folder tree, permissions and the caller's shares (one round trip), in
 * the actor's transaction.
 */
export async function loadAccess(
  actor: Pick<Actor, "sql"> & { session: Pick<Session, "userId" | "roles" | "permissions"> },
): Promise<Access> {
  const { folders, acl, shares } = await accessRows(actor.sql, actor.session);
  return new Access(actor.session, folders, acl, shares);
}
