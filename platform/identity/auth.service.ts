import type { Platform } from "../../shared/modules.ts";
import { withScope } from "../../shared/db/scope.ts";
import { problems } from "../../shared/http/problem.ts";
import { verifyPassword } from "../../shared/auth/passwords.ts";
import { attemptKeys, countSignIn, forgiveSignIn } from "../../shared/auth/throttle.ts";
import {
  accountOf,
  insertRevokedToken,
  invitationsOfUser,
  membershipRoles,
  memberTenants,
  setUserLocale,
  tenantsOfUser,
  userForLogin,
} from "./users.repo.ts";
import type { Sql } from "../../shared/db/database.ts";
import type { Actor } from "../../shared/http/actor.ts";
import { tenantSuspended } from "./tenants.rules.ts";
import { auditSignIn, auditSignInFailure } from "./audit.service.ts";
import { type SignInClient, startSession } from "./sessions.service.ts";
import { refuseIfSsoRequired } from "./sso.password.service.ts";
import { refuseSwitchInto } from "./workspace-entry.service.ts";
import { requireSecondFactor } from "./two-factor.gate.service.ts";
import { revokeCallerToken } from "./api-tokens.service.ts";

export interface SignedIn {
  accessToken: string;
  tokenType: "Bearer";
  expiresIn: number;
  user: { id: string; email: string; name: string; locale: string | null };
  tenant: { id: string; slug: string; name: string };
  roles: string[];
}

const invalid = () => problems.unauthorized("The e-mail, password or workspace is not correct.");

/**
 * Checks credentials and issues a token. Failures count against the client address, the
 * (account, address) pair and an account-wide cap (shared/auth/throttle.ts); a locked key
 * answers 429 before the password is even checked.
 */
export async function login(
  platform: Platform,
  input: { email: string; password: string; tenant?: string; address: string; userAgent?: string },
): Promise<SignedIn> {
  const { sql } = platform.db;
  const keys = attemptKeys(input.email, input.address);
  const wait = await withScope(sql, {}, (tx) => countSignIn(tx, keys));
  if (wait > 0) throw problems.tooManyRequests(wait);

  // No tenant is known yet: the account is found by a function that looks across tenants.
  const user = await withScope(sql, {}, (tx) => userForLogin(tx, input.email));
  // Hashing runs outside any transaction so it never holds the (possibly single) connection.
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? null);
  if (user && passwordOk) {
    const signedIn = await withScope(sql, { userId: user.id }, async (tx) => {
      const tenants = await memberTenants(tx, user.id);
      const active = tenants.filter((t) => t.status === "active");
      const tenant = input.tenant
        ? tenants.find((t) => t.slug === input.tenant || t.id === input.tenant)
        : active.find((t) => t.slug === platform.config.DEFAULT_TENANT) ?? active[0] ??
          tenants[0];
      if (!tenant) return null;
      if (tenant.status !== "active") return "suspended" as const;
      await refuseIfSsoRequired({ sql: tx }, { tenantId: tenant.id, userId: user.id });
      // A second factor (or the workspace's 2FA policy): a 401 with a pending token, no session.
      await requireSecondFactor({ sql: tx }, { user, tenant });
      return await issueToken(tx, platform, user, tenant, input);
    });
    if (signedIn) {
      // The password was right: a suspended workspace is no reason to throttle the account.
      await withScope(sql, {}, (tx) => forgiveSignIn(tx, keys));
      if (signedIn === "suspended") {
        await auditSignInFailure(sql, { ...failure(platform, input), reason: "suspended" });
        throw tenantSuspended();
      }
      await auditSignIn(sql, { ...signedIn, address: input.address });
      return signedIn;
    }
  }
  const reason = user && passwordOk ? "workspace" : "password";
  await auditSignInFailure(sql, { ...failure(platform, input), reason });
  throw invalid();
}

/** What a failed sign-in's audit line records (audit.service.ts). */
const failure = (
  platform: Platform,
  input: { email: string; tenant?: string; address: string },
) => ({
  email: input.email,
  tenant: input.tenant,
  defaultSlug: platform.config.DEFAULT_TENANT,
  address: input.address,
});

/**
 * A fresh token for a user in one of their tenants. Runs in a transaction scoped to that user,
 * where their own memberships are visible.
 */
export async function issueToken(
  tx: Sql,
  platform: Platform,
  user: { id: string; email: string; name: string; locale: string | null },
  tenant: { id: string; slug: string; name: string },
  client?: SignInClient,
): Promise<SignedIn> {
  const roles = await membershipRoles(tx, tenant.id, user.id);
  const issued = await platform.tokens.issue({ userId: user.id, tenantId: tenant.id, roles });
  await startSession(tx, issued, user, tenant, client);
  return {
    accessToken: issued.token,
    tokenType: "Bearer",
    expiresIn: issued.expiresIn,
    user: { id: user.id, email: user.email, name: user.name, locale: user.locale },
    tenant: { id: tenant.id, slug: tenant.slug, name: tenant.name },
    roles,
  };
}

/** Switches the signed-in user (the request's transaction) to another of their tenants. */
export async function switchTenant(
  { sql: tx, session }: Actor,
  { platform, tenant: wanted, client }: {
    platform: Platform;
    tenant: string;
    client?: SignInClient;
  },
) {
  const { userId } = session;
  const tenant = (await memberTenants(tx, userId)).find((t) =>
    t.slug === wanted || t.id === wanted
  );
  if (!tenant) throw problems.notFound("You are not a member of that workspace.");
  if (tenant.status !== "active") throw tenantSuspended();
  // Into a workspace that requires single sign-on (403 with startUrl), or whose two-factor policy
  // the account does not meet yet (403 with signInUrl: its sign-in runs the enrolment step).
  await refuseSwitchInto({ sql: tx }, { tenant, userId, fromTenantId: session.tenantId });
  const user = await accountOf(tx, userId);
  return await issueToken(tx, platform, user as SignedIn["user"], tenant, client);
}

/**
 * Signs the caller out: an API token is revoked as a token (its row shows it, audited); a
 * sign-in session's token until it would have expired anyway.
 */
export async function signOut(actor: Actor, address: string) {
  if (!await revokeCallerToken(actor, address)) await revokeToken(actor);
}

/** Revokes the caller's token (sign-out, tenant switch) until it would have expired anyway. */
export async function revokeToken({ sql, session }: Actor) {
  if (!session.jti) return;
  await insertRevokedToken(sql, session.jti, session.exp);
}

/** The caller's open invitations into other tenants. */
export async function invitationsOfCaller({ sql, session }: Actor) {
  return await invitationsOfUser(sql, session.userId);
}

/** The caller's tenants (for the switcher). */
export async function tenantsOfCaller({ sql, session }: Actor) {
  return await tenantsOfUser(sql, session.userId);
}

/** The caller's own language (null: the browser's or the workspace's). */
export async function setCallerLocale({ sql, session }: Actor, locale: string | null) {
  await setUserLocale(sql, session.userId, locale);
}

/** The signed-in user's account, as /api/auth/me shows it. */
export async function currentUser({ sql, session }: Actor) {
  const user = await accountOf(sql, session.userId);
  return {
    id: user.id as string,
    email: user.email as string,
    name: user.name as string,
    locale: user.locale as string | null,
    isOperator: user.isOperator as boolean,
  };
}
