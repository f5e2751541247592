import type { Sql } from "../../shared/db/database.ts";
import type { Sealed } from "../../shared/crypto/secret-box.ts";
import type { TwoFactorPolicy } from "./two-factor.lib.ts";

/** What second factors an account has (the scope's own account only, under RLS). */
export async function factorsOf(sql: Sql, userId: string) {
  const [row] = await sql<{ totp: boolean; passkeys: number; recoveryLeft: number }[]>`
    select
      exists (select 1 from identity_totp where user_id = ${userId}
              and confirmed_at is not null) as totp,
      (select count(*)::int from identity_passkeys where user_id = ${userId}) as passkeys,
      (select count(*)::int from identity_recovery_codes
        where user_id = ${userId} and used_at is null) as recovery_left`;
  return row;
}

export interface StoredTotp extends Sealed {
  confirmed: boolean;
  lastStep: number | null;
}

export async function selectTotp(sql: Sql, userId: string): Promise<StoredTotp | undefined> {
  const [row] = await sql`
    select secret_ciphertext, secret_nonce, secret_key_id, confirmed_at is not null as confirmed,
      last_step
    from identity_totp where user_id = ${userId}`;
  if (!row) return undefined;
  return {
    ciphertext: row.secretCiphertext as Uint8Array,
    nonce: row.secretNonce as Uint8Array,
    keyId: row.secretKeyId as string,
    confirmed: row.confirmed as boolean,
    lastStep: row.lastStep === null ? null : Number(row.lastStep),
  };
}

/** A new, unconfirmed secret (replaces an unconfirmed one; never a confirmed one). */
export async function saveTotpDraft(sql: Sql, userId: string, sealed: Sealed) {
  const rows = await sql`
    insert into identity_totp (user_id, secret_ciphertext, secret_nonce, secret_key_id)
    values (${userId}, ${sealed.ciphertext}, ${sealed.nonce}, ${sealed.keyId})
    on conflict (user_id) do update set
      secret_ciphertext = excluded.secret_ciphertext, secret_nonce = excluded.secret_nonce,
      secret_key_id = excluded.secret_key_id, created_at = now(), last_step = null
    where identity_totp.confirmed_at is null
    returning 1`;
  return rows.length === 1;
}

/** Confirms the draft with its first code's step. */
export async function confirmTotp(sql: Sql, userId: string, step: number) {
  const rows = await sql`
    update identity_totp set confirmed_at = now(), last_step = ${step}
    where user_id = ${userId} and confirmed_at is null returning 1`;
  return rows.length === 1;
}

/** Spends a time step: true only if it is later than the last one used (atomic). */
export async function spendTotpStep(sql: Sql, userId: string, step: number) {
  const rows = await sql`
    update identity_totp set last_step = ${step}
    where user_id = ${userId} and confirmed_at is not null
      and (last_step is null or last_step < ${step})
    returning 1`;
  return rows.length === 1;
}

export async function deleteTotp(sql: Sql, userId: string) {
  const rows = await sql`delete from identity_totp where user_id = ${userId} returning 1`;
  return rows.length === 1;
}

/**
 * Replaces every recovery code of the account with these hashes. The old ones are retired (spent),
 * never deleted: a spent code's row keeps its hash taken, so it cannot come back (0043).
 */
export async function replaceRecoveryCodes(sql: Sql, userId: string, hashes: string[]) {
  await sql`update identity_recovery_codes set used_at = now()
            where user_id = ${userId} and used_at is null`;
  if (!hashes.length) return;
  await sql`insert into identity_recovery_codes ${
    sql(hashes.map((h) => ({ user_id: userId, code_hash: h })))
  }`;
}

/** Spends one unused recovery code; whether there was one with this hash. */
export async function spendRecoveryCode(sql: Sql, userId: string, hash: string) {
  const rows = await sql`
    update identity_recovery_codes set used_at = now()
    where user_id = ${userId} and code_hash = ${hash} and used_at is null returning 1`;
  return rows.length === 1;
}

export interface PasskeyRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function passkeysOf(sql: Sql, userId: string): Promise<PasskeyRow[]> {
  return await sql<PasskeyRow[]>`
    select id, name, created_at, last_used_at from identity_passkeys
    where user_id = ${userId} order by created_at, id`;
}

/** The account's credential ids (to exclude on registration, to allow on sign-in). */
export async function credentialsOf(sql: Sql, userId: string) {
  return await sql<{ credentialId: string; transports: string[] }[]>`
    select credential_id, transports from identity_passkeys where user_id = ${userId}`;
}

export async function insertPasskey(
  sql: Sql,
  p: {
    id: string;
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    name: string;
  },
) {
  await sql`
    insert into identity_passkeys (id, user_id, credential_id, public_key, counter, transports,
      name)
    values (${p.id}, ${p.userId}, ${p.credentialId}, ${p.publicKey}, ${p.counter},
      ${p.transports}, ${p.name})`;
}

export async function deletePasskey(sql: Sql, userId: string, id: string) {
  const [row] = await sql<{ name: string }[]>`
    delete from identity_passkeys where user_id = ${userId} and id = ${id} returning name`;
  return row;
}

export interface StoredPasskey {
  id: string;
  userId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

const asPasskey = (row: Record<string, unknown>): StoredPasskey => ({
  id: row.id as string,
  userId: row.userId as string,
  publicKey: row.publicKey as Uint8Array,
  counter: Number(row.counter),
  transports: row.transports as string[],
});

/** One of the account's own passkeys by credential id (a second factor). */
export async function ownPasskey(sql: Sql, userId: string, credentialId: string) {
  const [row] = await sql`
    select id, user_id, public_key, counter, transports from identity_passkeys
    where user_id = ${userId} and credential_id = ${credentialId}`;
  return row ? asPasskey(row) : undefined;
}

/** Any account's passkey by credential id, before an account is known (password-less). */
export async function passkeyForLogin(sql: Sql, credentialId: string) {
  const [row] = await sql`select * from identity_passkey_for_login(${credentialId})`;
  return row ? asPasskey(row) : undefined;
}

/** After a use: the new signature counter and when. */
export async function touchPasskey(sql: Sql, id: string, counter: number) {
  await sql`update identity_passkeys set counter = ${counter}, last_used_at = now()
            where id = ${id}`;
}

/** A workspace's policy (visible in the scope of a member of it). */
export async function tenantPolicy(sql: Sql, tenantId: string): Promise<TwoFactorPolicy> {
  const [row] = await sql`select two_factor_policy from tenants where id = ${tenantId}`;
  return (row?.twoFactorPolicy as TwoFactorPolicy | undefined) ?? "none";
}

export async function setTenantPolicy(sql: Sql, tenantId: string, policy: TwoFactorPolicy) {
  await sql`update tenants set two_factor_policy = ${policy} where id = ${tenantId}`;
}

/** Spends a flow token's id: true the first time, false once spent (single use). */
export async function spendFlowToken(sql: Sql, jti: string, expEpoch: number) {
  const rows = await sql`
    insert into revoked_tokens (jti, expires_at) values (${jti}, to_timestamp(${expEpoch}))
    on conflict do nothing returning 1`;
  return rows.length === 1;
}

/** Whether a flow token's id was already spent. */
export async function flowTokenSpent(sql: Sql, jti: string) {
  const [row] = await sql`select 1 from revoked_tokens where jti = ${jti}`;
  return Boolean(row);
}
