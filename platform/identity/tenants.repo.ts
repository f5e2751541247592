import type { Sql } from "../../shared/db/database.ts";
import { isUuid } from "../../shared/http/ids.ts";
import type {
  TenantDetail,
  TenantSettings,
  TenantSettingsPatch,
  TenantStatus,
} from "./tenants.schemas.ts";

// tenants is under RLS (migration 0030): the application role sees the current tenant and the
// workspaces the current user is a member of, and writes only the current tenant's row.
// Operators' queries across tenants go through security-definer functions that check the
// caller (app.user_id) is an operator.

const detailColumns = (sql: Sql) => sql`id, slug, name, status, created_at, suspended_at`;

/** Tenants, newest first (UUIDv7 ids sort by creation), optionally filtered (operators). */
export async function selectTenants(
  sql: Sql,
  opts: { limit: number; after?: string | null; q?: string; status?: TenantStatus },
): Promise<TenantDetail[]> {
  const like = opts.q ? `%${opts.q.replace(/[\\%_]/g, (ch) => "\\" + ch)}%` : null;
  return await sql<TenantDetail[]>`
    select ${detailColumns(sql)}
    from identity_operator_tenants(${like}, ${opts.status ?? null}, ${opts.after ?? null},
                                   ${opts.limit + 1})
    order by id desc`;
}

/** Any tenant by id, for an operator (undefined for a malformed id). */
export async function selectTenantForOperator(
  sql: Sql,
  id: string,
): Promise<TenantDetail | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await sql<TenantDetail[]>`
    select ${detailColumns(sql)} from identity_operator_tenant(${id})`;
  return row;
}

/** A tenant this transaction may see (the current one, or one of the user's workspaces). */
export async function selectTenant(sql: Sql, slugOrId: string): Promise<TenantDetail | undefined> {
  const [row] = await sql<TenantDetail[]>`
    select ${detailColumns(sql)} from tenants
    where ${isUuid(slugOrId) ? sql`id = ${slugOrId}` : sql`slug = ${slugOrId}`}`;
  return row;
}

/** Whether any tenant, visible or not, has this slug. */
export async function tenantSlugTaken(sql: Sql, slug: string): Promise<boolean> {
  const [row] = await sql<
    { taken: boolean }[]
  >`select identity_tenant_slug_taken(${slug}) as taken`;
  return row.taken;
}

/** Whether any tenant exists (first start). */
export async function tenantsExist(sql: Sql): Promise<boolean> {
  const [row] = await sql<{ exist: boolean }[]>`select identity_tenants_exist() as exist`;
  return row.exist;
}

export async function insertTenant(
  sql: Sql,
  t: { id: string; slug: string; name: string },
): Promise<TenantDetail> {
  const [row] = await sql<TenantDetail[]>`
    insert into tenants (id, slug, name) values (${t.id}, ${t.slug}, ${t.name})
    returning ${detailColumns(sql)}`;
  return row;
}

/** Sets the status (operators); the row is returned only when it changed (a repeat shows). */
export async function updateTenantStatus(
  sql: Sql,
  id: string,
  status: TenantStatus,
): Promise<TenantDetail | undefined> {
  const [row] = await sql<TenantDetail[]>`
    select ${detailColumns(sql)} from identity_operator_set_tenant_status(${id}, ${status})`;
  return row;
}

const settingsColumns = (sql: Sql) => sql`id, slug, name, locale, time_zone, accent_color, logo`;

export async function selectTenantSettings(
  sql: Sql,
  tenantId: string,
): Promise<TenantSettings | undefined> {
  const [row] = await sql<TenantSettings[]>`
    select ${settingsColumns(sql)} from tenants where id = ${tenantId}`;
  return row;
}

/** Changes the given fields only; `null` clears the accent colour or the logo. */
export async function updateTenantSettings(
  sql: Sql,
  tenantId: string,
  patch: TenantSettingsPatch,
): Promise<TenantSettings | undefined> {
  const has = (k: keyof TenantSettingsPatch) => patch[k] !== undefined;
  const [row] = await sql<TenantSettings[]>`
    update tenants set
      name = ${has("name") ? sql`${patch.name!}` : sql`name`},
      locale = ${has("locale") ? sql`${patch.locale!}` : sql`locale`},
      time_zone = ${has("timeZone") ? sql`${patch.timeZone!}` : sql`time_zone`},
      accent_color = ${has("accentColor") ? sql`${patch.accentColor ?? null}` : sql`accent_color`},
      logo = ${has("logo") ? sql`${patch.logo ?? null}` : sql`logo`}
    where id = ${tenantId}
    returning ${settingsColumns(sql)}`;
  return row;
}

/** The signed-in tenant as the shell draws it. */
export async function selectShellTenant(sql: Sql, tenantId: string) {
  const [row] = await sql<
    {
      name: string;
      accentColor: string | null;
      logo: string | null;
      timeZone: string;
      locale: string;
    }[]
  >`select name, accent_color, logo, time_zone, locale from tenants where id = ${tenantId}`;
  return row;
}

/** Several instances may start at once on an empty database: only one bootstraps. */
export async function lockBootstrap(sql: Sql) {
  await sql`select pg_advisory_xact_lock(7202612)`;
}
