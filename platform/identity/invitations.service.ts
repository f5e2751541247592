import type { Sql } from "../../shared/db/database.ts";
import { setTenant } from "../../shared/db/scope.ts";
import { problems } from "../../shared/http/problem.ts";

/**
 * Accepts or declines an invitation of the current user into another tenant. The write runs
 * under that tenant's context (RLS allows writes only there), then the request's is restored.
 */
export async function answerInvitation(
  sql: Sql,
  userId: string,
  tenantId: string,
  accept: boolean,
) {
  const [{ previous }] = await sql`select current_setting('app.tenant_id', true) as previous`;
  await setTenant(sql, tenantId);
  const rows = accept
    ? await sql`update memberships set status = 'active', updated_at = now()
                where tenant_id = ${tenantId} and user_id = ${userId} and status = 'invited'
                returning tenant_id`
    : await sql`delete from memberships
                where tenant_id = ${tenantId} and user_id = ${userId} and status = 'invited'
                returning tenant_id`;
  await setTenant(sql, previous || null);
  if (rows.length === 0) throw problems.notFound("No such invitation.");
}
