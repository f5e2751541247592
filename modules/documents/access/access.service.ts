import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import { Access } from "./access.rules.ts";
import { accessRows } from "./access.repo.ts";

/** Loads the tenant's folder tree, permissions and the caller's shares (one round trip). */
export async function loadAccess(
  sql: Sql,
  session: Pick<Session, "userId" | "roles" | "permissions">,
): Promise<Access> {
  const { folders, acl, shares } = await accessRows(sql, session);
  return new Access(session, folders, acl, shares);
}
