/**
 * Passkeys (WebAuthn through @simplewebauthn/server): registering one on the security page (or
 * while a workspace requires enrolment at sign-in), removing it, using it as a second factor,
 * and password-less sign-in with a discoverable credential. Challenges travel in short-lived
 * signed tokens (two-factor.crypto.lib.ts) and are spent when used, so an answer counts once.
 * The relying party is the request's host (PasskeySite, from the pages and handlers).
 */
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Platform } from "../../shared/modules.ts";
import { lazy } from "../../shared/lazy.ts";
import type { Sql } from "../../shared/db/database.ts";
import type { Actor } from "../../shared/http/actor.ts";
import { withScope } from "../../shared/db/scope.ts";
import { Problem, problems } from "../../shared/http/problem.ts";
import { attemptKeys, countSignIn, forgiveSignIn } from "../../shared/auth/throttle.ts";
import { accountOf, memberTenants } from "./users.repo.ts";
import { issueToken, type SignedIn } from "./auth.service.ts";
import { tenantSuspended } from "./tenants.rules.ts";
import { auditIdentity } from "./audit.service.ts";
import { readFlowToken, signFlowToken } from "./two-factor.crypto.lib.ts";
import { userHandle, userIdOfHandle } from "./two-factor.lib.ts";
import {
  credentialsOf,
  deletePasskey,
  factorsOf,
  insertPasskey,
  ownPasskey,
  passkeyForLogin,
  spendFlowToken,
  type StoredPasskey,
  touchPasskey,
} from "./two-factor.repo.ts";
import type { PasskeyAnswerT, PasskeyT } from "./two-factor.schemas.ts";
import { keepLastFactor } from "./two-factor.gate.service.ts";
import { refuseSignInIfSsoRequired } from "./sso-required.service.ts";

/** @simplewebauthn/server (about 6 MB of heap), loaded by the first passkey ceremony. */
const webauthn = lazy(() => import("@simplewebauthn/server"));

/** The relying party: the host the browser sees (its RP ID) and the page's origin. */
export interface PasskeySite {
  rpId: string;
  origin: string;
}

type Use = "register" | "second-factor" | "sign-in";

async function challengeToken(challenge: string, use: Use, userId?: string) {
  return (await signFlowToken({ purpose: "passkey-challenge", challenge, use, sub: userId })).token;
}

/** A challenge token's claims for this use (and account), or null. */
async function challengeOf(token: string, use: Use, userId?: string) {
  const claims = await readFlowToken(token, "passkey-challenge");
  if (!claims || claims.use !== use) return null;
  if (userId !== undefined && claims.sub !== userId) return null;
  return claims;
}

const asTransports = (t: string[]) => t as AuthenticatorTransport[];

/** Registration options for an account (its existing passkeys excluded). */
export async function registrationOptionsFor(
  tx: Sql,
  input: {
    user: { id: string; email: string; name: string };
    site: PasskeySite;
    rpName: string;
  },
) {
  const existing = await credentialsOf(tx, input.user.id);
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: input.rpName,
    rpID: input.site.rpId,
    userName: input.user.email,
    userDisplayName: input.user.name,
    userID: userHandle(input.user.id) as Uint8Array<ArrayBuffer>,
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({
      id: c.credentialId,
      transports: asTransports(c.transports),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  return {
    options: options as unknown as Record<string, unknown>,
    challengeToken: await challengeToken(options.challenge, "register", input.user.id),
  };
}

/**
 * Verifies a registration answer and stores the passkey for the account (the scope's). Null
 * when the answer does not verify (wrong challenge, origin or RP ID, spent challenge).
 */
export async function addPasskeyFor(
  tx: Sql,
  input: {
    userId: string;
    answer: PasskeyAnswerT;
    name: string;
    site: PasskeySite;
    address?: string;
  },
): Promise<PasskeyT | null> {
  const claims = await challengeOf(input.answer.challengeToken, "register", input.userId);
  if (!claims) return null;
  let info;
  try {
    const result = await (await webauthn()).verifyRegistrationResponse({
      response: input.answer.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: claims.challenge,
      expectedOrigin: input.site.origin,
      expectedRPID: input.site.rpId,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    info = result.registrationInfo;
  } catch {
    return null;
  }
  if (!(await spendFlowToken(tx, `wa:${claims.jti}`, claims.exp))) return null;
  const id = crypto.randomUUID();
  await insertPasskey(tx, {
    id,
    userId: input.userId,
    credentialId: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    name: input.name,
  });
  await auditIdentity({ sql: tx }, {
    action: "passkey_added",
    summary: `Added the passkey "${input.name}"`,
    entityType: "passkey",
    entityId: id,
    address: input.address,
    after: { name: input.name },
  });
  return { id, name: input.name, createdAt: new Date().toISOString(), lastUsedAt: null };
}

/** Verifies an assertion against a stored passkey; the new counter, or null. */
async function verifyAssertion(
  stored: StoredPasskey,
  answer: PasskeyAnswerT,
  challenge: string,
  site: PasskeySite,
  requireUserVerification: boolean,
): Promise<number | null> {
  try {
    const result = await (await webauthn()).verifyAuthenticationResponse({
      response: answer.credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpId,
      credential: {
        id: answer.credential.id,
        publicKey: stored.publicKey as Uint8Array<ArrayBuffer>,
        counter: stored.counter,
        transports: asTransports(stored.transports),
      },
      requireUserVerification,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

/** Options to answer a pending sign-in's second factor with one of the account's passkeys. */
export async function secondFactorOptions(
  tx: Sql,
  input: { userId: string; site: PasskeySite },
) {
  const mine = await credentialsOf(tx, input.userId);
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: input.site.rpId,
    allowCredentials: mine.map((c) => ({
      id: c.credentialId,
      transports: asTransports(c.transports),
    })),
    userVerification: "preferred",
  });
  return {
    options: options as unknown as Record<string, unknown>,
    challengeToken: await challengeToken(options.challenge, "second-factor", input.userId),
  };
}

/**
 * A second factor by passkey: the credential must be one of this account's own (another
 * account's passkey is not found under the account's scope) and answer the account's challenge.
 */
export async function checkOwnPasskey(
  tx: Sql,
  input: { userId: string; answer: PasskeyAnswerT; site: PasskeySite; use: "second-factor" },
): Promise<boolean> {
  const claims = await challengeOf(input.answer.challengeToken, input.use, input.userId);
  if (!claims) return false;
  const stored = await ownPasskey(tx, input.userId, input.answer.credential.id);
  if (!stored) return false;
  const counter = await verifyAssertion(stored, input.answer, claims.challenge, input.site, false);
  if (counter === null) return false;
  if (!(await spendFlowToken(tx, `wa:${claims.jti}`, claims.exp))) return false;
  await touchPasskey(tx, stored.id, counter);
  return true;
}

/** Options for a password-less sign-in: any discoverable credential of this site. */
export async function signInOptions(input: { site: PasskeySite }) {
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: input.site.rpId,
    userVerification: "required",
  });
  return {
    options: options as unknown as Record<string, unknown>,
    challengeToken: await challengeToken(options.challenge, "sign-in"),
  };
}

const passkeyRefused = () =>
  new Problem(
    401,
    "passkey-refused",
    "Unauthorized",
    "This passkey cannot sign in here, or the sign-in has expired; try again.",
  );

/**
 * Password-less sign-in: the passkey (with user verification: something held and something
 * known or been) finds its account; the workspace as for a password sign-in. Attempts count
 * against the client address's sign-in throttle.
 */
export async function passkeySignIn(
  platform: Platform,
  input: {
    answer: PasskeyAnswerT;
    tenant?: string;
    site: PasskeySite;
    address: string;
    userAgent?: string;
  },
): Promise<SignedIn> {
  const { sql } = platform.db;
  const keys = attemptKeys(`passkey:${input.answer.credential.id.slice(0, 200)}`, input.address);
  const wait = await withScope(sql, {}, (tx) => countSignIn(tx, keys));
  if (wait > 0) throw problems.tooManyRequests(wait);
  const claims = await challengeOf(input.answer.challengeToken, "sign-in");
  if (!claims) throw passkeyRefused();
  const stored = await withScope(sql, {}, (tx) => passkeyForLogin(tx, input.answer.credential.id));
  if (!stored) throw passkeyRefused();
  // The authenticator names the account it holds the passkey for; it must be the passkey's.
  const handle = (input.answer.credential.response as { userHandle?: unknown }).userHandle;
  if (typeof handle === "string" && userIdOfHandle(handle) !== stored.userId) {
    throw passkeyRefused();
  }
  const counter = await verifyAssertion(stored, input.answer, claims.challenge, input.site, true);
  if (counter === null) throw passkeyRefused();
  const tenant = await withScope(sql, { userId: stored.userId }, async (tx) => {
    const tenants = await memberTenants(tx, stored.userId);
    const active = tenants.filter((t) => t.status === "active");
    return input.tenant
      ? tenants.find((t) => t.slug === input.tenant || t.id === input.tenant)
      : active.find((t) => t.slug === platform.config.DEFAULT_TENANT) ?? active[0] ?? tenants[0];
  });
  if (!tenant) throw passkeyRefused();
  if (tenant.status !== "active") throw tenantSuspended();
  const scope = { userId: stored.userId, tenantId: tenant.id };
  const signedIn = await withScope(sql, scope, async (tx) => {
    // Like a password: a workspace that requires single sign-on refuses it (break-glass aside).
    await refuseSignInIfSsoRequired({ sql: tx }, { tenant, userId: stored.userId });
    if (!(await spendFlowToken(tx, `wa:${claims.jti}`, claims.exp))) return null;
    await touchPasskey(tx, stored.id, counter);
    const user = await accountOf(tx, stored.userId);
    const issued = await issueToken(tx, platform, user, tenant, {
      address: input.address,
      userAgent: input.userAgent,
    });
    await auditIdentity({ sql: tx }, {
      action: "sign_in_passkey",
      summary: "Signed in with a passkey",
      entityType: "user",
      entityId: stored.userId,
      address: input.address,
    });
    return issued;
  });
  if (!signedIn) throw passkeyRefused();
  await withScope(sql, {}, (tx) => forgiveSignIn(tx, keys));
  return signedIn;
}

// -- The signed-in account's own passkeys.

/** Registration options for the caller. */
export async function passkeyRegistrationOptions(
  actor: Actor,
  input: { site: PasskeySite; rpName: string },
) {
  const user = await accountOf(actor.sql, actor.session.userId);
  return await registrationOptionsFor(actor.sql, { user, ...input });
}

/** Adds a passkey for the caller; 422 when the answer does not verify. */
export async function addPasskey(
  actor: Actor,
  input: { answer: PasskeyAnswerT; name: string; site: PasskeySite; address?: string },
): Promise<PasskeyT> {
  const added = await addPasskeyFor(actor.sql, { userId: actor.session.userId, ...input });
  if (!added) {
    throw problems.unprocessable(
      "The passkey could not be verified (expired or used challenge, another site); try again.",
    );
  }
  return added;
}

/** Removes one of the caller's passkeys (another account's id: 404). */
export async function removePasskey(actor: Actor, input: { id: string; address?: string }) {
  const factors = await factorsOf(actor.sql, actor.session.userId);
  await keepLastFactor(actor, factors.passkeys - 1 + (factors.totp ? 1 : 0));
  const removed = await deletePasskey(actor.sql, actor.session.userId, input.id);
  if (!removed) throw problems.notFound("No such passkey.");
  await auditIdentity(actor, {
    action: "passkey_removed",
    summary: `Removed the passkey "${removed.name}"`,
    entityType: "passkey",
    entityId: input.id,
    address: input.address,
    before: { name: removed.name },
  });
}
