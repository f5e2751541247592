/**
 * The pure rules of public links and signed embeds: token shapes, expiry, the filters an embed
 * token locks (they always win over the address), allowed framing origins, the password
 * cookie, and the restricted principal a public page reads data as.
 */
import { hasPermission } from "../../../shared/rbac/permissions.ts";

/** A public link token: 32 random bytes (256 bits), base64url. Only its SHA-256 is stored. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Where a public link lives (outside the signed-in shell). */
export const publicPath = (token: string) => `/p/analytics/${token}`;
export const EMBED_PATH = "/embed/analytics";

/** A link whose expiry has passed is gone (checked on every request, every instance). */
export function isExpired(expiresAt: string | null, now = Date.now()): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now;
}

/** Only what reading a sheet needs: the creator's own rights, never more, never others. */
export const PUBLIC_PERMISSIONS = [
  "analytics.app.read",
  "analytics.app.write",
  "analytics.sheet.read",
  "analytics.query.read",
] as const;

export function restrictedPermissions(permissions: readonly string[]): string[] {
  return PUBLIC_PERMISSIONS.filter((p) => hasPermission(permissions, p));
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_.]{0,120}$/;

/** The claims a signed embed token must carry; anything else is refused. */
export interface EmbedClaims {
  sheetId: string;
  params: [string, string][];
  editable: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `{ resource: { sheet }, params: { field: value }, editable? }` from a verified payload, or
 * null when the shape is wrong (a number or list as value becomes text; nested objects refuse).
 */
export function embedClaims(payload: Record<string, unknown>): EmbedClaims | null {
  const resource = payload.resource as { sheet?: unknown } | undefined;
  const sheetId = typeof resource?.sheet === "string" ? resource.sheet : "";
  if (!UUID.test(sheetId)) return null;
  const raw = payload.params ?? {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const params: [string, string][] = [];
  for (const [field, value] of Object.entries(raw)) {
    if (!FIELD.test(field)) return null;
    if (value === null || value === undefined) continue;
    if (typeof value === "object") return null;
    params.push([field, String(value).slice(0, 200)]);
  }
  if (params.length > 10) return null;
  return { sheetId, params, editable: payload.editable === true };
}

/**
 * The filters an embed shows: the token's values, locked; the viewer's own `where` pairs only
 * when the token allows editing, and never on a locked field (the token's value stays).
 */
export function embedWhere(claims: EmbedClaims, viewer: string[]): string[] {
  const locked = new Set(claims.params.map(([f]) => f));
  const own = claims.editable ? viewer.filter((w) => !locked.has(w.slice(0, w.indexOf(":")))) : [];
  return [...claims.params.map(([f, v]) => `${f}:${v}`), ...own].slice(0, 10);
}

/** An origin a page may be framed by: http(s), host and port only, as the browser sends it. */
export function normalOrigin(text: string): string | null {
  try {
    const u = new URL(text.trim());
    if (u.protocol !== "https:" && u.protocol !== "http:") return null;
    if (u.username || u.password || (u.pathname !== "/" && u.pathname !== "")) return null;
    if (u.search || u.hash) return null;
    return u.origin;
  } catch {
    return null;
  }
}

/** The embed page's own policy: strict like every page, framed only by the listed origins. */
export function embedCsp(origins: string[]): string {
  const ancestors = origins.length ? origins.join(" ") : "'none'";
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join("; ");
}

/** How long a correct link password is remembered (a signed cookie scoped to the link). */
export const PROOF_SECONDS = 3600;

/** The embedding key id (the JWT header's kid): 18 random bytes, base64url (24 characters). */
export const KEY_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The sample code a server runs to sign an embed token (shown in the dialog and the docs). */
export function embedSnippet(
  { origin, keyId, sheetId }: { origin: string; keyId: string; sheetId: string },
): string {
  return `// Node or Deno, on your server (never in the browser): npm install jose
import { SignJWT } from "jose";

const secret = new TextEncoder().encode(process.env.ANALYTICS_EMBED_SECRET);
const token = await new SignJWT({
  resource: { sheet: "${sheetId}" },
  params: { status: "acik" }, // locked filter values (field: value)
  editable: false, // true lets the viewer add other filters
})
  .setProtectedHeader({ alg: "HS256", kid: "${keyId}" })
  .setExpirationTime("10m")
  .sign(secret);

const src = "${origin}${EMBED_PATH}?token=" + token;
// <iframe src={src} width="100%" height="600"></iframe>`;
}
