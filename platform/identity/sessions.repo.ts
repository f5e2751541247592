import type { Sql } from "../../shared/db/database.ts";

export interface SessionRow {
  jti: string;
  tenantId: string;
  tenantName: string;
  /** ISO timestamps, as the database layer gives them. */
  createdAt: string;
  expiresAt: string;
  userAgent: string;
  lastSeenAt: string;
  lastSeenFrom: string;
}

/** Records a freshly issued sign-in token (the transaction is scoped to its user). */
export async function insertSession(
  sql: Sql,
  s: {
    tenantId: string;
    jti: string;
    userId: string;
    expiresAt: Date;
    userAgent: string;
    address: string;
  },
) {
  // The tenant's context is set for these statements only (sign-in runs scoped to the user, a
  // tenant switch in the previous tenant); the previous one is restored.
  const [{ prev }] = await sql<{ prev: string | null }[]>`
    select current_setting('app.tenant_id', true) as prev`;
  await sql`select set_config('app.tenant_id', ${s.tenantId}, true)`;
  await sql`insert into sign_in_sessions
      (tenant_id, jti, user_id, expires_at, user_agent, last_seen_from)
    values (${s.tenantId}, ${s.jti}, ${s.userId}, ${s.expiresAt}, ${s.userAgent}, ${s.address})`;
  // Sessions that ended long ago are of no use to anyone.
  await sql`delete from sign_in_sessions
    where tenant_id = ${s.tenantId} and user_id = ${s.userId}
      and expires_at < now() - interval '1 day'`;
  await sql`select set_config('app.tenant_id', ${prev ?? ""}, true)`;
}

/** The user's live sessions in every workspace (their own rows, by policy), latest first. */
export async function sessionsOfUser(sql: Sql, userId: string): Promise<SessionRow[]> {
  return await sql<SessionRow[]>`
    select s.jti, s.tenant_id, t.name as tenant_name, s.created_at, s.expires_at, s.user_agent,
      s.last_seen_at, s.last_seen_from
    from sign_in_sessions s join tenants t on t.id = s.tenant_id
    where s.user_id = ${userId} and s.expires_at > now()
      and not exists (select 1 from revoked_tokens r where r.jti = s.jti)
    order by s.last_seen_at desc, s.created_at desc`;
}

/**
 * Ends sessions of an account (revokes their jti), and its personal API tokens when `withTokens`,
 * through the definer function; it refuses unless the transaction acts as that account
 * (app.user_id, migration 0041). How many sessions.
 */
export async function endSessions(
  sql: Sql,
  userId: string,
  exceptJti: string | null,
  withTokens: boolean,
) {
  const [row] = await sql<{ ended: number }[]>`
    select identity_end_access(${userId}, ${exceptJti}, ${withTokens}) as ended`;
  return row.ended;
}

/** Notes a session's last request, at most once per `minutes` (a no-op otherwise). */
export async function touchSessionRow(sql: Sql, jti: string, address: string, minutes: number) {
  await sql`update sign_in_sessions set last_seen_at = now(), last_seen_from = ${address}
    where tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)
      and jti = ${jti} and last_seen_at < now() - make_interval(mins => ${minutes})`;
}

/** Notes a token's last use, at most once per `minutes`. */
export async function touchTokenRow(sql: Sql, id: string, address: string, minutes: number) {
  await sql`update api_tokens set last_used_at = now(), last_used_from = ${address}
    where tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)
      and id = ${id}
      and (last_used_at is null or last_used_at < now() - make_interval(mins => ${minutes}))`;
}
