/**
 * The gate of a password sign-in (called by login() in auth.service.ts): whether a second factor
 * is due, as a 401 with a pending token; and the rule that keeps a member's last factor while the
 * workspace's policy asks them for one. Apart from two-factor.service.ts so that login() does
 * not import the code that issues tokens after the second step (no import cycle).
 */
import type { Actor, SystemActor } from "../../shared/http/actor.ts";
import { Problem, problems } from "../../shared/http/problem.ts";
import { membershipRoles } from "./users.repo.ts";
import { PENDING_SECONDS, policyRequires } from "./two-factor.lib.ts";
import { credentialsMark, signFlowToken } from "./two-factor.crypto.lib.ts";
import { factorsOf, tenantPolicy } from "./two-factor.repo.ts";
import { passwordHashOf } from "./profile.repo.ts";

export type Method = "totp" | "recovery-code" | "passkey";

/** The 401 a right password gets while its second factor is outstanding. */
export function secondFactorRequired(
  pending: { pendingToken: string; methods: Method[]; enrolmentRequired: boolean },
) {
  return new Problem(
    401,
    "second-factor-required",
    "Second factor required",
    pending.enrolmentRequired
      ? "This workspace requires a second factor: set one up to finish signing in."
      : "Finish signing in with a code from your authenticator app, a recovery code or a passkey.",
    undefined,
    {},
    { secondFactor: { ...pending, expiresIn: PENDING_SECONDS } },
  );
}

/**
 * Called by login() once the password is right and the workspace chosen (in the account's
 * scope, before any token): throws secondFactorRequired when the account has a second factor or
 * the workspace's policy asks for one; returns when the password alone is enough.
 */
export async function requireSecondFactor(
  actor: Pick<SystemActor, "sql">,
  input: { user: { id: string; email: string }; tenant: { id: string } },
): Promise<void> {
  const { sql } = actor;
  const [factors, policy, roles] = await Promise.all([
    factorsOf(sql, input.user.id),
    tenantPolicy(sql, input.tenant.id),
    membershipRoles(sql, input.tenant.id, input.user.id),
  ]);
  const methods: Method[] = [];
  if (factors.totp) methods.push("totp");
  if (factors.passkeys > 0) methods.push("passkey");
  if (factors.recoveryLeft > 0 && methods.length) methods.push("recovery-code");
  const enrolmentRequired = !methods.length && policyRequires(policy, roles);
  if (!methods.length && !enrolmentRequired) return;
  const { token } = await signFlowToken({
    purpose: "second-factor",
    sub: input.user.id,
    tid: input.tenant.id,
    email: input.user.email,
    enrol: enrolmentRequired,
    // Bound to the password of this moment: a reset or change before the second step voids it.
    cred: await credentialsMark(input.user.id, await passwordHashOf(sql)),
  });
  throw secondFactorRequired({ pendingToken: token, methods, enrolmentRequired });
}

/** Refuses removing the last factor while the workspace's policy asks this member for one. */
export async function keepLastFactor(actor: Actor, othersLeft: number) {
  if (othersLeft > 0) return;
  const policy = await tenantPolicy(actor.sql, actor.session.tenantId);
  if (policyRequires(policy, actor.session.roles)) {
    throw problems.unprocessable(
      "This workspace requires a second factor: set up another one before removing this one.",
    );
  }
}
