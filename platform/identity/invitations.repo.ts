import type { Sql } from "../../shared/db/database.ts";
import type { InvitationRow } from "./invitations.schemas.ts";

export type { InvitationRow };

/** An invitation lives for 7 days from when it was (re)sent. */
export const INVITATION_TTL_SECONDS = 7 * 86400;

const columns = (sql: Sql) =>
  sql`i.id, i.email, i.roles, i.created_at, i.sent_at, i.expires_at, i.accepted_at,
      i.revoked_at, i.invited_by, d.name as invited_by_name,
      case when i.accepted_at is not null then 'accepted'
           when i.revoked_at is not null then 'revoked'
           when i.expires_at <= now() then 'expired'
           else 'pending' end as state`;

const from = (sql: Sql) =>
  sql`identity_invitations i left join member_directory d on d.user_id = i.invited_by`;

/** Records an invitation of the current tenant (its link's hash only). */
export async function insertInvitation(
  sql: Sql,
  row: { id: string; email: string; roles: string[]; tokenHash: string; invitedBy: string },
): Promise<InvitationRow> {
  await sql`
    insert into identity_invitations (tenant_id, id, email, roles, token_hash, invited_by,
                                      expires_at)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${row.id}, ${row.email},
            ${row.roles}, ${row.tokenHash}, ${row.invitedBy},
            now() + make_interval(secs => ${INVITATION_TTL_SECONDS}))`;
  return (await findInvitation(sql, row.id))!;
}

export async function findInvitation(sql: Sql, id: string): Promise<InvitationRow | undefined> {
  const [row] = await sql<InvitationRow[]>`
    select ${columns(sql)} from ${from(sql)} where i.id = ${id}`;
  return row;
}

/** The pending (not accepted, not revoked) invitation of an address, expired or not. */
export async function openInvitationFor(
  sql: Sql,
  email: string,
): Promise<InvitationRow | undefined> {
  const [row] = await sql<InvitationRow[]>`
    select ${columns(sql)} from ${from(sql)}
    where lower(i.email) = lower(${email}) and i.accepted_at is null and i.revoked_at is null`;
  return row;
}

/** Open invitations of the current tenant, newest first, keyset-paged on the id (UUIDv7). */
export async function listOpenInvitations(
  sql: Sql,
  opts: { limit: number; after?: string | null },
): Promise<InvitationRow[]> {
  return await sql<InvitationRow[]>`
    select ${columns(sql)} from ${from(sql)}
    where i.accepted_at is null and i.revoked_at is null
      ${opts.after ? sql`and i.id < ${opts.after}` : sql``}
    order by i.id desc
    limit ${opts.limit + 1}`;
}

/** A new link for an open invitation (the old hash is gone): sent now, 7 days again. */
export async function renewInvitation(sql: Sql, id: string, tokenHash: string) {
  const rows = await sql`
    update identity_invitations set token_hash = ${tokenHash}, sent_at = now(),
      expires_at = now() + make_interval(secs => ${INVITATION_TTL_SECONDS})
    where id = ${id} and accepted_at is null and revoked_at is null
    returning id`;
  return rows.length > 0;
}

export async function markRevoked(sql: Sql, id: string) {
  const rows = await sql`
    update identity_invitations set revoked_at = now()
    where id = ${id} and accepted_at is null and revoked_at is null returning id`;
  return rows.length > 0;
}

/** Accepts an open, unexpired invitation once (the row is locked by the update). */
export async function markAccepted(sql: Sql, id: string, userId: string) {
  const rows = await sql`
    update identity_invitations set accepted_at = now(), accepted_by = ${userId}
    where id = ${id} and accepted_at is null and revoked_at is null and expires_at > now()
    returning id`;
  return rows.length > 0;
}

/** A link's invitation, before any tenant is known: its tenant and id (definer function). */
export async function invitationByTokenHash(sql: Sql, tokenHash: string) {
  const [row] = await sql<{ tenantId: string; id: string }[]>`
    select tenant_id, id from identity_invitation_by_token(${tokenHash})`;
  return row;
}

/** The stored hash of an invitation (to confirm a lookup in constant time). */
export async function invitationHash(sql: Sql, id: string): Promise<string | undefined> {
  const [row] = await sql<{ tokenHash: string }[]>`
    select token_hash from identity_invitations where id = ${id}`;
  return row?.tokenHash;
}

/** The current tenant's name, slug and language (the mail and the link's page show them). */
export async function currentTenantFacts(sql: Sql) {
  const [row] = await sql<
    { id: string; name: string; slug: string; locale: string | null; timeZone: string | null }[]
  >`
    select id, name, slug, locale, time_zone from tenants
    where id = nullif(current_setting('app.tenant_id', true), '')::uuid`;
  return row;
}

/** The membership status of an account in the current tenant (undefined: none). */
export async function membershipStatus(sql: Sql, userId: string) {
  const [row] = await sql<{ status: string }[]>`
    select status from memberships
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and user_id = ${userId}`;
  return row?.status as "active" | "disabled" | "invited" | undefined;
}

/** Activates an existing account's waiting membership with the invitation's roles. */
export async function activateMembership(sql: Sql, userId: string, roles: string[]) {
  await sql`
    update memberships set status = 'active', roles = ${roles}, updated_at = now()
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and user_id = ${userId} and status = 'invited'`;
}

/** Drops an account's waiting membership (its invitation was revoked). */
export async function dropWaitingMembership(sql: Sql, userId: string) {
  await sql`
    delete from memberships
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and user_id = ${userId} and status = 'invited'`;
}

/** Acts as this user for the rest of the transaction (the new member's own first steps). */
export async function actAs(sql: Sql, userId: string) {
  await sql`select set_config('app.user_id', ${userId}, true)`;
}
