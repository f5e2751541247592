/**
 * Signing in through a workspace's OpenID provider (openid-client): discovery, authorization
 * code with PKCE, state and nonce; the ID token's signature, issuer, audience and nonce are
 * checked by openid-client. Accounts are created just in time for the workspace's e-mail
 * domains, with the role the claims map to; the token is issued by the same path as password
 * sign-in (issueToken). Runs before any session exists: each step opens its own short scope, and
 * no transaction is held while the provider is called.
 */
import * as oidc from "openid-client";
import type { Platform } from "../../shared/modules.ts";
import { withScope } from "../../shared/db/scope.ts";
import { sameOriginPath } from "../../shared/http/redirect.ts";
import { issueToken, type SignedIn } from "./auth.service.ts";
import type { SignInClient } from "./sessions.service.ts";
import { auditIdentity } from "./audit.service.ts";
import { randomKey } from "./sso.crypto.lib.ts";
import { claimsOfAnswer, clientFor, EMAIL_CHECK_MARK } from "./sso.client.service.ts";
import { sha256Hex } from "../../shared/crypto/bytes.ts";
import {
  accountExclusiveTo,
  currentTenant,
  existingRoles,
  findSso,
  hasSecondFactor,
  insertFlow,
  insertLink,
  linkedUser,
  membershipOf,
  setMembershipActive,
  ssoOffers,
  takeFlow,
} from "./sso.repo.ts";
import { accountOf, insertMembership, insertUser, userIdByEmail } from "./users.repo.ts";
import { domainAllowed, emailDomain, roleFromClaims, SsoRefused } from "./sso.rules.ts";
import type { SsoOffer } from "./sso.schemas.ts";

/** How long a started sign-in may take at the provider. */
export const FLOW_SECONDS = 600;
// Kept where it was first offered (sso.service.ts drops a tenant's client on a change).
export { forgetSsoClient } from "./sso.client.service.ts";

/** "Sign in with <company>" buttons for a workspace slug and/or an e-mail (its domain). */
export async function ssoOffersFor(
  platform: Platform,
  by: { workspace?: string | null; email?: string | null },
): Promise<SsoOffer[]> {
  const slug = by.workspace?.trim().toLowerCase() || null;
  const domain = by.email ? emailDomain(by.email) || null : null;
  if (!slug && !domain) return [];
  if (slug && !/^[a-z0-9][a-z0-9-]{1,62}$/.test(slug) && !domain) return [];
  const rows = await withScope(platform.db.sql, {}, (tx) => ssoOffers(tx, { slug, domain }));
  return rows.map(({ slug, label }) => ({ slug, label }));
}

/**
 * Starts a sign-in at the workspace's provider: the authorization address to redirect to, the
 * value of the flow cookie that binds the answer to this browser (single use), and the
 * provider's name on the buttons.
 */
export async function startSso(
  platform: Platform,
  input: { workspace: string; redirectUri: string; next?: string | null },
): Promise<{ url: string; cookie: string; label: string }> {
  const { sql } = platform.db;
  const [offer] = /^[a-z0-9][a-z0-9-]{1,62}$/.test(input.workspace)
    ? await withScope(sql, {}, (tx) => ssoOffers(tx, { slug: input.workspace }))
    : [];
  if (!offer) throw new SsoRefused("unavailable", "This workspace has no single sign-on.");
  const row = await withScope(sql, { tenantId: offer.tenantId }, (tx) => findSso(tx));
  if (!row) throw new SsoRefused("unavailable", "This workspace has no single sign-on.");
  const config = await clientFor(row, platform.config.SSO_ALLOW_PRIVATE_ISSUERS);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  // Where to go afterwards: a path of this site only (normalised), and short enough to keep.
  const wanted = sameOriginPath(input.next);
  const next = wanted.length > 500 ? "/" : wanted;
  const key = randomKey();
  const keyHash = await sha256Hex(key);
  await withScope(sql, { tenantId: row.tenantId }, (tx) =>
    insertFlow(tx, row.tenantId, {
      keyHash,
      state,
      nonce,
      codeVerifier,
      next,
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
  return { url: url.href, cookie: `${row.tenantId}.${key}`, label: row.label };
}

export interface SsoSignedIn extends SignedIn {
  next: string;
}

/**
 * Finishes a sign-in: takes the flow the cookie names (once), exchanges the code and checks the
 * ID token (openid-client: state, PKCE, signature, issuer, audience, nonce, expiry), then finds or
 * creates the account and membership and issues the session token. Refusals are audited and
 * thrown as SsoRefused (the page explains each one).
 */
export async function finishSso(
  platform: Platform,
  input: { cookie: string | undefined; currentUrl: URL; client: SignInClient },
): Promise<SsoSignedIn> {
  const { sql } = platform.db;
  const m = /^([0-9a-f-]{36})\.([\w-]{20,100})$/.exec(input.cookie ?? "");
  if (!m) throw new SsoRefused("expired", "No sign-in was started in this browser.");
  const [, tenantId, key] = m;
  const keyHash = await sha256Hex(key);
  const found = await withScope(sql, { tenantId }, async (tx) => ({
    flow: await takeFlow(tx, tenantId, keyHash),
    row: await findSso(tx),
    tenant: await currentTenant(tx),
  }));
  const { flow, row, tenant } = found;
  // An e-mail check's flow (sso.verify.service.ts) never ends in a staff session.
  if (!flow || !row || !tenant || flow.nextPath.startsWith(EMAIL_CHECK_MARK)) {
    throw new SsoRefused("expired", "The sign-in expired or was already used; start again.");
  }
  const refuse = async (reason: SsoRefused["reason"], detail: string, email?: string) => {
    await withScope(sql, { tenantId }, (tx) =>
      auditIdentity({ sql: tx }, {
        action: "sign_in_sso_failed",
        summary: email
          ? `Single sign-on refused for ${email}: ${detail}`
          : `Single sign-on refused: ${detail}`,
        entityType: "tenant",
        entityId: tenantId,
        address: input.client.address,
        after: { reason, ...(email ? { email } : {}) },
      }));
    return new SsoRefused(reason, detail, email);
  };
  if (!row.enabled || tenant.status !== "active") {
    throw await refuse("unavailable", "Single sign-on is switched off for this workspace.");
  }
  let config: oidc.Configuration;
  try {
    config = await clientFor(row, platform.config.SSO_ALLOW_PRIVATE_ISSUERS);
  } catch (err) {
    throw err instanceof SsoRefused ? await refuse(err.reason, err.detail) : err;
  }
  let claims: Record<string, unknown>;
  try {
    claims = await claimsOfAnswer(config, input.currentUrl, flow);
  } catch (err) {
    throw err instanceof SsoRefused ? await refuse(err.reason, err.detail) : err;
  }
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || claims.email_verified === false) {
    throw await refuse("unverified", "The provider did not give a verified e-mail address.", email);
  }
  if (!domainAllowed(email, row.allowedDomains)) {
    throw await refuse(
      "domain",
      `${emailDomain(email)} is not one of this workspace's e-mail domains.`,
      email,
    );
  }
  const name = typeof claims.name === "string" && claims.name.trim()
    ? claims.name.trim().slice(0, 200)
    : email.split("@")[0];
  // Who the provider says this is: (issuer, subject), checked by openid-client; the e-mail is
  // only a claim the workspace's provider makes.
  const issuer = typeof claims.iss === "string" ? claims.iss : row.issuer;
  const subject = typeof claims.sub === "string" ? claims.sub : "";
  if (!subject || subject.length > 255) {
    throw await refuse("invalid", "The ID token names no usable subject.", email);
  }
  // The account: the one linked to this identity (whatever e-mail the provider sends now); else
  // the one with this e-mail; else a new one. Whoever runs this workspace's provider can make
  // it say anything, so an account is signed in (linked or not) only while it belongs to no
  // other workspace and is no operator's (it would open those workspaces), and an unlinked
  // account found by its e-mail is linked only when it is no owner here and has no second
  // factor (single sign-on would skip its password and that factor). The link is written at
  // the first allowed sign-in, by a definer function that checks the same rules again.
  let joined: { userId: string; refused: "disabled" | null; created: boolean };
  try {
    joined = await withScope(sql, { tenantId }, async (tx) => {
      const linked = await linkedUser(tx, issuer, subject);
      const existing = linked ?? await userIdByEmail(tx, email);
      if (existing && !(await accountExclusiveTo(tx, tenantId, existing))) {
        throw new SsoRefused(
          "linked",
          linked
            ? "The linked account now belongs to other workspaces too or is an operator's."
            : "An account with this e-mail belongs to other workspaces or is an operator's, and is not linked to this identity at the provider.",
          email,
        );
      }
      const membership = existing ? await membershipOf(tx, existing) : undefined;
      if (existing && !linked) {
        if (membership?.roles.includes("owner")) {
          throw new SsoRefused(
            "linked",
            "The account with this e-mail is an owner of this workspace and is not linked to this identity at the provider.",
            email,
          );
        }
        if (await hasSecondFactor(tx, existing)) {
          throw new SsoRefused(
            "linked",
            "The account with this e-mail has a second factor and is not linked to this identity at the provider.",
            email,
          );
        }
      }
      if (membership?.status === "disabled") {
        return { userId: existing!, refused: "disabled" as const, created: false };
      }
      const userId = existing ?? (await insertUser(tx, { email, name, passwordHash: null })).id;
      if (!linked && !(await insertLink(tx, tenantId, { issuer, subject, userId }))) {
        // Refused by the database's own check (changed since the lines above): nothing is kept.
        throw new SsoRefused(
          "linked",
          "The account cannot be linked to this identity at the provider.",
          email,
        );
      }
      if (!membership) {
        const mapped = roleFromClaims(claims, row);
        const roles = (await existingRoles(tx, [mapped])).length ? [mapped] : [row.defaultRole];
        await insertMembership(tx, tenantId, userId, roles);
        await auditIdentity({ sql: tx }, {
          action: "member_added",
          summary: `${email} joined through single sign-on as ${roles.join(", ")}`,
          entityType: "user",
          entityId: userId,
          address: input.client.address,
          after: { email, roles, via: "sso", accountCreated: !existing },
        });
      } else if (membership.status === "invited") {
        await setMembershipActive(tx, userId);
      }
      return { userId, refused: null, created: !existing };
    });
  } catch (err) {
    throw err instanceof SsoRefused ? await refuse(err.reason, err.detail, err.email) : err;
  }
  if (joined.refused === "disabled") {
    throw await refuse("disabled", "This member is disabled in the workspace.", email);
  }
  const signedIn = await withScope(sql, { tenantId, userId: joined.userId }, async (tx) => {
    const user = await accountOf(tx, joined.userId);
    const issued = await issueToken(tx, platform, user, tenant, input.client);
    await auditIdentity({ sql: tx }, {
      action: "sign_in_sso",
      summary: `${user.email} signed in through single sign-on`,
      entityType: "user",
      entityId: joined.userId,
      address: input.client.address,
      after: {
        email: user.email,
        ...(user.email.toLowerCase() !== email ? { providerEmail: email } : {}),
        issuer,
        roles: issued.roles,
      },
    });
    return issued;
  });
  return { ...signedIn, next: flow.nextPath };
}
