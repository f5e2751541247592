/**
 * The gate before a session is handed into a workspace by a path that is not one of that
 * workspace's own sign-in steps: a tenant switch (auth.service.ts `switchTenant`) and accepting
 * an invitation (invitations.service.ts). The sign-in steps run the workspace's rules themselves
 * (password: "SSO required" and the two-factor gate with its enrolment step; the second step and
 * a passkey are a second factor; single sign-on is the provider's). Here both rules are asked
 * of the account in the target workspace:
 * - "SSO required" (its break-glass owner aside): 403 sso-required with `startUrl`;
 * - its two-factor policy covers the account (by its roles there) and the account has no second
 *   factor: 403 workspace-sign-in-required with `signInUrl`, the workspace's sign-in page, where
 *   the password step leads into the enrolment step.
 */
import type { SystemActor } from "../../shared/http/actor.ts";
import { Problem } from "../../shared/http/problem.ts";
import { membershipRoles } from "./users.repo.ts";
import { policyRequires } from "./two-factor.lib.ts";
import { factorsOf, tenantPolicy } from "./two-factor.repo.ts";
import { passwordRefusedBySso } from "./sso.repo.ts";
import { ssoRequiredAt } from "./sso-required.service.ts";

/** The sign-in page of one workspace (the login page with the workspace chosen). */
export const workspaceSignInPath = (slug: string) => `/login?workspace=${encodeURIComponent(slug)}`;

/** 403 workspace-sign-in-required naming the workspace's sign-in page (`signInUrl`). */
export function workspaceSignInRequired(slug: string): Problem {
  return new Problem(
    403,
    "workspace-sign-in-required",
    "Sign in to this workspace",
    "This workspace requires a second factor: sign in to it to set one up.",
    undefined,
    {},
    { signInUrl: workspaceSignInPath(slug) },
  );
}

/** Where a refusal of workspaceEntryRefusal sends the person (startUrl or signInUrl). */
export function entryAddress(refusal: Problem): string {
  const url = refusal.extensions?.startUrl ?? refusal.extensions?.signInUrl;
  return typeof url === "string" ? url : "/login";
}

/**
 * Why the account may not be handed a session into `tenant` here, or null when it may. The
 * transaction acts as the account (its factors) and sees its membership of `tenant`.
 */
export async function workspaceEntryRefusal(
  { sql }: Pick<SystemActor, "sql">,
  { userId, tenant, ssoDetail }: {
    userId: string;
    tenant: { id: string; slug: string };
    ssoDetail?: string;
  },
): Promise<Problem | null> {
  if (await passwordRefusedBySso(sql, tenant.id, userId)) {
    return ssoRequiredAt(
      tenant.slug,
      ssoDetail ??
        "This workspace signs in through its identity provider: sign in there to enter it.",
    );
  }
  const [factors, policy, roles] = await Promise.all([
    factorsOf(sql, userId),
    tenantPolicy(sql, tenant.id),
    membershipRoles(sql, tenant.id, userId),
  ]);
  const hasFactor = factors.totp || factors.passkeys > 0;
  return !hasFactor && policyRequires(policy, roles) ? workspaceSignInRequired(tenant.slug) : null;
}

/**
 * A switch from the session's workspace into `tenant`: throws the refusal, if any. Re-issuing
 * the session's own workspace is not a switch.
 */
export async function refuseSwitchInto(
  actor: Pick<SystemActor, "sql">,
  input: { userId: string; tenant: { id: string; slug: string }; fromTenantId: string },
): Promise<void> {
  if (input.tenant.id === input.fromTenantId) return;
  const refusal = await workspaceEntryRefusal(actor, {
    ...input,
    ssoDetail:
      "This workspace signs in through its identity provider: sign in there to switch to it.",
  });
  if (refusal) throw refusal;
}
