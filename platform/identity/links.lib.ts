import { Problem } from "../../shared/http/problem.ts";
import { randomToken, sha256Hex, timingSafeEqual } from "../../shared/crypto/bytes.ts";

/**
 * Single-use links (invitations, password resets): a random token goes into the link, only its
 * SHA-256 hash (hex) is stored. Pure helpers, no storage.
 */

/** 32 random bytes, URL-safe base64 without padding (43 characters). */
export const newLinkToken = (): string => randomToken();

/** What a link token looks like; anything else is refused before any lookup. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The stored form of a token: SHA-256, lowercase hex. */
export const hashLinkToken = (token: string): Promise<string> => sha256Hex(token);

/** Compares two hex hashes in constant time (the lookup found the row; this confirms it). */
export function sameHash(a: string, b: string): boolean {
  const bytes = (s: string) => new TextEncoder().encode(s);
  return timingSafeEqual(bytes(a), bytes(b));
}

/** An absolute link on this site. */
export function linkTo(origin: string, path: string): string {
  return new URL(path, origin).toString();
}

/**
 * The site's origin as the browser reached it: the request's URL, or behind a trusted proxy
 * (TRUST_PROXY) its X-Forwarded-Host and X-Forwarded-Proto.
 */
export function siteOrigin(
  url: string,
  header: (name: string) => string | undefined,
  trustProxy: boolean,
): string {
  const own = new URL(url);
  const forwardedHost = trustProxy ? header("x-forwarded-host") : undefined;
  if (!forwardedHost) return own.origin;
  const host = forwardedHost.split(",")[0].trim();
  const proto = (header("x-forwarded-proto") ?? own.protocol.replace(":", "")).split(",")[0]
    .trim();
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) || !/^https?$/.test(proto)) return own.origin;
  return `${proto}://${host}`;
}

/**
 * The address people reach the app at, for links it hands out (the SSO callback): PUBLIC_URL
 * when the operator set it, else the site's origin as the request reached it (siteOrigin).
 */
export function appOrigin(
  url: string,
  header: (name: string) => string | undefined,
  config: { PUBLIC_URL?: string; TRUST_PROXY: boolean },
): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  return siteOrigin(url, header, config.TRUST_PROXY);
}

/** The configuration mail links depend on (shared/config.ts). */
export interface MailOriginConfig {
  PUBLIC_URL?: string;
  HOST: string;
  TRUST_PROXY: boolean;
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const WILDCARD_HOST = new Set(["", "0.0.0.0", "::", "[::]"]);

/**
 * Where the links in mails (invitations, password resets) point. PUBLIC_URL when the operator
 * set it. Unset: the site's origin as the request reached it (siteOrigin), but only when its
 * host is loopback or the very host the platform listens on (HOST, when not a wildcard) — the
 * Host and X-Forwarded-Host headers are the requester's to choose, and a reset mail to a victim
 * must not point at a site the requester picked. Null otherwise: the caller sends no mail.
 */
export function mailOrigin(
  url: string,
  header: (name: string) => string | undefined,
  config: MailOriginConfig,
): string | null {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  const origin = siteOrigin(url, header, config.TRUST_PROXY);
  const host = new URL(origin).hostname.toLowerCase();
  const own = config.HOST.toLowerCase();
  if (LOOPBACK_HOST.test(host)) return origin;
  if (!WILDCARD_HOST.has(own) && (host === own || host === `[${own}]`)) return origin;
  return null;
}

/** mailOrigin, or 503 public-url-missing when no trustworthy origin is known (nothing is sent). */
export function requireMailOrigin(
  url: string,
  header: (name: string) => string | undefined,
  config: MailOriginConfig,
): string {
  const origin = mailOrigin(url, header, config);
  if (origin) return origin;
  throw new Problem(
    503,
    "public-url-missing",
    "Service Unavailable",
    "Links in e-mails cannot be made for the address this request came to: the operator must set PUBLIC_URL.",
  );
}
