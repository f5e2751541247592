/**
 * The workspace's OpenID provider as a witness of an e-mail address, for sign-ins that are not
 * the staff's (the Support customer portal): the same discovery, PKCE, state, nonce and ID token
 * checks as staff single sign-on (sso.flow.service.ts), but nothing is created or linked here —
 * no account, membership or session. The caller decides what the verified address opens.
 */
import * as oidc from "openid-client";
import type { Platform } from "../../shared/modules.ts";
import { withScope } from "../../shared/db/scope.ts";
import { sha256Hex } from "../../shared/crypto/bytes.ts";
import { claimsOfAnswer, clientFor, EMAIL_CHECK_MARK as MARK } from "./sso.client.service.ts";
import { findSso, insertFlow, ssoOffers, takeFlow } from "./sso.repo.ts";
import { randomKey } from "./sso.crypto.lib.ts";
import { SsoRefused } from "./sso.rules.ts";

/** How long a started check may take at the provider (as a staff sign-in). */
const FLOW_SECONDS = 600;

/** The provider's name of a workspace with single sign-on switched on, or null. */
export async function ssoProviderLabel(
  platform: Platform,
  workspace: string,
): Promise<string | null> {
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(workspace)) return null;
  const [offer] = await withScope(platform.db.sql, {}, (tx) => ssoOffers(tx, { slug: workspace }));
  return offer?.label ?? null;
}

/**
 * Starts an e-mail check at the workspace's provider: the authorization address and the value
 * of the flow cookie that binds the answer to this browser (single use, 10 minutes).
 */
export async function startEmailCheck(
  platform: Platform,
  input: { workspace: string; redirectUri: string; next: string },
): Promise<{ url: string; cookie: string }> {
  const { sql } = platform.db;
  const [offer] = /^[a-z0-9][a-z0-9-]{0,62}$/.test(input.workspace)
    ? await withScope(sql, {}, (tx) => ssoOffers(tx, { slug: input.workspace }))
    : [];
  if (!offer) throw new SsoRefused("unavailable", "This workspace has no single sign-on.");
  const row = await withScope(sql, { tenantId: offer.tenantId }, (tx) => findSso(tx));
  if (!row?.enabled) throw new SsoRefused("unavailable", "This workspace has no single sign-on.");
  const config = await clientFor(row, platform.config.SSO_ALLOW_PRIVATE_ISSUERS);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const key = randomKey();
  await withScope(sql, { tenantId: row.tenantId }, async (tx) =>
    insertFlow(tx, row.tenantId, {
      keyHash: await sha256Hex(key),
      state,
      nonce,
      codeVerifier,
      next: `${MARK}${input.next.slice(0, 400)}`,
    }, FLOW_SECONDS));
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope: "openid email profile",
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.href, cookie: `${row.tenantId}.${key}` };
}

/**
 * Finishes an e-mail check: takes the flow the cookie names (once), exchanges the code and checks
 * the ID token (state, PKCE, signature, issuer, audience, nonce, expiry). The workspace, the
 * address the provider verified (`email_verified` must be true) and the caller's path.
 */
export async function finishEmailCheck(
  platform: Platform,
  input: { cookie: string | undefined; currentUrl: URL },
): Promise<{ tenantId: string; email: string; next: string }> {
  const { sql } = platform.db;
  const m = /^([0-9a-f-]{36})\.([\w-]{20,100})$/.exec(input.cookie ?? "");
  if (!m) throw new SsoRefused("expired", "No sign-in was started in this browser.");
  const [, tenantId, key] = m;
  const keyHash = await sha256Hex(key);
  const { flow, row } = await withScope(sql, { tenantId }, async (tx) => ({
    flow: await takeFlow(tx, tenantId, keyHash),
    row: await findSso(tx),
  }));
  if (!flow || !row || !flow.nextPath.startsWith(MARK)) {
    throw new SsoRefused("expired", "The sign-in expired or was already used; start again.");
  }
  if (!row.enabled) throw new SsoRefused("unavailable", "Single sign-on is switched off.");
  const config = await clientFor(row, platform.config.SSO_ALLOW_PRIVATE_ISSUERS);
  const claims = await claimsOfAnswer(config, input.currentUrl, flow);
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || claims.email_verified !== true) {
    throw new SsoRefused("unverified", "The provider did not give a verified e-mail address.");
  }
  return { tenantId, email, next: flow.nextPath.slice(MARK.length) };
}
