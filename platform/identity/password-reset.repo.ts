import type { Sql } from "../../shared/db/database.ts";

/** A reset link lives 30 minutes. */
export const RESET_TTL_SECONDS = 30 * 60;

/**
 * Issues a reset link for the account with this address, if there is one (definer function:
 * earlier unused links of the account die). Whom to write to, and from which workspace.
 */
export async function issueReset(sql: Sql, email: string, tokenHash: string, id: string) {
  const [row] = await sql<
    {
      userId: string;
      email: string;
      name: string;
      locale: string | null;
      tenantId: string | null;
      tenantLocale: string | null;
    }[]
  >`select user_id, email, name, locale, tenant_id, tenant_locale
    from identity_password_reset_issue(${email}, ${tokenHash}, ${id}, ${RESET_TTL_SECONDS})`;
  return row;
}

/** A link's account and whether it can still be used (definer function). */
export async function peekReset(sql: Sql, tokenHash: string) {
  const [row] = await sql<{ userId: string; email: string; name: string; usable: boolean }[]>`
    select user_id, email, name, usable from identity_password_reset_peek(${tokenHash})`;
  return row;
}

/** Uses a link once: the new password is set; the account, or undefined (definer function). */
export async function useReset(sql: Sql, tokenHash: string, passwordHash: string) {
  const [row] = await sql<{ userId: string; email: string; name: string }[]>`
    select user_id, email, name from identity_password_reset_use(${tokenHash}, ${passwordHash})`;
  return row;
}

/** The active workspaces of an account (visible to a transaction acting as that account). */
export async function activeTenantsOf(sql: Sql, userId: string) {
  const rows = await sql<{ tenantId: string }[]>`
    select m.tenant_id from memberships m join tenants t on t.id = m.tenant_id
    where m.user_id = ${userId} and m.status = 'active' and t.status = 'active'`;
  return rows.map((r) => r.tenantId);
}
