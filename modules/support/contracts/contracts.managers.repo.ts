import type { Sql } from "../../../shared/db/database.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";

/** Active members who may write contracts: they get the renewal reminders in-app. */
export async function contractManagers(sql: Sql): Promise<string[]> {
  const rows = await sql`
    select m.user_id, coalesce(array_agg(p) filter (where p is not null), '{}') as permissions
    from memberships m left join roles r on r.key = any(m.roles)
    left join lateral unnest(r.permissions) p on true
    where m.status = 'active' group by m.user_id`;
  return rows.filter((r) => hasPermission(r.permissions, "support.contract.write"))
    .map((r) => r.userId as string);
}
