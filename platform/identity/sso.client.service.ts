/**
 * The OpenID provider configuration of a workspace's single sign-on (openid-client discovery),
 * kept for a while per tenant; shared by staff sign-on (sso.flow.service.ts) and the e-mail
 * check other sign-ins use (sso.verify.service.ts).
 */
import * as oidc from "openid-client";
import { openSecret } from "./sso.crypto.lib.ts";
import type { SsoRow } from "./sso.repo.ts";
import { guardedFetch, providerAddressProblem } from "./sso.issuer.repo.ts";
import { SsoRefused } from "./sso.rules.ts";

/** The mark on the kept path of an e-mail check's flow (sso.verify.service.ts). */
export const EMAIL_CHECK_MARK = "verify:";

/** How long a discovered provider configuration is reused. */
const CLIENT_TTL_MS = 10 * 60_000;

const clients = new Map<string, { config: oidc.Configuration; at: number; version: string }>();

/** Drops a tenant's remembered provider configuration (its settings changed). */
export function forgetSsoClient(tenantId: string) {
  clients.delete(tenantId);
}

/**
 * The provider configuration of a tenant's settings (discovered, then kept for a while). Every
 * request to the provider goes through the SSRF guard (sso.issuer.repo.ts); `allowPrivate` is
 * the operator's SSO_ALLOW_PRIVATE_ISSUERS.
 */
export async function clientFor(row: SsoRow, allowPrivate: boolean): Promise<oidc.Configuration> {
  const version = `${row.issuer}|${row.clientId}|${row.updatedAt}|${allowPrivate}`;
  const kept = clients.get(row.tenantId);
  if (kept && kept.version === version && Date.now() - kept.at < CLIENT_TTL_MS) return kept.config;
  const secret = row.secretCiphertext && row.secretNonce && row.secretKeyId
    ? await openSecret(row.tenantId, {
      ciphertext: row.secretCiphertext,
      nonce: row.secretNonce,
      keyId: row.secretKeyId,
    })
    : null;
  if (!secret) {
    throw new SsoRefused("unavailable", "The client secret cannot be read; set it again.");
  }
  const issuer = new URL(row.issuer);
  const refused = await providerAddressProblem(issuer, allowPrivate);
  if (refused) throw new SsoRefused("unavailable", `The issuer is refused: ${refused}.`);
  let config: oidc.Configuration;
  try {
    config = await oidc.discovery(
      issuer,
      row.clientId,
      secret,
      undefined,
      {
        execute: allowPrivate && issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
        [oidc.customFetch]: guardedFetch(allowPrivate),
      },
    );
  } catch (err) {
    throw new SsoRefused("unavailable", `The identity provider cannot be reached: ${message(err)}`);
  }
  // The ID token's signature is checked too (openid-client otherwise trusts TLS for tokens
  // from the token endpoint): against the provider's published keys (jwks_uri).
  oidc.enableNonRepudiationChecks(config);
  clients.set(row.tenantId, { config, at: Date.now(), version });
  return config;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/**
 * Exchanges the provider's answer for the ID token's claims, checking what the flow kept:
 * state, PKCE verifier and nonce (and the token's signature, issuer, audience and expiry).
 * A refusal by the provider is "provider"; any other failure "invalid".
 */
export async function claimsOfAnswer(
  config: oidc.Configuration,
  currentUrl: URL,
  flow: { codeVerifier: string; state: string; nonce: string },
): Promise<Record<string, unknown>> {
  try {
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    return (tokens.claims() ?? {}) as Record<string, unknown>;
  } catch (err) {
    const denied = err instanceof oidc.AuthorizationResponseError;
    const detail = (err instanceof Error ? err.message : String(err)).slice(0, 300);
    throw new SsoRefused(denied ? "provider" : "invalid", detail);
  }
}
