/** SQL of global variables (tenant-scoped connection; RLS keeps tenants apart). */
import type { Sql } from "../../../shared/db/database.ts";
import type { Sealed } from "../../automation/public.ts";
import type { GlobalType } from "./globals.schemas.ts";

export interface GlobalRow {
  name: string;
  type: GlobalType;
  value: unknown;
  hasValue: boolean;
  description: string;
  updatedBy: string | null;
  updatedByName: string | null;
  updatedAt: string;
  createdAt: string;
}

const columns = (sql: Sql) =>
  sql.unsafe(`g.name, g.type, g.value::text as value_json,
  (g.value is not null or g.secret_ciphertext is not null) as has_value, g.description,
  g.updated_by, m.name as updated_by_name, g.updated_at, g.created_at
  from workflow_globals g left join member_directory m on m.user_id = g.updated_by`);

type Raw = Omit<GlobalRow, "value"> & { valueJson: string | null };
const toRow = ({ valueJson, ...r }: Raw): GlobalRow => ({
  ...r,
  value: valueJson === null ? null : JSON.parse(valueJson),
  updatedAt: new Date(r.updatedAt).toISOString(),
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function selectGlobals(sql: Sql): Promise<GlobalRow[]> {
  const rows = await sql<Raw[]>`select ${columns(sql)} order by g.name limit 1000`;
  return rows.map(toRow);
}

export async function findGlobal(sql: Sql, name: string, lock = false): Promise<GlobalRow | null> {
  const [row] = await sql<Raw[]>`select ${columns(sql)} where g.name = ${name}
    ${lock ? sql`for update of g` : sql``}`;
  return row ? toRow(row) : null;
}

/** Creates or replaces one variable; `sealed` only for secrets (then value is null). */
export async function upsertGlobal(
  sql: Sql,
  g: {
    name: string;
    type: GlobalType;
    value: unknown;
    sealed: Sealed | null;
    description: string;
    updatedBy: string;
  },
): Promise<void> {
  const json = g.sealed ? null : JSON.stringify(g.value ?? null);
  await sql`insert into workflow_globals (tenant_id, name, type, value, secret_ciphertext,
      secret_nonce, secret_key_id, description, updated_by)
    values (current_setting('app.tenant_id')::uuid, ${g.name}, ${g.type}, ${json}::text::jsonb,
      ${g.sealed?.ciphertext ?? null}, ${g.sealed?.nonce ?? null}, ${g.sealed?.keyId ?? null},
      ${g.description}, ${g.updatedBy})
    on conflict (tenant_id, name) do update set type = excluded.type, value = excluded.value,
      secret_ciphertext = excluded.secret_ciphertext, secret_nonce = excluded.secret_nonce,
      secret_key_id = excluded.secret_key_id, description = excluded.description,
      updated_by = excluded.updated_by, updated_at = now()`;
}

/** Keeps a secret's stored value and changes only its description. */
export async function updateDescription(
  sql: Sql,
  name: string,
  description: string,
  updatedBy: string,
): Promise<void> {
  await sql`update workflow_globals set description = ${description}, updated_by = ${updatedBy},
    updated_at = now() where name = ${name}`;
}

export async function deleteGlobal(sql: Sql, name: string): Promise<void> {
  await sql`delete from workflow_globals where name = ${name}`;
}

/** Every variable with what the engine needs: values, and secrets' sealed bytes. */
export async function selectForEngine(sql: Sql) {
  return await sql<
    {
      tenantId: string;
      name: string;
      type: GlobalType;
      valueJson: string | null;
      ciphertext: Uint8Array | null;
      nonce: Uint8Array | null;
      keyId: string | null;
    }[]
  >`select tenant_id::text, name, type, value::text as value_json,
      secret_ciphertext as ciphertext, secret_nonce as nonce, secret_key_id as key_id
    from workflow_globals order by name limit 1000`;
}

/** The tenant of the current scope (app.tenant_id). */
export async function currentTenantId(sql: Sql): Promise<string> {
  const [row] = await sql<{ id: string }[]>`select current_setting('app.tenant_id') as id`;
  return row.id;
}
