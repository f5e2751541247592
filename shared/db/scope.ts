import type { Sql } from "./database.ts";

/** The role every scoped transaction switches to: it owns nothing and cannot bypass RLS. */
export const APP_ROLE = "platform_app";

export interface Scope {
  tenantId?: string | null;
  userId?: string | null;
}

/**
 * Runs fn in one transaction as the application role with the tenant and user set for RLS.
 * Throwing inside fn rolls everything back.
 */
export async function withScope<T>(sql: Sql, scope: Scope, fn: (tx: Sql) => Promise<T>) {
  return await sql.begin(async (tx) => {
    await tx`select set_config('role', ${APP_ROLE}, true),
                    set_config('app.tenant_id', ${scope.tenantId ?? ""}, true),
                    set_config('app.user_id', ${scope.userId ?? ""}, true)`;
    return await fn(tx as unknown as Sql);
  }) as T;
}

/** Points an open scoped transaction at another tenant (operator work across tenants). */
export async function setTenant(tx: Sql, tenantId: string | null) {
  await tx`select set_config('app.tenant_id', ${tenantId ?? ""}, true)`;
}
