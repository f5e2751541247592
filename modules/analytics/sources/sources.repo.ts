/** SQL of external sources (tenant-scoped connection; RLS keeps tenants apart). */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { Sealed } from "../../automation/public.ts";
import type { Source, SourceOptions } from "./sources.schemas.ts";

const COLUMNS = `id, name, engine, host, port, database, username,
  (secret_ciphertext is not null) as has_password, options, status, status_detail,
  server_version, size_bytes, last_checked_at, created_at, updated_at`;

type Raw = Omit<Source, "lastCheckedAt" | "createdAt" | "updatedAt" | "sizeBytes"> & {
  lastCheckedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  sizeBytes: string | number | null;
};

const toSource = (r: Raw): Source => ({
  ...r,
  options: r.options as SourceOptions,
  sizeBytes: r.sizeBytes === null ? null : Number(r.sizeBytes),
  lastCheckedAt: r.lastCheckedAt ? new Date(r.lastCheckedAt).toISOString() : null,
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

export async function selectSources(sql: Sql): Promise<Source[]> {
  const rows = await sql.unsafe<Raw[]>(
    `select ${COLUMNS} from analytics_sources order by name limit 500`,
  );
  return rows.map(toSource);
}

export async function findSource(sql: Sql, id: string): Promise<Source | null> {
  const [row] = await sql.unsafe<Raw[]>(`select ${COLUMNS} from analytics_sources where id = $1`, [
    id,
  ]);
  return row ? toSource(row) : null;
}

/** The sealed password and the tenant it is bound to (only the runner opens it). */
export async function findSealed(sql: Sql, id: string) {
  const [row] = await sql<
    {
      tenantId: string;
      ciphertext: Uint8Array | null;
      nonce: Uint8Array | null;
      keyId: string | null;
    }[]
  >`select tenant_id::text, secret_ciphertext as ciphertext, secret_nonce as nonce,
      secret_key_id as key_id from analytics_sources where id = ${id}`;
  return row ?? null;
}

export interface SourceWrite {
  name: string;
  engine: string;
  host: string;
  port: number;
  database: string;
  username: string;
  options: SourceOptions;
  serverVersion: string | null;
  sizeBytes: number | null;
}

export const newSourceId = () => uuidv7();

export async function insertSource(
  sql: Sql,
  id: string,
  s: SourceWrite,
  sealed: Sealed | null,
  createdBy: string,
): Promise<void> {
  await sql`insert into analytics_sources (tenant_id, id, name, engine, host, port, database,
      username, secret_ciphertext, secret_nonce, secret_key_id, options, status, server_version,
      size_bytes, last_checked_at, created_by)
    values (current_setting('app.tenant_id')::uuid, ${id}, ${s.name}, ${s.engine}, ${s.host},
      ${s.port}, ${s.database}, ${s.username}, ${sealed?.ciphertext ?? null},
      ${sealed?.nonce ?? null}, ${sealed?.keyId ?? null}, ${JSON.stringify(s.options)}::text::jsonb,
      'ok', ${s.serverVersion}, ${s.sizeBytes}, now(), ${createdBy})`;
}

export async function updateSource(
  sql: Sql,
  id: string,
  s: SourceWrite,
  sealed: Sealed | null | undefined,
): Promise<void> {
  await sql`update analytics_sources set name = ${s.name}, host = ${s.host}, port = ${s.port},
      database = ${s.database}, username = ${s.username},
      options = ${JSON.stringify(s.options)}::text::jsonb, status = 'ok', status_detail = '',
      server_version = ${s.serverVersion}, size_bytes = ${s.sizeBytes}, last_checked_at = now(),
      updated_at = now()
      ${
    sealed === undefined ? sql`` : sql`, secret_ciphertext = ${sealed?.ciphertext ?? null},
      secret_nonce = ${sealed?.nonce ?? null}, secret_key_id = ${sealed?.keyId ?? null}`
  }
    where id = ${id}`;
}

export async function setStatus(
  sql: Sql,
  id: string,
  st: { status: string; detail: string; serverVersion: string | null; sizeBytes: number | null },
): Promise<void> {
  await sql`update analytics_sources set status = ${st.status}, status_detail = ${st.detail},
      server_version = coalesce(${st.serverVersion}, server_version),
      size_bytes = coalesce(${st.sizeBytes}::bigint, size_bytes), last_checked_at = now()
    where id = ${id}`;
}

export async function deleteSource(sql: Sql, id: string): Promise<void> {
  await sql`delete from analytics_sources where id = ${id}`;
}

/** Whether another source (not `id`) has this name, whatever the case. */
export async function sourceNameTaken(sql: Sql, name: string, id: string): Promise<boolean> {
  const [taken] = await sql`select 1 from analytics_sources
    where lower(name) = lower(${name}) and id <> ${id}`;
  return !!taken;
}
