import type { Sql } from "../../../shared/db/database.ts";

export interface EnvName {
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface SealedRow {
  agentId: string;
  name: string;
  ciphertext: Uint8Array;
  nonce: Uint8Array;
  keyId: string;
}

export async function selectEnvNames(sql: Sql, agentId: string): Promise<EnvName[]> {
  return await sql<EnvName[]>`select name, created_at, updated_at from automation_agent_env
                              where agent_id = ${agentId} order by name`;
}

export async function selectSealed(sql: Sql, agentId: string): Promise<SealedRow[]> {
  return await sql<SealedRow[]>`select agent_id, name, ciphertext, nonce, key_id
    from automation_agent_env where agent_id = ${agentId} order by name`;
}

/** Every variable of the tenant not sealed with `keyId` (for re-encryption). */
export async function selectSealedNotWith(sql: Sql, keyId: string): Promise<SealedRow[]> {
  return await sql<SealedRow[]>`select agent_id, name, ciphertext, nonce, key_id
    from automation_agent_env where key_id <> ${keyId} for update`;
}

/** Sets a variable; true when it is new. */
export async function upsertEnv(
  sql: Sql,
  v: { agentId: string; name: string; ciphertext: Uint8Array; nonce: Uint8Array; keyId: string },
): Promise<boolean> {
  const [row] = await sql<{ created: boolean }[]>`
    insert into automation_agent_env (tenant_id, agent_id, name, ciphertext, nonce, key_id)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${v.agentId}, ${v.name},
      ${v.ciphertext}, ${v.nonce}, ${v.keyId})
    on conflict (tenant_id, agent_id, name) do update set ciphertext = excluded.ciphertext,
      nonce = excluded.nonce, key_id = excluded.key_id, updated_at = now()
    returning (xmax = 0) as created`;
  return row.created;
}

export async function deleteEnvRow(sql: Sql, agentId: string, name: string): Promise<boolean> {
  const rows = await sql`delete from automation_agent_env
                         where agent_id = ${agentId} and name = ${name} returning name`;
  return rows.length > 0;
}

/** The transaction's tenant: part of every ciphertext's associated data. */
export async function scopeTenant(sql: Sql): Promise<string> {
  const [{ tenantId }] = await sql<{ tenantId: string }[]>`
    select current_setting('app.tenant_id', true) as tenant_id`;
  if (!tenantId) throw new Error("environment variables need a tenant scope");
  return tenantId;
}
