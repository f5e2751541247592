import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import type { AclEntry, FolderNode, ShareGrant } from "./access.rules.ts";

/** The tenant's folder tree, permissions and the caller's shares (one round trip). */
export async function accessRows(
  sql: Sql,
  session: Pick<Session, "userId" | "roles" | "permissions">,
): Promise<{ folders: FolderNode[]; acl: AclEntry[]; shares: ShareGrant[] }> {
  const [folders, acl, shares] = await Promise.all([
    sql<FolderNode[]>`
      select id, parent_id, name, inherit, created_by, deleted_at from doc_folders`,
    sql<AclEntry[]>`
      select folder_id, principal_type, principal_id, level from doc_permissions`,
    sql<ShareGrant[]>`
      select target_type, target_id, level from doc_shares
      where revoked_at is null and (expires_at is null or expires_at > now())
        and ((kind = 'user' and principal_id = ${session.userId})
          or (kind = 'group' and principal_id = any(${session.roles})))`,
  ]);
  return { folders, acl, shares };
}
