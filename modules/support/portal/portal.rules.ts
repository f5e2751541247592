import type { Sql } from "../../../shared/db/sql.ts";

/** What the customer portal of a tenant allows (support_portal_settings; defaults when unset). */
export interface PortalSettings {
  enabled: boolean;
  allowPriority: boolean;
  showAssigneeNames: boolean;
  reopenDays: number;
}

export const DEFAULT_PORTAL_SETTINGS: PortalSettings = {
  enabled: false,
  allowPriority: false,
  showAssigneeNames: true,
  reopenDays: 7,
};

/** The reopen window is whole days; 0 means a closed ticket cannot be reopened. */
export const MAX_REOPEN_DAYS = 365;

/** The portal's view of its tenant, customer and request (see withPortal). */
export interface PortalTenant {
  id: string;
  slug: string;
  name: string;
  logo: string | null;
  accentColor: string | null;
  locale: "en" | "tr";
  timeZone: string;
}

export interface PortalCustomer {
  id: string;
  name: string;
  email: string;
  companyId: string | null;
  companyName: string | null;
  companyShared: boolean;
}

export interface PortalContext {
  sql: Sql;
  tenant: PortalTenant;
  customer: PortalCustomer | null;
  settings: PortalSettings;
  locale: "en" | "tr";
}

/** Magic links work once, for 15 minutes. */
export const MAGIC_LINK_MINUTES = 15;

/** A portal session lasts a working week; signing in again is one e-mail away. */
export const PORTAL_SESSION_SECONDS = 7 * 86400;

/** The cookie of the portal session (never the staff `session` cookie). */
export const PORTAL_COOKIE = "portal_session";

/** Tenant slugs as the workspace path segment may carry them. */
export const WORKSPACE_SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** The workspace of a /portal/<workspace>/… or /help/<workspace>/… path, or null. */
export function workspaceOfPath(path: string): string | null {
  const m = /^\/(?:portal|help)\/([^/]+)/.exec(path);
  if (!m) return null;
  // A slug has no character that needs escaping, so the raw segment is compared: decoding a
  // malformed escape (`%E0%A4%A`) would throw.
  const slug = m[1].toLowerCase();
  return WORKSPACE_SLUG.test(slug) ? slug : null;
}

/** The portal's pages of a workspace. */
export const portalPath = (slug: string, rest = "") => `/portal/${encodeURIComponent(slug)}${rest}`;

/**
 * The reader's language on the portal: an explicit choice (language cookie) first, then the
 * signed-in customer's own, then the browser's, then the tenant's.
 */
export function portalLocale(
  choices: { cookie?: string | null; customer?: string | null; accept: string | null },
  tenantLocale: "en" | "tr",
): "en" | "tr" {
  for (const l of [choices.cookie, choices.customer, choices.accept]) {
    if (l === "en" || l === "tr") return l;
  }
  return tenantLocale;
}

/** Where to go after signing in: a portal path of the same workspace only, never elsewhere. */
export function safeNext(slug: string, next: string | null | undefined): string {
  const home = portalPath(slug);
  if (!next) return home;
  if (next === home || (next.startsWith(`${home}/`) && !next.includes("//"))) return next;
  return home;
}
