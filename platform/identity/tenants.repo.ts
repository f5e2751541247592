import type { Sql } from "../../shared/db/database.ts";
import { isUuid } from "../../shared/http/ids.ts";
import type {
  TenantDetail,
  TenantSettings,
  TenantSettingsPatch,
  TenantStatus,
} from "./tenants.schemas.ts";

// tenants is a platform table without RLS: operator queries read every row, and queries for
// the signed-in tenant name its id explicitly (the caller passes the session's tenant).

const detailColumns = (sql: Sql) => sql`id, slug, name, status, created_at, suspended_at`;

/** Tenants, newest first (UUIDv7 ids sort by creation), optionally filtered. */
export async function selectTenants(
  sql: Sql,
  opts: { limit: number; after?: string | null; q?: string; status?: TenantStatus },
): Promise<TenantDetail[]> {
  const like = opts.q ? `%${opts.q.replace(/[\\%_]/g, (ch) => "\\" + ch)}%` : null;
  return await sql<TenantDetail[]>`
    select ${detailColumns(sql)} from tenants
    where true
      ${like ? sql`and (name ilike ${like} or slug ilike ${like})` : sql``}
      ${opts.status ? sql`and status = ${opts.status}` : sql``}
      ${opts.after ? sql`and id < ${opts.after}` : sql``}
    order by id desc
    limit ${opts.limit + 1}`;
}

export async function selectTenant(sql: Sql, slugOrId: string): Promise<TenantDetail | undefined> {
  const [row] = await sql<TenantDetail[]>`
    select ${detailColumns(sql)} from tenants
    where ${isUuid(slugOrId) ? sql`id = ${slugOrId}` : sql`slug = ${slugOrId}`}`;
  return row;
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

/** Sets the status; the row is returned only when it changed (so a repeat is visible). */
export async function updateTenantStatus(
  sql: Sql,
  id: string,
  status: TenantStatus,
): Promise<TenantDetail | undefined> {
  const [row] = await sql<TenantDetail[]>`
    update tenants set status = ${status},
      suspended_at = ${status === "suspended" ? sql`now()` : null}
    where id = ${id} and status <> ${status}
    returning ${detailColumns(sql)}`;
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
