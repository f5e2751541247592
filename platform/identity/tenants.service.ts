import type { BuiltinRole } from "../../shared/modules.ts";
import type { Sql } from "../../shared/db/database.ts";
import { setTenant } from "../../shared/db/scope.ts";
import { problems } from "../../shared/http/problem.ts";
import { generatePassword, hashPassword } from "../../shared/auth/passwords.ts";
import { uuidv7 } from "uuidv7";
import { isUuid } from "../../shared/http/ids.ts";
import { seedBuiltinRoles } from "./roles.repo.ts";
import { findUserByEmail, insertMembership, insertUser } from "./users.repo.ts";

export interface TenantRow {
  id: string;
  slug: string;
  name: string;
  createdAt: string;
}

export interface NewTenant {
  slug: string;
  name: string;
  owner: { email: string; name: string; password?: string };
  /** The bootstrap owner is also a platform operator. */
  ownerIsOperator?: boolean;
}

export async function listTenants(sql: Sql): Promise<TenantRow[]> {
  return await sql<TenantRow[]>`select id, slug, name, created_at from tenants order by slug`;
}

export async function findTenant(sql: Sql, slugOrId: string): Promise<TenantRow | undefined> {
  const [row] = await sql<TenantRow[]>`
    select id, slug, name, created_at from tenants
    where ${isUuid(slugOrId) ? sql`id = ${slugOrId}` : sql`slug = ${slugOrId}`}`;
  return row;
}

/**
 * Creates a tenant with the built-in roles and its owner, inside the caller's transaction.
 * An existing user (same e-mail) becomes the owner without a new password. The caller's
 * tenant context is restored afterwards.
 */
export async function createTenant(
  sql: Sql,
  input: NewTenant,
  roles: Record<string, BuiltinRole>,
) {
  if (await findTenant(sql, input.slug)) {
    throw problems.conflict(`A tenant with the slug "${input.slug}" already exists.`);
  }
  const [{ previous }] = await sql`select current_setting('app.tenant_id', true) as previous`;
  const [tenant] = await sql<TenantRow[]>`
    insert into tenants (id, slug, name) values (${uuidv7()}, ${input.slug}, ${input.name})
    returning id, slug, name, created_at`;
  let generatedPassword: string | undefined;
  let owner = await findUserByEmail(sql, input.owner.email);
  if (!owner) {
    const password = input.owner.password ?? (generatedPassword = generatePassword());
    owner = await insertUser(sql, {
      email: input.owner.email,
      name: input.owner.name,
      passwordHash: await hashPassword(password),
      isOperator: input.ownerIsOperator,
    });
  }
  await setTenant(sql, tenant.id);
  await seedBuiltinRoles(sql, tenant.id, roles);
  await insertMembership(sql, tenant.id, owner.id, ["owner"]);
  await setTenant(sql, previous || null);
  return {
    tenant,
    owner: { id: owner.id, email: owner.email, name: owner.name },
    generatedPassword,
  };
}

/** On an empty database: the default tenant and its owner, who is also a platform operator. */
export async function bootstrap(
  sql: Sql,
  input: { slug: string; email: string; password?: string },
  roles: Record<string, BuiltinRole>,
) {
  // Several instances may start at once on an empty database: only one bootstraps.
  await sql`select pg_advisory_xact_lock(7202612)`;
  const [{ n }] = await sql`select count(*)::int as n from tenants`;
  if (n > 0) return null;
  return await createTenant(sql, {
    slug: input.slug,
    name: input.slug.charAt(0).toUpperCase() + input.slug.slice(1),
    owner: { email: input.email, name: "Administrator", password: input.password },
    ownerIsOperator: true,
  }, roles);
}
