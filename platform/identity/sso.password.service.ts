/**
 * Password sign-in's hook (login() in auth.service.ts): a workspace that requires single
 * sign-on refuses its members' passwords, except the break-glass owner's. Its own file so that
 * auth.service.ts does not import the SSO flow (which issues tokens through auth.service.ts).
 */
import type { SystemActor } from "../../shared/http/actor.ts";
import { passwordRefusedBySso } from "./sso.repo.ts";
import { ssoRequired } from "./sso.rules.ts";

/** Throws 403 sso-required when the tenant requires SSO of this account (any scope). */
export async function refuseIfSsoRequired(
  { sql }: Pick<SystemActor, "sql">,
  { tenantId, userId }: { tenantId: string; userId: string },
): Promise<void> {
  if (await passwordRefusedBySso(sql, tenantId, userId)) throw ssoRequired();
}
