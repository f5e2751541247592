import type { Sql } from "../../shared/db/database.ts";
import { uuidv7 } from "uuidv7";
import { setTenant } from "../../shared/db/scope.ts";
import type { MemberRow, UserRow } from "./identity.schemas.ts";

export type { MemberRow, UserRow };

// Accounts are visible to the application role only as its own or as members of the current
// tenant (RLS, migration 0030). Looking one up by e-mail before that, and creating one, go
// through narrow security-definer functions.

/** Sign-in: the account with this e-mail, whatever tenant it belongs to. */
export async function userForLogin(
  sql: Sql,
  email: string,
): Promise<Omit<UserRow, "isOperator"> | undefined> {
  const [row] = await sql<Omit<UserRow, "isOperator">[]>`
    select id, email, name, password_hash, locale from identity_user_for_login(${email})`;
  return row;
}

/** The id of the account with this e-mail (adding a member, creating a tenant's owner). */
export async function userIdByEmail(sql: Sql, email: string): Promise<string | undefined> {
  const [row] = await sql<{ id: string | null }[]>`
    select identity_user_id_by_email(${email}) as id`;
  return row.id ?? undefined;
}

/**
 * Creates an account. It is not visible to the application role until it has a membership in
 * the current tenant, so the row is returned as written rather than read back.
 */
export async function insertUser(
  sql: Sql,
  u: { email: string; name: string; passwordHash: string | null; isOperator?: boolean },
): Promise<UserRow> {
  const id = uuidv7();
  const isOperator = u.isOperator ?? false;
  await sql`select identity_create_user(${id}, ${u.email}, ${u.name}, ${u.passwordHash},
                                        ${isOperator})`;
  return {
    id,
    email: u.email,
    name: u.name,
    passwordHash: u.passwordHash,
    locale: null,
    isOperator,
  };
}

/** An account the transaction may see (oneself, or a member of the current tenant). */
export async function visibleUser(sql: Sql, userId: string) {
  const [row] = await sql<{ id: string; email: string; name: string }[]>`
    select id, email, name from users where id = ${userId}`;
  return row;
}

/** The membership an external token's tenant (slug or id) and e-mail point to. */
export async function externalMember(sql: Sql, tenant: string, email: string) {
  const [row] = await sql<{ tid: string; sub: string }[]>`
    select tenant_id as tid, user_id as sub from identity_external_member(${tenant}, ${email})`;
  return row ?? null;
}

export async function setUserLocale(sql: Sql, userId: string, locale: string | null) {
  await sql`update users set locale = ${locale}, updated_at = now() where id = ${userId}`;
}

// The tenant's own name for a member wins over the account's name (which it never edits).
const memberColumns = (sql: Sql) =>
  sql`u.id, u.email, coalesce(m.display_name, u.name) as name, u.locale, m.roles, m.status,
      m.created_at`;

/** Members of the current tenant (RLS scopes memberships to it). */
export async function listMembers(
  sql: Sql,
  opts: { limit: number; after?: [string, string] | null; q?: string },
): Promise<MemberRow[]> {
  return await sql<MemberRow[]>`
    select ${memberColumns(sql)}
    from memberships m join users u on u.id = m.user_id
    where m.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      ${
    opts.q
      ? sql`and (u.email ilike ${"%" + opts.q + "%"} or u.name ilike ${"%" + opts.q + "%"})`
      : sql``
  }
      ${opts.after ? sql`and (lower(u.email), u.id) > (${opts.after[0]}, ${opts.after[1]})` : sql``}
    order by lower(u.email), u.id
    limit ${opts.limit + 1}`;
}

export async function findMember(sql: Sql, userId: string): Promise<MemberRow | undefined> {
  const [row] = await sql<MemberRow[]>`
    select ${memberColumns(sql)}
    from memberships m join users u on u.id = m.user_id
    where m.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and m.user_id = ${userId}`;
  return row;
}

export async function insertMembership(
  sql: Sql,
  tenantId: string,
  userId: string,
  roles: string[],
  opts: { status?: "active" | "invited"; displayName?: string } = {},
) {
  await sql`insert into memberships (tenant_id, user_id, roles, status, display_name)
            values (${tenantId}, ${userId}, ${roles}, ${opts.status ?? "active"},
                    ${opts.displayName ?? null})`;
}

export async function updateMembership(
  sql: Sql,
  userId: string,
  patch: { roles?: string[]; status?: string; name?: string },
) {
  await sql`
    update memberships set
      roles = coalesce(${patch.roles ?? null}::text[], roles),
      status = coalesce(${patch.status ?? null}, status),
      display_name = coalesce(${patch.name ?? null}, display_name),
      updated_at = now()
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and user_id = ${userId}`;
}

/** Active owners of the current tenant, locked so concurrent demotions cannot remove all. */
export async function lockOwners(sql: Sql): Promise<string[]> {
  const rows = await sql`
    select user_id from memberships
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and 'owner' = any(roles) and status = 'active'
    for update`;
  return rows.map((r) => r.userId as string);
}

/**
 * Both lists the shell shows (workspaces to switch to, invitations to answer) in one query,
 * since every page renders them. Suspended tenants are left out of both.
 */
export async function workspacesOfUser(sql: Sql, userId: string) {
  const rows = await sql<
    { id: string; slug: string; name: string; roles: string[]; status: string; invitedAt: string }[]
  >`
    select t.id, t.slug, t.name, m.roles, m.status, m.created_at as invited_at
    from memberships m join tenants t on t.id = m.tenant_id
    where m.user_id = ${userId} and m.status in ('active', 'invited') and t.status = 'active'
    order by t.name, m.created_at`;
  return {
    tenants: rows.filter((r) => r.status === "active").map(({ id, slug, name }) => ({
      id,
      slug,
      name,
    })),
    invitations: rows.filter((r) => r.status === "invited")
      .map(({ id, slug, name, roles, invitedAt }) => ({ id, slug, name, roles, invitedAt })),
  };
}

/** Tenants that invited this user (an existing account) and await an answer. */
export async function invitationsOfUser(sql: Sql, userId: string) {
  return await sql<
    { id: string; slug: string; name: string; roles: string[]; invitedAt: string }[]
  >`
    select t.id, t.slug, t.name, m.roles, m.created_at as invited_at
    from memberships m join tenants t on t.id = m.tenant_id
    where m.user_id = ${userId} and m.status = 'invited' and t.status = 'active'
    order by m.created_at`;
}

/**
 * The tenants a user is an active member of, suspended ones included (sign-in and tenant
 * switch say why they refuse those). Their own memberships are visible across tenants.
 */
export async function memberTenants(sql: Sql, userId: string) {
  return await sql<{ id: string; slug: string; name: string; status: string }[]>`
    select t.id, t.slug, t.name, t.status from memberships m join tenants t on t.id = m.tenant_id
    where m.user_id = ${userId} and m.status = 'active' order by t.name`;
}

/** The active tenants a user is an active member of (what they can switch to). */
export async function tenantsOfUser(sql: Sql, userId: string) {
  return await sql<{ id: string; slug: string; name: string }[]>`
    select t.id, t.slug, t.name from memberships m join tenants t on t.id = m.tenant_id
    where m.user_id = ${userId} and m.status = 'active' and t.status = 'active'
    order by t.name`;
}

/** The roles of a user in a tenant ([] when not a member). */
export async function membershipRoles(sql: Sql, tenantId: string, userId: string) {
  const [m] = await sql`select roles from memberships
                       where tenant_id = ${tenantId} and user_id = ${userId}`;
  return (m?.roles ?? []) as string[];
}

/** The signed-in user's own account row. */
export async function accountOf(sql: Sql, userId: string) {
  const [user] =
    await sql`select id, email, name, locale, is_operator from users where id = ${userId}`;
  return user as {
    id: string;
    email: string;
    name: string;
    locale: string | null;
    isOperator: boolean;
  };
}

/** Revokes a token until it would have expired anyway. */
export async function insertRevokedToken(sql: Sql, jti: string, expiresAtEpoch: number) {
  await sql`insert into revoked_tokens (jti, expires_at)
           values (${jti}, to_timestamp(${expiresAtEpoch})) on conflict do nothing`;
}

/**
 * Accepts (activates) or declines (deletes) an invitation of the user into another tenant, under
 * that tenant's context (RLS allows writes only there); the previous one is restored. Whether
 * there was such an invitation.
 */
export async function answerInvitationRow(
  sql: Sql,
  userId: string,
  tenantId: string,
  accept: boolean,
): Promise<boolean> {
  const previous = await currentTenantSetting(sql);
  await setTenant(sql, tenantId);
  const rows = accept
    ? await sql`update memberships set status = 'active', updated_at = now()
                where tenant_id = ${tenantId} and user_id = ${userId} and status = 'invited'
                returning tenant_id`
    : await sql`delete from memberships
                where tenant_id = ${tenantId} and user_id = ${userId} and status = 'invited'
                returning tenant_id`;
  await setTenant(sql, previous || null);
  return rows.length > 0;
}

/** The transaction's current tenant setting ('' or null when none). */
export async function currentTenantSetting(sql: Sql): Promise<string | null> {
  const [{ previous }] = await sql`select current_setting('app.tenant_id', true) as previous`;
  return previous;
}
