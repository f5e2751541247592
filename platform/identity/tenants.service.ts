import type { BuiltinRole } from "../../shared/modules.ts";
import type { Actor, SystemActor } from "../../shared/http/actor.ts";
import { setTenant, withScope } from "../../shared/db/scope.ts";
import type { Config } from "../../shared/config.ts";
import { log } from "../../shared/log.ts";
import { problems } from "../../shared/http/problem.ts";
import { generatePassword, hashPassword } from "../../shared/auth/passwords.ts";
import { uuidv7 } from "uuidv7";
import { seedBuiltinRoles } from "./roles.repo.ts";
import { auditIdentity } from "./audit.service.ts";
import {
  currentTenantSetting,
  insertMembership,
  insertUser,
  userIdByEmail,
  visibleUser,
} from "./users.repo.ts";
import {
  insertTenant,
  lockBootstrap,
  selectTenant,
  selectTenantForOperator,
  selectTenants,
  selectTenantSettings,
  tenantsExist,
  tenantSlugTaken,
  updateTenantSettings,
  updateTenantStatus,
} from "./tenants.repo.ts";
import type {
  TenantDetail,
  TenantSettings,
  TenantSettingsPatch,
  TenantStatus,
} from "./tenants.schemas.ts";

export type { TenantDetail, TenantSettings };

export interface NewTenant {
  slug: string;
  name: string;
  owner: { email: string; name: string; password?: string };
  /** The bootstrap owner is also a platform operator. */
  ownerIsOperator?: boolean;
}

/** Every tenant (platform operators), newest first, by pages. */
export async function listTenants(
  { sql }: Actor,
  opts: { limit: number; after?: string | null; q?: string; status?: TenantStatus } = {
    limit: 100,
  },
): Promise<TenantDetail[]> {
  return await selectTenants(sql, opts);
}

/** A tenant the caller may see: the current one or one of their own workspaces. */
export async function findTenant(
  { sql }: Actor,
  slugOrId: string,
): Promise<TenantDetail | undefined> {
  return await selectTenant(sql, slugOrId);
}

/** Any tenant by id (platform operators; the database checks the caller is one). */
export async function findTenantForOperator(
  { sql }: Actor,
  id: string,
): Promise<TenantDetail | undefined> {
  return await selectTenantForOperator(sql, id);
}

/**
 * Suspends a tenant: its members can no longer sign in to it, switch to it or use a session or
 * token for it (every request's session query reads the tenant's status, so this takes effect
 * on the next request without revoking anything). Operators cannot suspend the tenant they
 * are signed in to: the request would end their own session, and with it possibly the last
 * operator's way back in to reactivate it.
 */
export async function suspendTenant(actor: Actor, id: string) {
  const { sql, session } = actor;
  const tenant = await findTenantForOperator(actor, id);
  if (!tenant) throw problems.notFound("No tenant has this id.");
  if (tenant.id === session.tenantId) {
    throw problems.unprocessable(
      "You cannot suspend the workspace you are signed in to; switch to another one first.",
    );
  }
  return await updateTenantStatus(sql, id, "suspended") ?? tenant;
}

/** Lifts a suspension; members sign in again as before (their old tokens work until expiry). */
export async function reactivateTenant(actor: Actor, id: string) {
  const { sql } = actor;
  const tenant = await findTenantForOperator(actor, id);
  if (!tenant) throw problems.notFound("No tenant has this id.");
  return await updateTenantStatus(sql, id, "active") ?? tenant;
}

/** The signed-in tenant's own settings. */
export async function tenantSettings({ sql, session }: Actor): Promise<TenantSettings> {
  const row = await selectTenantSettings(sql, session.tenantId);
  if (!row) throw problems.notFound();
  return row;
}

/** Changes the signed-in tenant's settings (input already checked by the schema). */
export async function changeTenantSettings(
  { sql, session }: Actor,
  patch: TenantSettingsPatch,
  /** The client's address, for the audit trail. */
  address?: string | null,
): Promise<TenantSettings> {
  const before = await selectTenantSettings(sql, session.tenantId);
  const row = await updateTenantSettings(sql, session.tenantId, patch);
  if (!row || !before) throw problems.notFound();
  // The logo is recorded as there or not (a new image: "new"), never the image itself.
  const facts = (s: TenantSettings): Record<string, unknown> => ({
    name: s.name,
    locale: s.locale,
    timeZone: s.timeZone,
    accentColor: s.accentColor,
  });
  const [was, is] = [facts(before), facts(row)];
  if (before.logo !== row.logo) {
    was.logo = !!before.logo;
    is.logo = before.logo && row.logo ? "new" : !!row.logo;
  }
  if (JSON.stringify(was) !== JSON.stringify(is)) {
    await auditIdentity({ sql }, {
      action: "tenant_settings_changed",
      summary: `Changed the workspace settings of ${row.name}`,
      entityType: "tenant",
      entityId: session.tenantId,
      address,
      before: was,
      after: is,
    });
  }
  return row;
}

/**
 * Creates a tenant with the built-in roles and its owner, inside the caller's transaction.
 * An existing user (same e-mail) becomes the owner without a new password. The new tenant is
 * the transaction's current one while it is written (RLS lets the application role write only
 * the current tenant's rows); the caller's tenant context is restored afterwards.
 */
export async function createTenant(
  { sql }: Pick<SystemActor, "sql">,
  input: NewTenant & { roles: Record<string, BuiltinRole> },
) {
  const { roles } = input;
  if (await tenantSlugTaken(sql, input.slug)) {
    throw problems.conflict(`A tenant with the slug "${input.slug}" already exists.`);
  }
  const previous = await currentTenantSetting(sql);
  const id = uuidv7();
  await setTenant(sql, id);
  const tenant = await insertTenant(sql, { id, slug: input.slug, name: input.name });
  let generatedPassword: string | undefined;
  let ownerId = await userIdByEmail(sql, input.owner.email);
  if (!ownerId) {
    const password = input.owner.password ?? (generatedPassword = generatePassword());
    ownerId = (await insertUser(sql, {
      email: input.owner.email,
      name: input.owner.name,
      passwordHash: await hashPassword(password),
      isOperator: input.ownerIsOperator,
    })).id;
  }
  await seedBuiltinRoles(sql, tenant.id, roles);
  await insertMembership(sql, tenant.id, ownerId, ["owner"]);
  // A member of the current tenant now, so the account is visible.
  const owner = await visibleUser(sql, ownerId);
  await setTenant(sql, previous || null);
  return {
    tenant,
    owner: { id: owner.id, email: owner.email, name: owner.name },
    generatedPassword,
  };
}

/** On an empty database: the default tenant and its owner, who is also a platform operator. */
export async function bootstrap(
  actor: Pick<SystemActor, "sql">,
  input: { slug: string; email: string; password?: string; roles: Record<string, BuiltinRole> },
) {
  const { sql } = actor;
  // Several instances may start at once on an empty database: only one bootstraps.
  await lockBootstrap(sql);
  if (await tenantsExist(sql)) return null;
  return await createTenant(actor, {
    slug: input.slug,
    name: input.slug.charAt(0).toUpperCase() + input.slug.slice(1),
    owner: { email: input.email, name: "Administrator", password: input.password },
    ownerIsOperator: true,
    roles: input.roles,
  });
}

/**
 * At every start, right after migrations: on an empty database, the default tenant and its
 * owner (from the configuration); a generated password is printed once, on the console only.
 */
export async function firstStart(
  { sql }: Pick<SystemActor, "sql">,
  { config, roles }: { config: Config; roles: Record<string, BuiltinRole> },
) {
  const created = await withScope(sql, {}, (tx) =>
    bootstrap({ sql: tx }, {
      slug: config.DEFAULT_TENANT,
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      roles,
    }));
  if (!created) return;
  log.info("bootstrap: created tenant and owner", {
    tenant: created.tenant.slug,
    email: created.owner.email,
  });
  if (created.generatedPassword) {
    // Printed once, on the console only: the operator's first sign-in.
    console.log(
      `\n  First start: sign in as ${created.owner.email} with password ` +
        `${created.generatedPassword}\n  (tenant "${created.tenant.slug}"; set ADMIN_PASSWORD to choose it)\n`,
    );
  }
}
