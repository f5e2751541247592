import type { Sql } from "../../shared/db/database.ts";
import { type Scope, scopeSetup } from "../../shared/db/scope.ts";

/** One read per request: the caller's membership, account, tenant, permissions and stamp. */
export function readSession(tx: Sql, tid: string, sub: string, jti: string | undefined) {
  return tx`
  select u.email, u.name, u.locale, u.is_operator, t.slug, t.name as tenant_name, m.roles,
    t.status as tenant_status, t.time_zone, t.locale as tenant_locale,
    coalesce((select array_agg(distinct p order by p) from roles r, unnest(r.permissions) p
              where r.key = any(m.roles)), '{}') as permissions,
    exists(select 1 from revoked_tokens where jti = ${jti ?? null}) as revoked,
    identity_session_stamp(m.tenant_id, m.user_id) as stamp
  from memberships m join users u on u.id = m.user_id join tenants t on t.id = m.tenant_id
  where m.tenant_id = ${tid} and m.user_id = ${sub} and m.status = 'active'`;
}

/**
 * The scope's setup statement for a remembered session: it also checks that the session is
 * unchanged (identity_session_unchanged, migration 0033), so that a stale one aborts the
 * transaction before the handler's first statement.
 */
export function checkedScopeSetup(
  tx: Sql,
  scope: Scope,
  known: { tenantId: string; userId: string; jti?: string; stamp: string },
) {
  const { tenantId, userId, jti, stamp } = known;
  return scopeSetup(
    tx,
    scope,
    tx`identity_session_unchanged(${tenantId}, ${userId}, ${jti ?? null}, ${stamp})`,
  );
}
