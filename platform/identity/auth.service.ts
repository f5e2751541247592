import type { Platform } from "../../shared/modules.ts";
import { withScope } from "../../shared/db/scope.ts";
import { problems } from "../../shared/http/problem.ts";
import { verifyPassword } from "../../shared/auth/passwords.ts";
import { attemptKeys, countSignIn, forgiveSignIn } from "../../shared/auth/throttle.ts";
import { memberTenants, userForLogin } from "./users.repo.ts";
import type { Sql } from "../../shared/db/database.ts";
import { tenantSuspended } from "./tenants.service.ts";

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
  input: { email: string; password: string; tenant?: string; address: string },
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
      return await issueToken(tx, platform, user, tenant);
    });
    if (signedIn) {
      // The password was right: a suspended workspace is no reason to throttle the account.
      await withScope(sql, {}, (tx) => forgiveSignIn(tx, keys));
      if (signedIn === "suspended") throw tenantSuspended();
      return signedIn;
    }
  }
  throw invalid();
}

/**
 * A fresh token for a user in one of their tenants. Runs in a transaction scoped to that user,
 * where their own memberships are visible.
 */
async function issueToken(
  tx: Sql,
  platform: Platform,
  user: { id: string; email: string; name: string; locale: string | null },
  tenant: { id: string; slug: string; name: string },
): Promise<SignedIn> {
  const [m] = await tx`select roles from memberships
                       where tenant_id = ${tenant.id} and user_id = ${user.id}`;
  const roles = (m?.roles ?? []) as string[];
  const issued = await platform.tokens.issue({ userId: user.id, tenantId: tenant.id, roles });
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
export async function switchTenant(tx: Sql, platform: Platform, userId: string, wanted: string) {
  const tenant = (await memberTenants(tx, userId)).find((t) =>
    t.slug === wanted || t.id === wanted
  );
  if (!tenant) throw problems.notFound("You are not a member of that workspace.");
  if (tenant.status !== "active") throw tenantSuspended();
  const [user] = await tx`select id, email, name, locale from users where id = ${userId}`;
  return await issueToken(tx, platform, user as SignedIn["user"], tenant);
}

export async function revokeToken(tx: Sql, jti: string | undefined, expiresAtEpoch: number) {
  if (!jti) return;
  await tx`insert into revoked_tokens (jti, expires_at)
           values (${jti}, to_timestamp(${expiresAtEpoch})) on conflict do nothing`;
}

// What the signed-in user sees of their own account: read and changed as stored.
export { invitationsOfUser, setUserLocale, tenantsOfUser } from "./users.repo.ts";

/** The signed-in user's account, as /api/auth/me shows it. */
export async function currentUser(sql: Sql, userId: string) {
  const [user] =
    await sql`select id, email, name, locale, is_operator from users where id = ${userId}`;
  return {
    id: user.id as string,
    email: user.email as string,
    name: user.name as string,
    locale: user.locale as string | null,
    isOperator: user.isOperator as boolean,
  };
}
