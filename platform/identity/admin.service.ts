import type { Sql } from "../../shared/db/database.ts";
import type { Session } from "../../shared/http/env.ts";
import type { Actor } from "../../shared/http/actor.ts";
import type { RoleRow } from "./roles.repo.ts";
import { auditIdentity } from "./audit.service.ts";
import { problems } from "../../shared/http/problem.ts";
import { generatePassword, hashPassword } from "../../shared/auth/passwords.ts";
import { hasPermission, matches } from "../../shared/rbac/permissions.ts";
import { memberAddition } from "./admin.rules.ts";
import {
  findMember,
  insertMembership,
  insertUser,
  listMembers as selectMembers,
  lockOwners,
  type MemberRow,
  updateMembership,
  userIdByEmail,
} from "./users.repo.ts";
import {
  findRole,
  insertRole,
  listRoles as selectRoles,
  roleKeyTaken,
  updateRole,
} from "./roles.repo.ts";

// The admin API and pages list members and roles as stored; nothing to add on the way.

/** The current tenant's members, by pages (e-mail order). */
export async function listMembers(
  { sql }: Actor,
  opts: Parameters<typeof selectMembers>[1],
): Promise<MemberRow[]> {
  return await selectMembers(sql, opts);
}

/** One member of the current tenant, as the member list shows it. */
export async function findMemberRow({ sql }: Actor, userId: string) {
  return await findMember(sql, userId);
}

/** The current tenant's roles, built-in first. */
export async function listRoles({ sql }: Actor): Promise<RoleRow[]> {
  return await selectRoles(sql);
}

/** The concrete permissions a list of grants (patterns included) amounts to. */
function expand(catalog: string[], grants: string[]): string[] {
  return catalog.filter((p) => grants.some((g) => matches(g, p)));
}

/** Nobody hands out (or takes away) more than they hold themselves. */
function assertHeld(session: Session, catalog: string[], grants: string[]) {
  const missing = expand(catalog, grants).filter((p) => !hasPermission(session.permissions, p));
  if (missing.length) {
    throw problems.forbidden(
      `You cannot grant or revoke permissions you do not hold: ${missing.slice(0, 5).join(", ")}.`,
    );
  }
}

/** Checks a change of role assignment: roles exist, owner rule, and no privilege escalation. */
export async function checkRoleChange(
  sql: Sql,
  session: Session,
  catalog: string[],
  next: string[],
  previous: string[] = [],
) {
  const roles = new Map((await selectRoles(sql)).map((r) => [r.key, r]));
  const unknown = next.filter((k) => !roles.has(k));
  if (unknown.length) throw problems.unprocessable(`Unknown role: ${unknown.join(", ")}.`);
  if (next.includes("owner") !== previous.includes("owner") && !session.roles.includes("owner")) {
    throw problems.forbidden("Only owners can grant or take the owner role.");
  }
  const changed = [
    ...next.filter((k) => !previous.includes(k)),
    ...previous.filter((k) => !next.includes(k)),
  ];
  assertHeld(session, catalog, changed.flatMap((k) => roles.get(k)?.permissions ?? []));
}

/**
 * Adds someone to the current tenant. An existing account is invited and joins only once it
 * accepts. A new e-mail gets an account (with the given or a generated password) only when a
 * platform operator asks (admin.rules.ts); owners and admins invite new people by e-mail.
 */
export async function addMember(
  { sql, session }: Actor,
  { catalog, member: input, address }: {
    catalog: string[];
    member: { email: string; name: string; password?: string; roles: string[] };
    /** The client's address, for the audit trail. */
    address?: string | null;
  },
) {
  await checkRoleChange(sql, session, catalog, input.roles);
  // Accounts of other tenants are not visible here: the e-mail is looked up by a narrow
  // function that answers only with the account's id.
  let userId = await userIdByEmail(sql, input.email);
  let temporaryPassword: string | undefined;
  // A new account is an operator's act: anyone else is refused before anything is written.
  memberAddition(session, Boolean(userId));
  if (userId) {
    if (await findMember(sql, userId)) throw problems.conflict("This user is already a member.");
    await insertMembership(sql, session.tenantId, userId, input.roles, {
      status: "invited",
      displayName: input.name,
    });
  } else {
    const password = input.password ?? (temporaryPassword = generatePassword());
    userId = (await insertUser(sql, {
      email: input.email,
      name: input.name,
      passwordHash: await hashPassword(password),
    })).id;
    await insertMembership(sql, session.tenantId, userId, input.roles);
  }
  const member = (await findMember(sql, userId))!;
  await auditIdentity({ sql }, {
    action: "member_added",
    summary: `Added ${member.email}`,
    entityType: "membership",
    entityId: userId,
    address,
    after: memberFacts(member),
  });
  return { member, temporaryPassword };
}

export async function changeMember(
  { sql, session }: Actor,
  { catalog, userId, patch, address }: {
    catalog: string[];
    userId: string;
    patch: { name?: string; roles?: string[]; status?: "active" | "disabled" };
    /** The client's address, for the audit trail. */
    address?: string | null;
  },
) {
  const member = await findMember(sql, userId);
  if (!member) throw problems.notFound("No such member.");
  if (patch.roles) await checkRoleChange(sql, session, catalog, patch.roles, member.roles);
  if (patch.status && member.status === "invited") {
    throw problems.unprocessable("An invited user joins by accepting the invitation.");
  }
  if (patch.status === "disabled" && userId === session.userId) {
    throw problems.unprocessable("You cannot disable yourself.");
  }
  if (member.status === "disabled" && patch.status === "active" && !patch.roles) {
    assertHeld(session, catalog, await permissionsOf(sql, member.roles));
  }
  const losesOwner = member.roles.includes("owner") && member.status === "active" &&
    ((patch.roles && !patch.roles.includes("owner")) || patch.status === "disabled");
  if (losesOwner) {
    if (!session.roles.includes("owner")) {
      throw problems.forbidden("Only owners can change an owner.");
    }
    if ((await lockOwners(sql)).length <= 1) {
      throw problems.unprocessable("A tenant keeps at least one active owner.");
    }
  }
  await updateMembership(sql, userId, patch);
  const changed = (await findMember(sql, userId))!;
  await auditMemberChange(sql, member, changed, address);
  return changed;
}

/** A member as the audit trail records them (no ids, no secrets). */
const memberFacts = (m: MemberRow) => ({
  email: m.email,
  name: m.name,
  roles: m.roles,
  status: m.status,
});

/**
 * One audit line per kind of change of a member: roles, then status (disabled/enabled), then
 * name, each with the member's facts before and after.
 */
async function auditMemberChange(
  sql: Sql,
  before: MemberRow,
  after: MemberRow,
  address?: string | null,
) {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const kinds: [boolean, string][] = [
    [!same([...before.roles].sort(), [...after.roles].sort()), "member_role_changed"],
    [
      before.status !== after.status,
      after.status === "disabled" ? "member_disabled" : "member_enabled",
    ],
    [before.name !== after.name, "member_renamed"],
  ];
  for (const [changed, action] of kinds) {
    if (!changed) continue;
    await auditIdentity({ sql }, {
      action,
      summary: `${action.replaceAll("_", " ")}: ${after.email}`,
      entityType: "membership",
      entityId: after.id,
      address,
      before: memberFacts(before),
      after: memberFacts(after),
    });
  }
}

async function permissionsOf(sql: Sql, roleKeys: string[]) {
  return (await selectRoles(sql)).filter((r) => roleKeys.includes(r.key)).flatMap((r) =>
    r.permissions
  );
}

function checkPermissions(catalog: string[], permissions: string[]) {
  const unknown = permissions.filter((p) => !catalog.some((known) => matches(p, known)));
  if (unknown.length) throw problems.unprocessable(`Unknown permission: ${unknown.join(", ")}.`);
}

export async function createCustomRole(
  { sql, session }: Actor,
  { catalog, role: input, address }: {
    catalog: string[];
    role: { key: string; name: string; description: string; permissions: string[] };
    /** The client's address, for the audit trail. */
    address?: string | null;
  },
) {
  checkPermissions(catalog, input.permissions);
  assertHeld(session, catalog, input.permissions);
  if (await roleKeyTaken(sql, input.key)) {
    throw problems.conflict(`A role with the key "${input.key}" exists.`);
  }
  const role = await insertRole(sql, session.tenantId, {
    ...input,
    permissions: [...new Set(input.permissions)],
  });
  await auditIdentity({ sql }, {
    action: "role_created",
    summary: `Created the role ${role.name}`,
    entityType: "role",
    entityId: role.id,
    address,
    after: roleFacts(role),
  });
  return role;
}

/** A role as the audit trail records it. */
const roleFacts = (r: RoleRow) => ({
  name: r.name,
  description: r.description,
  permissions: r.permissions,
});

export async function changeCustomRole(
  { sql, session }: Actor,
  { catalog, id, role: input, address }: {
    catalog: string[];
    id: string;
    role: { name: string; description: string; permissions: string[] };
    /** The client's address, for the audit trail. */
    address?: string | null;
  },
) {
  const role = await findRole(sql, id);
  if (!role) throw problems.notFound("No such role.");
  if (role.builtin) throw problems.unprocessable("Built-in roles cannot be changed.");
  checkPermissions(catalog, input.permissions);
  assertHeld(session, catalog, [...role.permissions, ...input.permissions]);
  const changed =
    (await updateRole(sql, id, { ...input, permissions: [...new Set(input.permissions)] }))!;
  await auditIdentity({ sql }, {
    action: "role_permissions_changed",
    summary: `Changed the role ${changed.name}`,
    entityType: "role",
    entityId: id,
    address,
    before: roleFacts(role),
    after: roleFacts(changed),
  });
  return changed;
}
