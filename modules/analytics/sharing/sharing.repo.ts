/** SQL of public links, sheet embeds and the workspace's embedding secret. */
import type { Sql } from "../../../shared/db/database.ts";

export interface LinkRow {
  id: string;
  sheetId: string;
  createdBy: string;
  createdByName: string;
  expiresAt: string | null;
  passwordHash: string | null;
  allowCsv: boolean;
  createdAt: string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type Raw = Omit<LinkRow, "expiresAt" | "createdAt"> & { expiresAt: Date | null; createdAt: Date };
const toLink = (r: Raw): LinkRow => ({
  ...r,
  expiresAt: iso(r.expiresAt),
  createdAt: iso(r.createdAt)!,
});

export async function selectLinks(sql: Sql, sheetId: string): Promise<LinkRow[]> {
  const rows = await sql<Raw[]>`
    select k.id, k.sheet_id, k.created_by, coalesce(m.name, '') as created_by_name, k.expires_at,
      k.password_hash, k.allow_csv, k.created_at
    from analytics_public_links k left join member_directory m on m.user_id = k.created_by
    where k.sheet_id = ${sheetId} order by k.created_at desc, k.id`;
  return rows.map(toLink);
}

export async function selectLink(sql: Sql, id: string): Promise<LinkRow | null> {
  const [row] = await sql<Raw[]>`
    select k.id, k.sheet_id, k.created_by, coalesce(m.name, '') as created_by_name, k.expires_at,
      k.password_hash, k.allow_csv, k.created_at
    from analytics_public_links k left join member_directory m on m.user_id = k.created_by
    where k.id = ${id}`;
  return row ? toLink(row) : null;
}

export async function insertLink(
  sql: Sql,
  l: {
    id: string;
    sheetId: string;
    tokenHash: string;
    createdBy: string;
    expiresAt: string | null;
    passwordHash: string | null;
    allowCsv: boolean;
  },
) {
  await sql`
    insert into analytics_public_links (id, sheet_id, token_hash, created_by, expires_at,
      password_hash, allow_csv)
    values (${l.id}, ${l.sheetId}, ${l.tokenHash}, ${l.createdBy}, ${l.expiresAt},
      ${l.passwordHash}, ${l.allowCsv})`;
}

export async function deleteLink(sql: Sql, id: string) {
  const rows = await sql`delete from analytics_public_links where id = ${id} returning 1`;
  return rows.length > 0;
}

/** The workspace and link behind a token's hash (before any tenant is known). */
export async function lookupLinkToken(sql: Sql, hash: string) {
  const [row] = await sql<{ tenantId: string; linkId: string }[]>`
    select tenant_id, link_id from analytics_public_link_by_token(${hash})`;
  return row ?? null;
}

/** The workspace behind an embedding key id (before any tenant is known). */
export async function lookupEmbedKey(sql: Sql, keyId: string) {
  const [row] = await sql<{ tenantId: string }[]>`
    select tenant_id from analytics_embed_tenant_by_kid(${keyId})`;
  return row ?? null;
}

/** The principal's name and roles when they are an active member of this workspace. */
export async function activeMember(sql: Sql, userId: string) {
  const [row] = await sql<{ name: string; email: string; roles: string[] }[]>`
    select name, email, roles from member_directory
    where user_id = ${userId} and status = 'active'`;
  return row ?? null;
}

export async function selectSheetEmbed(sql: Sql, sheetId: string) {
  const [row] = await sql<{ enabledBy: string; enabledByName: string; enabledAt: Date }[]>`
    select e.enabled_by, coalesce(m.name, '') as enabled_by_name, e.enabled_at
    from analytics_sheet_embeds e left join member_directory m on m.user_id = e.enabled_by
    where e.sheet_id = ${sheetId}`;
  return row ? { ...row, enabledAt: iso(row.enabledAt)! } : null;
}

export async function upsertSheetEmbed(sql: Sql, sheetId: string, userId: string) {
  await sql`
    insert into analytics_sheet_embeds (sheet_id, enabled_by) values (${sheetId}, ${userId})
    on conflict (tenant_id, sheet_id) do nothing`;
}

export async function deleteSheetEmbed(sql: Sql, sheetId: string) {
  await sql`delete from analytics_sheet_embeds where sheet_id = ${sheetId}`;
}

export interface EmbedSettingsRow {
  tenantId: string;
  keyId: string;
  ciphertext: Uint8Array;
  nonce: Uint8Array;
  sealKeyId: string;
  origins: string[];
  updatedAt: string;
}

export async function selectEmbedSettings(sql: Sql): Promise<EmbedSettingsRow | null> {
  const [row] = await sql<(Omit<EmbedSettingsRow, "updatedAt"> & { updatedAt: Date })[]>`
    select tenant_id::text, key_id, secret_ciphertext as ciphertext, secret_nonce as nonce,
      secret_key_id as seal_key_id, origins, updated_at
    from analytics_embed_settings`;
  return row ? { ...row, updatedAt: iso(row.updatedAt)! } : null;
}

/** A new secret (and key id) replaces the old one: tokens signed with it stop working at once. */
export async function upsertEmbedSecret(
  sql: Sql,
  s: { keyId: string; ciphertext: Uint8Array; nonce: Uint8Array; sealKeyId: string; by: string },
) {
  await sql`
    insert into analytics_embed_settings (key_id, secret_ciphertext, secret_nonce, secret_key_id,
      updated_by)
    values (${s.keyId}, ${s.ciphertext}, ${s.nonce}, ${s.sealKeyId}, ${s.by})
    on conflict (tenant_id) do update set key_id = excluded.key_id,
      secret_ciphertext = excluded.secret_ciphertext, secret_nonce = excluded.secret_nonce,
      secret_key_id = excluded.secret_key_id, updated_by = excluded.updated_by,
      updated_at = now()`;
}

export async function updateEmbedOrigins(sql: Sql, origins: string[], by: string) {
  const rows = await sql`
    update analytics_embed_settings set origins = ${sql.array(origins)}::text[],
      updated_by = ${by}, updated_at = now()
    returning 1`;
  return rows.length > 0;
}
