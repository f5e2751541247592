/**
 * "SSO required" beyond the password (login() asks sso.password.service.ts): a password-less
 * passkey sign-in, the second step of a sign-in and a tenant switch into a workspace that
 * requires single sign-on are refused too, except for its break-glass owner. A passkey is a
 * strong factor, but the workspace's admins asked that its members come through their identity
 * provider. The 403 is of the same type, sso-required, and names the workspace's start address
 * (`startUrl`) so that a page can send the person through its provider.
 */
import type { SystemActor } from "../../shared/http/actor.ts";
import { Problem } from "../../shared/http/problem.ts";
import { passwordRefusedBySso } from "./sso.repo.ts";
import { ssoRequired } from "./sso.rules.ts";

/** Where a person starts the workspace's single sign-on (the public /sso/<slug>/start page). */
export const ssoStartPath = (slug: string) => `/sso/${encodeURIComponent(slug)}/start`;

/** 403 sso-required naming the workspace's start address. */
export function ssoRequiredAt(slug: string, detail?: string): Problem {
  const base = ssoRequired();
  return new Problem(base.status, base.slug, base.title, detail ?? base.detail, undefined, {}, {
    startUrl: ssoStartPath(slug),
  });
}

/**
 * A sign-in other than by password (passkey alone, or the second step after a password) into
 * `tenant`: throws 403 sso-required when the workspace requires single sign-on of this account.
 */
export async function refuseSignInIfSsoRequired(
  { sql }: Pick<SystemActor, "sql">,
  { tenant, userId }: { tenant: { id: string; slug: string }; userId: string },
): Promise<void> {
  if (await passwordRefusedBySso(sql, tenant.id, userId)) throw ssoRequiredAt(tenant.slug);
}
