import type { Sql } from "../db/database.ts";
import type { Session } from "../http/env.ts";
import { problems } from "../http/problem.ts";
import { generatePassword, hashPassword } from "../auth/passwords.ts";
import { matches } from "../rbac/permissions.ts";
import {
  countOwners,
  findMember,
  findUserByEmail,
  insertMembership,
  insertUser,
  updateMembership,
  updateUserName,
} from "./users.repo.ts";
import { findRole, insertRole, roleKeysExist, updateRole } from "./roles.repo.ts";

async function checkRoles(sql: Sql, session: Session, roles: string[], previous: string[] = []) {
  const unknown = await roleKeysExist(sql, roles);
  if (unknown.length) throw problems.unprocessable(`Unknown role: ${unknown.join(", ")}.`);
  const touchesOwner = roles.includes("owner") !== previous.includes("owner");
  if (touchesOwner && !session.roles.includes("owner")) {
    throw problems.forbidden("Only owners can grant or take the owner role.");
  }
}

/** Adds a user to the current tenant, creating the account when the e-mail is new. */
export async function addMember(
  sql: Sql,
  session: Session,
  input: { email: string; name: string; password?: string; roles: string[] },
) {
  await checkRoles(sql, session, input.roles);
  let user = await findUserByEmail(sql, input.email);
  let temporaryPassword: string | undefined;
  if (user) {
    if (await findMember(sql, user.id)) throw problems.conflict("This user is already a member.");
  } else {
    const password = input.password ?? (temporaryPassword = generatePassword());
    user = await insertUser(sql, {
      email: input.email,
      name: input.name,
      passwordHash: await hashPassword(password),
    });
  }
  await insertMembership(sql, session.tenantId, user.id, input.roles);
  return { member: (await findMember(sql, user.id))!, temporaryPassword };
}

export async function changeMember(
  sql: Sql,
  session: Session,
  userId: string,
  patch: { name?: string; roles?: string[]; status?: "active" | "disabled" },
) {
  const member = await findMember(sql, userId);
  if (!member) throw problems.notFound("No such member.");
  if (patch.roles) await checkRoles(sql, session, patch.roles, member.roles);
  if (patch.status === "disabled" && userId === session.userId) {
    throw problems.unprocessable("You cannot disable yourself.");
  }
  if (member.roles.includes("owner") && member.status === "active") {
    const losesOwner = (patch.roles && !patch.roles.includes("owner")) ||
      patch.status === "disabled";
    if (losesOwner && !session.roles.includes("owner")) {
      throw problems.forbidden("Only owners can change an owner.");
    }
    if (losesOwner && await countOwners(sql) <= 1) {
      throw problems.unprocessable("A tenant keeps at least one active owner.");
    }
  }
  await updateMembership(sql, userId, patch);
  if (patch.name) await updateUserName(sql, userId, patch.name);
  return (await findMember(sql, userId))!;
}

function checkPermissions(catalog: string[], permissions: string[]) {
  const unknown = permissions.filter((p) => !catalog.some((known) => matches(p, known)));
  if (unknown.length) throw problems.unprocessable(`Unknown permission: ${unknown.join(", ")}.`);
}

export async function createCustomRole(
  sql: Sql,
  session: Session,
  catalog: string[],
  input: { key: string; name: string; description: string; permissions: string[] },
) {
  checkPermissions(catalog, input.permissions);
  const [taken] = await sql`select 1 from roles where key = ${input.key}`;
  if (taken) throw problems.conflict(`A role with the key "${input.key}" exists.`);
  return await insertRole(sql, session.tenantId, {
    ...input,
    permissions: [...new Set(input.permissions)],
  });
}

export async function changeCustomRole(
  sql: Sql,
  catalog: string[],
  id: string,
  input: { name: string; description: string; permissions: string[] },
) {
  const role = await findRole(sql, id);
  if (!role) throw problems.notFound("No such role.");
  if (role.builtin) throw problems.unprocessable("Built-in roles cannot be changed.");
  checkPermissions(catalog, input.permissions);
  return (await updateRole(sql, id, { ...input, permissions: [...new Set(input.permissions)] }))!;
}
