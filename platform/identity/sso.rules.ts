/**
 * Single sign-on decisions, pure: which issuer addresses are acceptable, whether an e-mail's
 * domain is one of the tenant's, which role a set of claims maps to. Where to go after sign-in
 * is decided by sameOriginPath (shared/http/redirect.ts), the one check for redirect targets.
 */
import { Problem } from "../../shared/http/problem.ts";

/** A domain name as the settings keep it (lowercase, at least one dot, no scheme or path). */
export const DOMAIN_PATTERN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why an issuer address is refused (a text for the admin), or null when acceptable: https, or
 * http only on this machine (a provider run next to the app in development and tests); no query,
 * fragment or credentials (an issuer identifier has none). The form only: the server also
 * refuses http and private addresses unless the operator allows them (sso.issuer.repo.ts).
 */
export function issuerProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "an address such as https://login.example.com";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname))) {
    return "the address must start with https://";
  }
  if (url.search || url.hash || url.username || url.password) {
    return "the issuer address has no query, fragment or credentials";
  }
  return null;
}

/** The domain of an e-mail address, lowercase ("" when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0 ? "" : email.slice(at + 1).trim().toLowerCase();
}

/** Whether an e-mail belongs to one of the tenant's domains (exact domain match). */
export function domainAllowed(email: string, domains: string[]): boolean {
  const domain = emailDomain(email);
  return domain !== "" && domains.includes(domain);
}

export interface RoleMapping {
  roleClaim: string | null;
  roleMap: { value: string; role: string }[];
  defaultRole: string;
}

/**
 * The role a new member gets from the provider's claims: the first mapping entry whose value the
 * claim has (a string, or one of an array of strings), else the default role.
 */
export function roleFromClaims(claims: Record<string, unknown>, mapping: RoleMapping): string {
  if (mapping.roleClaim) {
    const raw = claims[mapping.roleClaim];
    const values = Array.isArray(raw)
      ? raw.filter((v): v is string => typeof v === "string")
      : typeof raw === "string"
      ? [raw]
      : [];
    const hit = mapping.roleMap.find((m) => values.includes(m.value));
    if (hit) return hit.role;
  }
  return mapping.defaultRole;
}

/** Password sign-in refused because the workspace signs in through its provider. */
export const ssoRequired = () =>
  new Problem(
    403,
    "sso-required",
    "Forbidden",
    "This workspace signs in through its identity provider: use single sign-on.",
  );

/** Why a sign-in through the provider was refused (the page explains each one). */
export type SsoRefusal =
  | "expired" // no flow cookie, or the flow was already used or is too old
  | "provider" // the provider answered with an error (cancelled, denied)
  | "invalid" // state, nonce, issuer, audience or signature check failed
  | "unverified" // the provider did not say the e-mail is verified
  | "domain" // the e-mail's domain is not one of the workspace's
  | "disabled" // the member is disabled in the workspace
  | "linked" // the e-mail's account belongs to other workspaces and is not linked to this identity
  | "unavailable"; // the provider could not be reached or is not set up

export class SsoRefused extends Error {
  constructor(readonly reason: SsoRefusal, readonly detail: string, readonly email?: string) {
    super(detail);
  }
}

/** The redirect URI to register at the provider (one for every workspace of this app). */
export const callbackUrl = (origin: string) => `${origin}/sso/callback`;
