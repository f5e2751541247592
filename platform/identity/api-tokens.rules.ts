import { matches } from "../../shared/rbac/permissions.ts";
import { fold } from "../../shared/text/fold.ts";

/** Every API token starts with this, so it is told apart from a sign-in token (a JWT). */
export const TOKEN_PREFIX = "plt_";
/** plt_ and the base64url of 32 random bytes. */
export const TOKEN_PATTERN = /^plt_[A-Za-z0-9_-]{43}$/;
/** How many characters of a token are kept visible (the prefix and 4 of the secret). */
export const VISIBLE_CHARS = TOKEN_PREFIX.length + 4;
/** The expiry choices offered, in days; a date up to MAX_DAYS ahead is accepted too. */
export const EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const MAX_DAYS = 366;

/**
 * Whether a scope (a permission or a pattern) lies within a holder's grants: some grant covers
 * it, comparing a scope's `*` only with a grant's `*`. Conservative: a pattern scope is within
 * only a grant at least as wide.
 */
export function scopeWithin(grants: readonly string[], scope: string): boolean {
  return grants.some((g) => matches(g, scope));
}

/** The scopes a holder may not give a token (empty: all within). */
export function scopesBeyond(grants: readonly string[], scopes: readonly string[]): string[] {
  return scopes.filter((s) => !scopeWithin(grants, s));
}

/**
 * What a token's caller may do: the holder's grants as they are now, narrowed to the token's
 * scopes. Roles stay only with a `*` scope: some checks read roles directly (documents' access
 * lists, workflow candidates, report readers), and a role would carry rights beyond the scopes.
 * An operator's rights never pass to a token.
 */
export function narrowToScopes(
  roles: readonly string[],
  permissions: readonly string[],
  scopes: readonly string[] | undefined,
): { roles: string[]; permissions: string[]; scopes?: string[] } {
  if (!scopes) return { roles: [...roles], permissions: [...permissions] };
  const narrowed = new Set<string>();
  for (const s of scopes) {
    for (const g of permissions) {
      if (matches(g, s)) narrowed.add(s);
      else if (matches(s, g)) narrowed.add(g);
    }
  }
  const everything = scopes.includes("*");
  return {
    roles: everything ? [...roles] : [],
    permissions: [...narrowed].sort(),
    scopes: [...scopes],
  };
}

/**
 * The account's own areas, closed to an API token's caller: a token acts in its workspace within
 * its scopes and never manages the account (no session for it, no second factor, password,
 * profile, invitations or other workspaces). Under /api/auth it may only read who it is and end
 * itself; pages under these prefixes are refused altogether.
 */
const TOKEN_ALLOWED_AUTH = new Set([
  "GET /api/auth/me",
  "HEAD /api/auth/me",
  "POST /api/auth/logout",
]);
const ACCOUNT_AREAS = [
  "/api/auth",
  "/profile",
  "/admin",
  "/switch-tenant",
  "/invitations",
  "/invite",
  "/language",
];

/** Whether an API token's caller may make this request (method, path): see ACCOUNT_AREAS. */
export function tokenMayReach(method: string, path: string): boolean {
  // Compared case-blind with repeated and trailing slashes folded, so no spelling slips past.
  const p = path.toLowerCase().replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
  if (TOKEN_ALLOWED_AUTH.has(`${method.toUpperCase()} ${p}`)) return true;
  return !ACCOUNT_AREAS.some((area) => p === area || p.startsWith(`${area}/`));
}

/** When a token chosen to last `days` days (or until `date`, yyyy-mm-dd) expires; null if invalid. */
export function expiryOf(
  choice: { days?: number; date?: string },
  now: Date,
): Date | null {
  if (choice.days !== undefined) {
    if (!(EXPIRY_DAYS as readonly number[]).includes(choice.days)) return null;
    return new Date(now.getTime() + choice.days * 86_400_000);
  }
  if (!choice.date || !/^\d{4}-\d{2}-\d{2}$/.test(choice.date)) return null;
  const end = new Date(`${choice.date}T23:59:59Z`);
  if (Number.isNaN(end.getTime()) || end.toISOString().slice(0, 10) !== choice.date) return null;
  if (end <= now || end.getTime() - now.getTime() > MAX_DAYS * 86_400_000) return null;
  return end;
}

/** Service accounts get an address nobody can receive mail at (RFC 2606 `.invalid`). */
export const SERVICE_DOMAIN = "service-accounts.invalid";

/**
 * A service account's address: its name in plain letters and a short random tail that keeps
 * it unique ("nightly-export.4f9c2a1b@service-accounts.invalid"). It shows wherever members
 * are listed, so it reads as the account's name, never as an id.
 */
export function serviceAddress(name: string, tail: string): string {
  const words = fold(name).replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40);
  return `${words.replace(/-+$/, "") || "service"}.${tail}@${SERVICE_DOMAIN}`;
}
