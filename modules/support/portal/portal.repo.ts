import type { Sql } from "../../../shared/db/sql.ts";
import { DEFAULT_PORTAL_SETTINGS, type PortalSettings } from "./portal.rules.ts";

/** The database role portal requests run as (migration 0050). */
export const PORTAL_ROLE = "platform_portal";

export interface PortalTenantRow {
  id: string;
  slug: string;
  name: string;
  logo: string | null;
  accentColor: string | null;
  locale: string;
  timeZone: string;
  status: string;
}

/**
 * The first statement of every portal transaction: the portal role, no tenant yet, no user, no
 * customer (the anonymous scope sees no ticket and no customer).
 */
export function portalRoleSetup(tx: Sql) {
  return tx`select set_config('role', ${PORTAL_ROLE}, true),
                   set_config('app.tenant_id', '', true),
                   set_config('app.user_id', '', true),
                   set_config('app.request_id', '', true),
                   set_config('app.portal_customer_id', '', true),
                   set_config('app.portal_company_id', '', true)`;
}

/** A workspace by slug before any tenant is set (a narrow definer function, 0050). */
export async function tenantBySlug(sql: Sql, slug: string): Promise<PortalTenantRow | null> {
  const [row] = await sql<PortalTenantRow[]>`
    select id, slug, name, logo, accent_color, locale, time_zone, status
    from support_portal_tenant(${slug})`;
  return row ?? null;
}

/** Points the transaction at the tenant and (when signed in) the customer and their company. */
export async function setPortalScope(
  sql: Sql,
  s: { tenantId: string; customerId: string | null; companyId: string | null },
) {
  await sql`select set_config('app.tenant_id', ${s.tenantId}, true),
                   set_config('app.portal_customer_id', ${s.customerId ?? ""}, true),
                   set_config('app.portal_company_id', ${s.companyId ?? ""}, true)`;
}

export interface PortalCustomerRow {
  id: string;
  name: string;
  email: string;
  locale: string;
  companyId: string | null;
  companyName: string | null;
  companyShared: boolean;
}

/** The signed-in customer with their company (RLS: only their own row is visible). */
export async function customerById(
  sql: Sql,
  id: string,
  revocationKey: string,
): Promise<PortalCustomerRow | null> {
  const [row] = await sql<PortalCustomerRow[]>`
    select c.id, c.name, coalesce(c.email, '') as email, c.locale, c.company_id,
           co.name as company_name, coalesce(co.portal_shared_tickets, false) as company_shared
    from support_customers c
    left join support_companies co on co.id = c.company_id
    where c.id = ${id}
      and not exists (select 1 from revoked_tokens r where r.jti = ${revocationKey})`;
  return row ?? null;
}

/** Ends one portal session everywhere (its token id is refused until it would expire). */
export async function revokePortalSession(sql: Sql, revocationKey: string, expiresAt: Date) {
  await sql`insert into revoked_tokens (jti, expires_at) values (${revocationKey}, ${expiresAt})
            on conflict (jti) do nothing`;
}

/** The current tenant's portal settings (defaults when never saved). */
export async function readPortalSettings(sql: Sql): Promise<PortalSettings> {
  const [row] = await sql<PortalSettings[]>`
    select enabled, allow_priority, show_assignee_names, reopen_days
    from support_portal_settings`;
  return row ?? { ...DEFAULT_PORTAL_SETTINGS };
}

/** Saves the current tenant's portal settings (one row per tenant). */
export async function writePortalSettings(sql: Sql, s: PortalSettings): Promise<PortalSettings> {
  const [row] = await sql<PortalSettings[]>`
    insert into support_portal_settings
      (enabled, allow_priority, show_assignee_names, reopen_days)
    values (${s.enabled}, ${s.allowPriority}, ${s.showAssigneeNames}, ${s.reopenDays})
    on conflict (tenant_id) do update set
      enabled = excluded.enabled, allow_priority = excluded.allow_priority,
      show_assignee_names = excluded.show_assignee_names, reopen_days = excluded.reopen_days,
      updated_at = now()
    returning enabled, allow_priority, show_assignee_names, reopen_days`;
  return row;
}

export interface CustomerForLink {
  id: string;
  name: string;
  email: string;
  locale: string;
}

/** The customer of the current tenant with this address (oldest first when several share it). */
export async function customerByEmail(sql: Sql, email: string): Promise<CustomerForLink | null> {
  const [row] = await sql<CustomerForLink[]>`
    select id, name, email, locale from support_customers
    where lower(email) = lower(${email})
    order by created_at, id
    limit 1`;
  return row ?? null;
}

/** Stores a new magic link (its hash only); earlier unused links of the customer die. */
export async function insertMagicLink(
  sql: Sql,
  link: { id: string; customerId: string; tokenHash: string; minutes: number },
) {
  await sql`update support_portal_links set used_at = now()
            where customer_id = ${link.customerId} and used_at is null`;
  await sql`insert into support_portal_links (id, customer_id, token_hash, expires_at)
            values (${link.id}, ${link.customerId}, ${link.tokenHash},
                    now() + make_interval(mins => ${link.minutes}))`;
}

export interface LinkState {
  customerId: string;
  usable: boolean;
  expired: boolean;
  used: boolean;
}

/** A link of the current tenant by its hash, and whether it can still be used. */
export async function peekMagicLink(sql: Sql, tokenHash: string): Promise<LinkState | null> {
  const [row] = await sql<LinkState[]>`
    select customer_id, (used_at is null and expires_at > now()) as usable,
           expires_at <= now() as expired, used_at is not null as used
    from support_portal_links where token_hash = ${tokenHash}`;
  return row ?? null;
}

/** Uses a link once: the customer it signs in, or null when it is used, expired or unknown. */
export async function consumeMagicLink(sql: Sql, tokenHash: string): Promise<string | null> {
  const [row] = await sql<{ customerId: string }[]>`
    update support_portal_links set used_at = now()
    where token_hash = ${tokenHash} and used_at is null and expires_at > now()
    returning customer_id`;
  return row?.customerId ?? null;
}
