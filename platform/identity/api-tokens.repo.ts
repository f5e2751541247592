import type { Sql } from "../../shared/db/database.ts";

export interface TokenRow {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  scopes: string[];
  /** ISO timestamps, as the database layer gives them. */
  expiresAt: string;
  createdAt: string;
  lastUsedAt: string | null;
  lastUsedFrom: string | null;
  revokedAt: string | null;
}

const columns = (sql: Sql) =>
  sql`id, user_id, name, prefix, scopes, expires_at, created_at, last_used_at, last_used_from,
      revoked_at`;

export async function insertToken(
  sql: Sql,
  t: {
    id: string;
    userId: string;
    name: string;
    prefix: string;
    hash: Uint8Array;
    scopes: string[];
    expiresAt: Date;
    createdBy: string;
  },
) {
  const [row] = await sql<TokenRow[]>`
    insert into api_tokens
      (tenant_id, id, user_id, name, prefix, token_hash, scopes, expires_at, created_by)
    values ((select nullif(current_setting('app.tenant_id', true), '')::uuid), ${t.id},
      ${t.userId}, ${t.name}, ${t.prefix}, ${t.hash}, ${t.scopes}, ${t.expiresAt},
      ${t.createdBy})
    returning ${columns(sql)}`;
  return row;
}

/** A holder's tokens in the current tenant (revoked ones of the last 30 days too). */
export async function tokensOf(sql: Sql, userId: string): Promise<TokenRow[]> {
  return await sql<TokenRow[]>`
    select ${columns(sql)} from api_tokens
    where user_id = ${userId}
      and (revoked_at is null or revoked_at > now() - interval '30 days')
    order by created_at desc`;
}

export async function findToken(sql: Sql, userId: string, id: string) {
  const [row] = await sql<TokenRow[]>`
    select ${columns(sql)} from api_tokens where user_id = ${userId} and id = ${id}`;
  return row;
}

/** Marks a token revoked and its jti in revoked_tokens (checked on every request). */
export async function revokeTokenRow(sql: Sql, id: string, jti: string) {
  const [row] = await sql<{ expiresAt: string }[]>`
    update api_tokens set revoked_at = now() where id = ${id} and revoked_at is null
    returning expires_at`;
  if (!row) return false;
  await sql`insert into revoked_tokens (jti, expires_at) values (${jti}, ${row.expiresAt})
    on conflict do nothing`;
  return true;
}

/** The live token with this hash, in any tenant (a definer function: no tenant is known yet). */
export async function tokenByHash(sql: Sql, hash: Uint8Array) {
  const [row] = await sql<
    {
      id: string;
      tenantId: string;
      userId: string;
      scopes: string[];
      expiresAt: string;
      tokenHash: Uint8Array;
    }[]
  >`select id, tenant_id, user_id, scopes, expires_at, token_hash
    from identity_api_token(${hash})`;
  return row;
}

export interface ServiceAccountRow {
  id: string;
  name: string;
  roles: string[];
  createdAt: string;
  tokens: number;
}

export async function serviceAccounts(sql: Sql): Promise<ServiceAccountRow[]> {
  return await sql<ServiceAccountRow[]>`
    select s.user_id as id, s.name, m.roles, s.created_at,
      (select count(*)::int from api_tokens t where t.user_id = s.user_id
        and t.revoked_at is null and t.expires_at > now()) as tokens
    from service_accounts s join memberships m on m.tenant_id = s.tenant_id
      and m.user_id = s.user_id and m.status = 'active'
    order by s.name, s.created_at`;
}

export async function findServiceAccount(sql: Sql, id: string) {
  return (await serviceAccounts(sql)).find((s) => s.id === id);
}

export async function insertServiceAccount(
  sql: Sql,
  a: { userId: string; name: string; createdBy: string },
) {
  await sql`insert into service_accounts (tenant_id, user_id, name, created_by)
    values ((select nullif(current_setting('app.tenant_id', true), '')::uuid), ${a.userId},
      ${a.name}, ${a.createdBy})`;
}

/** Removes a service account from the tenant: its tokens revoked, its membership gone. */
export async function deleteServiceAccount(sql: Sql, userId: string) {
  await sql`insert into revoked_tokens (jti, expires_at)
    select 'tok:' || id, expires_at from api_tokens
    where user_id = ${userId} and revoked_at is null and expires_at > now()
    on conflict do nothing`;
  await sql`update api_tokens set revoked_at = now() where user_id = ${userId}
    and revoked_at is null`;
  await sql`delete from memberships where user_id = ${userId}
    and tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)`;
  await sql`delete from service_accounts where user_id = ${userId}`;
}

/** The grants of a member of the current tenant (their roles' permissions, patterns kept). */
export async function grantsOfMember(sql: Sql, userId: string): Promise<string[]> {
  const [row] = await sql<{ grants: string[] }[]>`
    select coalesce((select array_agg(distinct p order by p) from roles r, unnest(r.permissions) p
      where r.key = any(m.roles)), '{}') as grants
    from memberships m
    where m.tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)
      and m.user_id = ${userId} and m.status = 'active'`;
  return row?.grants ?? [];
}
