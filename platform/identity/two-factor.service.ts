/**
 * Two-factor sign-in: the gate in login() (a right password is not yet a session when the account
 * has a second factor or its workspace asks for one), the second step with a TOTP code, a
 * recovery code or a passkey, enrolment during sign-in, the account's own TOTP and recovery codes
 * (the profile's security page), and the workspace policy. Passkeys' WebAuthn ceremonies are in
 * passkeys.service.ts.
 */
import type { Platform } from "../../shared/modules.ts";
import type { Sql } from "../../shared/db/database.ts";
import type { Actor, SystemActor } from "../../shared/http/actor.ts";
import { withScope } from "../../shared/db/scope.ts";
import { Problem, problems } from "../../shared/http/problem.ts";
import { attemptKeys, countSignIn, forgiveSignIn } from "../../shared/auth/throttle.ts";
import { accountOf, memberTenants } from "./users.repo.ts";
import { issueToken, type SignedIn } from "./auth.service.ts";
import { tenantSuspended } from "./tenants.rules.ts";
import { auditIdentity } from "./audit.service.ts";
import {
  newRecoveryCodes,
  newTotpSecret,
  normalRecoveryCode,
  qrSvg,
  totpStep,
  totpUri,
  type TwoFactorPolicy,
} from "./two-factor.lib.ts";
import {
  credentialsMark,
  newTwoFactorKeyBase64,
  openTotp,
  readFlowToken,
  sameMark,
  sealTotp,
  useTwoFactorKey,
} from "./two-factor.crypto.lib.ts";
import { passwordHashOf } from "./profile.repo.ts";
import {
  confirmTotp,
  deleteTotp,
  factorsOf,
  flowTokenSpent,
  passkeysOf,
  replaceRecoveryCodes,
  saveTotpDraft,
  selectTotp,
  setTenantPolicy,
  spendFlowToken,
  spendRecoveryCode,
  spendTotpStep,
  tenantPolicy,
} from "./two-factor.repo.ts";
import { keepLastFactor, type Method } from "./two-factor.gate.service.ts";
import {
  addPasskeyFor,
  checkOwnPasskey,
  type PasskeySite,
  registrationOptionsFor,
  secondFactorOptions,
} from "./passkeys.service.ts";
import type { PasskeyAnswerT, TotpSetupT, TwoFactorStatusT } from "./two-factor.schemas.ts";
import { refuseSignInIfSsoRequired } from "./sso-required.service.ts";
import { storedPlatformSecret } from "../../shared/db/platform-secrets.ts";
import { sha256Hex } from "../../shared/crypto/bytes.ts";

/** Loads the installation's two-factor key at start (`actor.sql`: the owner connection). */
export async function initTwoFactor(actor: SystemActor): Promise<void> {
  // A lock number of its own (jwt 7202614, automation 7202615, SSO 7202638).
  const secret = { name: "identity-two-factor-key", lock: 7202637 };
  await useTwoFactorKey(await storedPlatformSecret(actor.sql, secret, newTwoFactorKeyBase64));
}

const pendingExpired = () =>
  new Problem(
    401,
    "second-factor-expired",
    "Unauthorized",
    "This sign-in has expired or is not valid; sign in again.",
  );

export const wrongSecondFactor = () =>
  new Problem(
    401,
    "wrong-second-factor",
    "Unauthorized",
    "The code is not correct, was already used, or the passkey does not belong to this account.",
  );

/** A pending sign-in's claims, or the 401 for an expired, forged or other token. */
async function pendingOf(pendingToken: string) {
  const pending = await readFlowToken(pendingToken, "second-factor");
  if (!pending?.sub || typeof pending.cred !== "string") throw pendingExpired();
  return pending;
}

/**
 * The 401 for a pending sign-in whose account changed its password since the password step (a
 * reset, a change): the token was bound to the credentials of that moment. `tx` acts as the
 * pending account (app.user_id).
 */
async function refuseIfCredentialsChanged(tx: Sql, pending: { sub: string; cred: string }) {
  const now = await credentialsMark(pending.sub, await passwordHashOf(tx));
  if (!sameMark(now, pending.cred)) throw pendingExpired();
}

export interface SecondFactorInput {
  pendingToken: string;
  code?: string;
  recoveryCode?: string;
  passkey?: PasskeyAnswerT;
  passkeyRegistration?: PasskeyAnswerT & { name: string };
  address: string;
  userAgent?: string;
  site?: PasskeySite;
  /** Milliseconds since the epoch (tests); now by default. */
  now?: number;
}

/** Checks a TOTP code against the account's confirmed secret, spending its time step. */
async function totpAccepted(tx: Sql, userId: string, code: string, now: number) {
  const stored = await selectTotp(tx, userId);
  if (!stored?.confirmed) return false;
  const secret = await openTotp(userId, stored);
  const step = secret ? totpStep(secret, code, now) : null;
  return step !== null && await spendTotpStep(tx, userId, step);
}

/**
 * The second step of a sign-in: the pending token and one answer. Wrong answers count against
 * the same throttle as wrong passwords (address, account and address, account); a right one
 * forgives both steps. The token is spent with the session, so it signs in once. While the
 * workspace requires enrolment, the answer is the new factor's first use (a TOTP code for the
 * secret set up with `startEnrolmentTotp`, or a new passkey); a first TOTP also gets ten
 * recovery codes, returned once.
 */
export async function completeSecondFactor(
  platform: Platform,
  input: SecondFactorInput,
): Promise<{ signedIn: SignedIn; recoveryCodes?: string[] }> {
  const { sql } = platform.db;
  const pending = await pendingOf(input.pendingToken);
  const userId = pending.sub;
  const keys = attemptKeys(pending.email, input.address);
  const wait = await withScope(sql, {}, async (tx) => {
    if (await flowTokenSpent(tx, `2fa:${pending.jti}`)) throw pendingExpired();
    return await countSignIn(tx, keys);
  });
  if (wait > 0) throw problems.tooManyRequests(wait);
  const now = input.now ?? Date.now();
  const scope = { userId, tenantId: pending.tid };

  const outcome = await withScope(sql, scope, async (tx) => {
    await refuseIfCredentialsChanged(tx, pending);
    let recoveryCodes: string[] | undefined;
    let method: string;
    if (pending.enrol) {
      // Enrolment: the account has no factor yet (checked again: another tab may have enrolled,
      // or a factor was added since). With one, this sign-in starts again and asks for it.
      const factors = await factorsOf(tx, userId);
      if (factors.totp || factors.passkeys > 0) return "spent" as const;
      if (input.code !== undefined) {
        const stored = await selectTotp(tx, userId);
        const secret = stored && !stored.confirmed ? await openTotp(userId, stored) : null;
        const step = secret ? totpStep(secret, input.code, now) : null;
        if (step === null || !(await confirmTotp(tx, userId, step))) return "wrong" as const;
        recoveryCodes = await freshRecoveryCodes(tx, userId);
        await auditIdentity({ sql: tx }, {
          action: "totp_enrolled",
          summary: "Set up an authenticator app while signing in",
          entityType: "user",
          entityId: userId,
          address: input.address,
        });
        method = "totp";
      } else if (input.passkeyRegistration && input.site) {
        const added = await addPasskeyFor(tx, {
          userId,
          answer: input.passkeyRegistration,
          name: input.passkeyRegistration.name,
          site: input.site,
          address: input.address,
        });
        if (!added) return "wrong" as const;
        method = "passkey";
      } else return "wrong" as const;
    } else if (input.code !== undefined) {
      if (!(await totpAccepted(tx, userId, input.code, now))) return "wrong" as const;
      method = "totp";
    } else if (input.recoveryCode !== undefined) {
      const plain = normalRecoveryCode(input.recoveryCode);
      if (!plain || !(await spendRecoveryCode(tx, userId, await sha256Hex(plain)))) {
        return "wrong" as const;
      }
      await auditIdentity({ sql: tx }, {
        action: "recovery_code_used",
        summary: "Signed in with a recovery code",
        entityType: "user",
        entityId: userId,
        address: input.address,
      });
      method = "recovery-code";
    } else if (input.passkey && input.site) {
      const ok = await checkOwnPasskey(tx, {
        userId,
        answer: input.passkey,
        site: input.site,
        use: "second-factor",
      });
      if (!ok) return "wrong" as const;
      method = "passkey";
    } else return "wrong" as const;

    if (!(await spendFlowToken(tx, `2fa:${pending.jti}`, pending.exp))) {
      return "spent" as const;
    }
    const tenant = (await memberTenants(tx, userId)).find((t) => t.id === pending.tid);
    if (!tenant) return "spent" as const;
    if (tenant.status !== "active") return "suspended" as const;
    // The workspace may have started requiring single sign-on since the password step.
    await refuseSignInIfSsoRequired({ sql: tx }, { tenant, userId });
    const user = await accountOf(tx, userId);
    const signedIn = await issueToken(tx, platform, user, tenant, {
      address: input.address,
      userAgent: input.userAgent,
    });
    await auditIdentity({ sql: tx }, {
      action: "sign_in_2fa",
      summary: `Signed in with a second factor (${method})`,
      entityType: "user",
      entityId: userId,
      address: input.address,
      after: { method },
    });
    return { signedIn, recoveryCodes };
  });

  if (outcome === "wrong") {
    await withScope(sql, scope, (tx) =>
      auditIdentity({ sql: tx }, {
        action: "sign_in_2fa_failed",
        summary: "A wrong second factor was given while signing in",
        entityType: "user",
        entityId: userId,
        address: input.address,
      }));
    throw wrongSecondFactor();
  }
  if (outcome === "spent") throw pendingExpired();
  // Both steps were right: the password's attempt and this one are forgiven.
  await withScope(sql, {}, async (tx) => {
    await forgiveSignIn(tx, keys);
    await forgiveSignIn(tx, keys);
  });
  if (outcome === "suspended") throw tenantSuspended();
  return outcome;
}

/**
 * Enrolment during sign-in: a new TOTP secret for the pending account (unconfirmed until its
 * first code signs in). Only while the workspace requires enrolment.
 */
export async function startEnrolmentTotp(
  platform: Platform,
  input: { pendingToken: string; issuer: string; reuse?: boolean },
): Promise<TotpSetupT> {
  const pending = await pendingOf(input.pendingToken);
  if (!pending.enrol) throw problems.unprocessable("This account already has a second factor.");
  return await withScope(platform.db.sql, { userId: pending.sub }, async (tx) => {
    await refuseIfCredentialsChanged(tx, pending);
    return await draftTotp(tx, {
      userId: pending.sub,
      label: pending.email,
      issuer: input.issuer,
      reuse: input.reuse,
    });
  });
}

/** What the sign-in page shows again for a pending sign-in (after a wrong answer). */
export async function pendingStep(
  platform: Platform,
  input: { pendingToken: string; issuer: string },
): Promise<{ methods: Method[]; setup?: TotpSetupT }> {
  const pending = await pendingOf(input.pendingToken);
  if (pending.enrol) {
    return { methods: [], setup: await startEnrolmentTotp(platform, { ...input, reuse: true }) };
  }
  const factors = await withScope(
    platform.db.sql,
    { userId: pending.sub },
    (tx) => factorsOf(tx, pending.sub),
  );
  const methods: Method[] = [];
  if (factors.totp) methods.push("totp");
  if (factors.passkeys > 0) methods.push("passkey");
  if (factors.recoveryLeft > 0) methods.push("recovery-code");
  return { methods };
}

/** Passkey options for a pending sign-in: its passkeys, or registration while it must enrol. */
export async function pendingPasskeyOptions(
  platform: Platform,
  input: { pendingToken: string; site: PasskeySite; rpName: string },
) {
  const pending = await pendingOf(input.pendingToken);
  return await withScope(platform.db.sql, { userId: pending.sub }, async (tx) => {
    await refuseIfCredentialsChanged(tx, pending);
    if (pending.enrol) {
      const user = await accountOf(tx, pending.sub);
      return await registrationOptionsFor(tx, { user, site: input.site, rpName: input.rpName });
    }
    return await secondFactorOptions(tx, { userId: pending.sub, site: input.site });
  });
}

async function draftTotp(
  tx: Sql,
  { userId, label, issuer, reuse }: {
    userId: string;
    label: string;
    issuer: string;
    /** Show the unconfirmed secret again (a wrong first code) instead of a new one. */
    reuse?: boolean;
  },
): Promise<TotpSetupT> {
  const stored = reuse ? await selectTotp(tx, userId) : undefined;
  const kept = stored && !stored.confirmed ? await openTotp(userId, stored) : null;
  if (kept) {
    const uri = totpUri(kept, issuer, label);
    return { secret: kept, uri, qrSvg: await qrSvg(uri) };
  }
  const secret = newTotpSecret();
  if (!(await saveTotpDraft(tx, userId, await sealTotp(userId, secret)))) {
    throw problems.conflict("An authenticator app is already set up; remove it first.");
  }
  const uri = totpUri(secret, issuer, label);
  return { secret, uri, qrSvg: await qrSvg(uri) };
}

async function freshRecoveryCodes(tx: Sql, userId: string) {
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((c) => sha256Hex(normalRecoveryCode(c)!)));
  await replaceRecoveryCodes(tx, userId, hashes);
  return codes;
}

// -- The signed-in account's own factors (profile → security).

/** The caller's second factors as the security page shows them. */
export async function securityOf({ sql, session }: Actor): Promise<TwoFactorStatusT> {
  const [factors, passkeys] = await Promise.all([
    factorsOf(sql, session.userId),
    passkeysOf(sql, session.userId),
  ]);
  return { totp: factors.totp, recoveryCodesLeft: factors.recoveryLeft, passkeys };
}

/** Starts TOTP enrolment: a new secret, shown as QR code and text, unconfirmed. */
export async function startTotp(
  actor: Actor,
  input: { issuer: string; reuse?: boolean },
): Promise<TotpSetupT> {
  return await draftTotp(actor.sql, {
    userId: actor.session.userId,
    label: actor.session.email,
    issuer: input.issuer,
    reuse: input.reuse,
  });
}

const wrongCode = () =>
  new Problem(
    422,
    "wrong-code",
    "Unprocessable Content",
    "The code is not correct or was already used.",
  );

/** Confirms TOTP with its first code; returns ten new recovery codes (shown once). */
export async function confirmTotpEnrolment(
  actor: Actor,
  input: { code: string; address?: string; now?: number },
): Promise<{ recoveryCodes: string[] }> {
  const { sql, session } = actor;
  const stored = await selectTotp(sql, session.userId);
  if (!stored) throw problems.unprocessable("Start setting up an authenticator app first.");
  if (stored.confirmed) throw problems.conflict("An authenticator app is already set up.");
  const secret = await openTotp(session.userId, stored);
  const step = secret ? totpStep(secret, input.code, input.now ?? Date.now()) : null;
  if (step === null || !(await confirmTotp(sql, session.userId, step))) throw wrongCode();
  const recoveryCodes = await freshRecoveryCodes(sql, session.userId);
  await auditIdentity(actor, {
    action: "totp_enrolled",
    summary: "Set up an authenticator app",
    entityType: "user",
    entityId: session.userId,
    address: input.address,
  });
  return { recoveryCodes };
}

/**
 * Removes TOTP after a current code. The recovery codes go too when no passkey is left. A
 * workspace whose policy requires a second factor keeps the last one.
 */
export async function removeTotp(
  actor: Actor,
  input: { code: string; address?: string; now?: number },
): Promise<void> {
  const { sql, session } = actor;
  const factors = await factorsOf(sql, session.userId);
  if (!factors.totp) throw problems.notFound("No authenticator app is set up.");
  if (!(await totpAccepted(sql, session.userId, input.code, input.now ?? Date.now()))) {
    throw wrongCode();
  }
  await keepLastFactor(actor, factors.passkeys);
  await deleteTotp(sql, session.userId);
  if (factors.passkeys === 0) await replaceRecoveryCodes(sql, session.userId, []);
  await auditIdentity(actor, {
    action: "totp_removed",
    summary: "Removed the authenticator app",
    entityType: "user",
    entityId: session.userId,
    address: input.address,
  });
}

/** Ten new recovery codes replacing all old ones (needs a second factor). */
export async function regenerateRecoveryCodes(
  actor: Actor,
  input: { address?: string } = {},
): Promise<{ recoveryCodes: string[] }> {
  const { sql, session } = actor;
  const factors = await factorsOf(sql, session.userId);
  if (!factors.totp && factors.passkeys === 0) {
    throw problems.unprocessable("Set up an authenticator app or a passkey first.");
  }
  const recoveryCodes = await freshRecoveryCodes(sql, session.userId);
  await auditIdentity(actor, {
    action: "recovery_codes_regenerated",
    summary: "Made new recovery codes",
    entityType: "user",
    entityId: session.userId,
    address: input.address,
  });
  return { recoveryCodes };
}

// -- The workspace's policy.

export async function twoFactorPolicyOf({ sql, session }: Actor): Promise<TwoFactorPolicy> {
  return await tenantPolicy(sql, session.tenantId);
}

export async function changeTwoFactorPolicy(
  actor: Actor,
  input: { policy: TwoFactorPolicy; address?: string },
): Promise<TwoFactorPolicy> {
  const { sql, session } = actor;
  const before = await tenantPolicy(sql, session.tenantId);
  if (before === input.policy) return before;
  await setTenantPolicy(sql, session.tenantId, input.policy);
  await auditIdentity(actor, {
    action: "tenant_settings_changed",
    summary: `Changed who must use a second factor from ${before} to ${input.policy}`,
    entityType: "tenant",
    entityId: session.tenantId,
    address: input.address,
    before: { twoFactorPolicy: before },
    after: { twoFactorPolicy: input.policy },
  });
  return input.policy;
}
