import type { Sql } from "../../shared/db/database.ts";
import { setTenant } from "../../shared/db/scope.ts";
import type { Sealed } from "../../shared/crypto/secret-box.ts";
import type { SsoOffer } from "./sso.schemas.ts";
import { factorsOf } from "./two-factor.repo.ts";

/** A tenant's stored SSO settings (the sealed secret included: only services read it). */
export interface SsoRow {
  tenantId: string;
  enabled: boolean;
  issuer: string;
  clientId: string;
  secretCiphertext: Uint8Array | null;
  secretNonce: Uint8Array | null;
  secretKeyId: string | null;
  allowedDomains: string[];
  roleClaim: string | null;
  roleMap: { value: string; role: string }[];
  defaultRole: string;
  ssoRequired: boolean;
  breakGlassUserId: string | null;
  label: string;
  updatedAt: string;
}

/** The current tenant's settings (RLS scopes the table to it). */
export async function findSso(sql: Sql): Promise<SsoRow | undefined> {
  const [row] = await sql<SsoRow[]>`
    select tenant_id, enabled, issuer, client_id, secret_ciphertext, secret_nonce, secret_key_id,
           allowed_domains, role_claim, role_map, default_role, sso_required,
           break_glass_user_id, label, updated_at
    from identity_sso
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid`;
  return row;
}

/** Inserts or replaces the current tenant's settings; `sealed` undefined keeps the secret. */
export async function upsertSso(
  sql: Sql,
  tenantId: string,
  s: Omit<SsoRow, "tenantId" | "secretCiphertext" | "secretNonce" | "secretKeyId" | "updatedAt">,
  sealed: Sealed | undefined,
) {
  await sql`
    insert into identity_sso (tenant_id, enabled, issuer, client_id, secret_ciphertext,
      secret_nonce, secret_key_id, allowed_domains, role_claim, role_map, default_role,
      sso_required, break_glass_user_id, label, updated_at)
    values (${tenantId}, ${s.enabled}, ${s.issuer}, ${s.clientId}, ${sealed?.ciphertext ?? null},
      ${sealed?.nonce ?? null}, ${sealed?.keyId ?? null}, ${s.allowedDomains}::text[],
      ${s.roleClaim}, ${JSON.stringify(s.roleMap)}::text::jsonb, ${s.defaultRole},
      ${s.ssoRequired}, ${s.breakGlassUserId}, ${s.label}, now())
    on conflict (tenant_id) do update set
      enabled = excluded.enabled, issuer = excluded.issuer, client_id = excluded.client_id,
      ${
    sealed
      ? sql`secret_ciphertext = excluded.secret_ciphertext, secret_nonce = excluded.secret_nonce,
            secret_key_id = excluded.secret_key_id,`
      : sql``
  }
      allowed_domains = excluded.allowed_domains, role_claim = excluded.role_claim,
      role_map = excluded.role_map, default_role = excluded.default_role,
      sso_required = excluded.sso_required, break_glass_user_id = excluded.break_glass_user_id,
      label = excluded.label, updated_at = now()`;
}

export async function deleteSso(sql: Sql): Promise<boolean> {
  const rows = await sql`
    delete from identity_sso
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
    returning tenant_id`;
  return rows.length > 0;
}

/** Whether an account is an active owner of the current tenant. */
export async function isActiveOwner(sql: Sql, userId: string): Promise<boolean> {
  const [row] = await sql`
    select 1 from memberships
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and user_id = ${userId} and status = 'active' and 'owner' = any(roles)`;
  return !!row;
}

/** Which of these role keys exist in the current tenant. */
export async function existingRoles(sql: Sql, keys: string[]): Promise<string[]> {
  const rows = await sql<{ key: string }[]>`
    select key from roles
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and key = any(${keys}::text[])`;
  return rows.map((r) => r.key);
}

/** "Sign in with <company>" buttons for a workspace slug or an e-mail's domain (any tenant). */
export async function ssoOffers(
  sql: Sql,
  by: { slug?: string | null; domain?: string | null },
): Promise<(SsoOffer & { tenantId: string })[]> {
  return await sql<(SsoOffer & { tenantId: string })[]>`
    select tenant_id, slug, label from identity_sso_offers(${by.slug ?? null}, ${
    by.domain ?? null
  })`;
}

/**
 * Password sign-in: whether this tenant requires SSO of this account (any scope). The definer
 * function answers only for the transaction's own tenant: the transaction is pointed at this
 * one for the question and the previous tenant is restored.
 */
export async function passwordRefusedBySso(
  sql: Sql,
  tenantId: string,
  userId: string,
): Promise<boolean> {
  const [{ previous }] = await sql<{ previous: string | null }[]>`
    select current_setting('app.tenant_id', true) as previous`;
  await setTenant(sql, tenantId);
  const [row] = await sql<{ refused: boolean }[]>`
    select identity_sso_password_refused(${tenantId}, ${userId}) as refused`;
  await setTenant(sql, previous || null);
  return row.refused;
}

/** Keeps a started sign-in (the current tenant), and drops this tenant's expired ones. */
export async function insertFlow(
  sql: Sql,
  tenantId: string,
  f: { keyHash: string; state: string; nonce: string; codeVerifier: string; next: string },
  ttlSeconds: number,
) {
  await sql`delete from identity_sso_flows
            where tenant_id = ${tenantId} and expires_at < now()`;
  await sql`
    insert into identity_sso_flows (tenant_id, key_hash, state, nonce, code_verifier, next_path,
                                    expires_at)
    values (${tenantId}, ${f.keyHash}, ${f.state}, ${f.nonce}, ${f.codeVerifier}, ${f.next},
            now() + make_interval(secs => ${ttlSeconds}))`;
}

/** Takes (deletes) a started sign-in once; undefined when unknown, used or expired. */
export async function takeFlow(sql: Sql, tenantId: string, keyHash: string) {
  const [row] = await sql<
    { state: string; nonce: string; codeVerifier: string; nextPath: string; live: boolean }[]
  >`
    delete from identity_sso_flows where tenant_id = ${tenantId} and key_hash = ${keyHash}
    returning state, nonce, code_verifier, next_path, expires_at > now() as live`;
  return row?.live ? row : undefined;
}

/** The member (any status) with this account in the current tenant. */
export async function membershipOf(sql: Sql, userId: string) {
  const [row] = await sql<{ status: string; roles: string[] }[]>`
    select status, roles from memberships
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and user_id = ${userId}`;
  return row;
}

/** The current tenant's name and slug. */
export async function currentTenant(sql: Sql) {
  const [row] = await sql<{ id: string; slug: string; name: string; status: string }[]>`
    select id, slug, name, status from tenants
    where id = nullif(current_setting('app.tenant_id', true), '')::uuid`;
  return row;
}

/** An invited member who signed in through the workspace's provider becomes active. */
export async function setMembershipActive(sql: Sql, userId: string) {
  await sql`update memberships set status = 'active', updated_at = now()
            where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
              and user_id = ${userId} and status = 'invited'`;
}

/** The account linked to this provider identity in the current tenant, if any. */
export async function linkedUser(
  sql: Sql,
  issuer: string,
  subject: string,
): Promise<string | undefined> {
  const [row] = await sql<{ userId: string }[]>`
    select user_id from identity_sso_links
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and issuer = ${issuer} and subject = ${subject}`;
  return row?.userId;
}

/**
 * Ties a provider identity to an account in the current tenant, through the definer function
 * that checks in the same statement that the account may be tied (no operator, no other
 * workspace, no owner here, no second factor). Whether the identity is linked to this account.
 */
export async function insertLink(
  sql: Sql,
  tenantId: string,
  link: { issuer: string; subject: string; userId: string },
): Promise<boolean> {
  const [row] = await sql<{ linked: boolean }[]>`
    select identity_sso_link(${tenantId}, ${link.issuer}, ${link.subject}, ${link.userId})
      as linked`;
  return row.linked;
}

/**
 * Whether single sign-on in this tenant may take over an existing account found by e-mail: it
 * is no operator and belongs to no other workspace (a definer function: other workspaces'
 * memberships are not visible here).
 */
export async function accountExclusiveTo(
  sql: Sql,
  tenantId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await sql<{ exclusive: boolean }[]>`
    select identity_sso_account_exclusive(${tenantId}, ${userId}) as exclusive`;
  return row.exclusive;
}

/**
 * Whether an account has a second factor (a confirmed TOTP or a passkey), read through
 * factorsOf (two-factor.repo.ts, read only). Those tables answer for the scope's own account
 * only: the transaction acts as that account for the question, then the previous one is restored.
 */
export async function hasSecondFactor(sql: Sql, userId: string): Promise<boolean> {
  const [{ previous }] = await sql<{ previous: string | null }[]>`
    select current_setting('app.user_id', true) as previous`;
  await sql`select set_config('app.user_id', ${userId}, true)`;
  const factors = await factorsOf(sql, userId);
  await sql`select set_config('app.user_id', ${previous ?? ""}, true)`;
  return factors.totp || factors.passkeys > 0;
}
