import { uuidv7 } from "uuidv7";
import type { Actor } from "../../shared/http/actor.ts";
import type { Sql } from "../../shared/db/database.ts";
import { problems } from "../../shared/http/problem.ts";
import { hasPermission } from "../../shared/rbac/permissions.ts";
import {
  deleteServiceAccount,
  findServiceAccount,
  findToken,
  grantsOfMember,
  insertServiceAccount,
  insertToken,
  revokeTokenRow,
  serviceAccounts,
  type TokenRow,
  tokensOf,
} from "./api-tokens.repo.ts";
import {
  expiryOf,
  scopesBeyond,
  serviceAddress,
  TOKEN_PREFIX,
  VISIBLE_CHARS,
} from "./api-tokens.rules.ts";
import { auditIdentity } from "./audit.service.ts";
import { jtiOf, tokenIdOfJti } from "./api-tokens.lib.ts";
import { randomToken, sha256 } from "../../shared/crypto/bytes.ts";
import { refuseTokenCaller } from "./sessions.service.ts";
import { insertMembership, insertUser } from "./users.repo.ts";
import { listRoles } from "./roles.repo.ts";

export interface NewToken {
  name: string;
  scopes: string[];
  expiresInDays?: number;
  expiresOn?: string;
}

export function tokenView(t: TokenRow) {
  return {
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    scopes: t.scopes,
    expiresAt: t.expiresAt,
    createdAt: t.createdAt,
    lastUsedAt: t.lastUsedAt,
    lastUsedFrom: t.lastUsedFrom,
    revokedAt: t.revokedAt,
    expired: Date.parse(t.expiresAt) <= Date.now(),
  };
}
export type TokenView = ReturnType<typeof tokenView>;

/** Issues a token to `holderId`; its scopes within both the holder's and the caller's grants. */
async function issue(
  actor: Actor,
  holderId: string,
  holderGrants: string[],
  input: NewToken,
  address: string,
) {
  const { sql, session } = actor;
  const expiresAt = expiryOf({ days: input.expiresInDays, date: input.expiresOn }, new Date());
  if (!expiresAt) {
    throw problems.validation([{
      path: input.expiresOn !== undefined ? "expiresOn" : "expiresInDays",
      message: "Choose 7, 30, 90 or 365 days, or a date within a year.",
    }]);
  }
  const scopes = [...new Set(input.scopes)].sort();
  const beyond = [
    ...scopesBeyond(holderGrants, scopes),
    ...scopesBeyond(session.permissions, scopes),
  ];
  if (beyond.length) {
    throw problems.forbidden(
      `A token cannot have scopes its holder does not hold: ${[...new Set(beyond)].join(", ")}.`,
    );
  }
  const secret = TOKEN_PREFIX + randomToken();
  const row = await insertToken(sql, {
    id: uuidv7(),
    userId: holderId,
    name: input.name,
    prefix: secret.slice(0, VISIBLE_CHARS),
    hash: await sha256(secret),
    scopes,
    expiresAt,
    createdBy: session.userId,
  });
  await auditIdentity(actor, {
    action: "token_created",
    summary: `Created the API token “${row.name}”`,
    entityType: "token",
    entityId: row.id,
    address,
    after: { name: row.name, holder: holderId, scopes, expiresAt: expiresAt.toISOString() },
  });
  return { ...tokenView(row), token: secret };
}

async function revoke(actor: Actor, holderId: string, id: string, address: string) {
  const token = await findToken(actor.sql, holderId, id);
  if (!token) throw problems.notFound("No such token.");
  if (await revokeTokenRow(actor.sql, id, jtiOf(id))) {
    await auditIdentity(actor, {
      action: "token_revoked",
      summary: `Revoked the API token “${token.name}”`,
      entityType: "token",
      entityId: id,
      address,
      before: { name: token.name, holder: holderId, scopes: token.scopes },
    });
  }
}

/**
 * Signing out with an API token ends the token itself: its row shows as revoked (not only its
 * jti), and the revocation is audited like one made on the tokens page. False for a sign-in
 * session, which the caller revokes by its jti.
 */
export async function revokeCallerToken(actor: Actor, address: string): Promise<boolean> {
  const id = tokenIdOfJti(actor.session.jti);
  if (!id) return false;
  await revoke(actor, actor.session.userId, id, address);
  return true;
}

// Personal access tokens: the caller's own, within their own permissions.

export async function listPersonalTokens({ sql, session }: Actor) {
  refuseTokenCaller(session);
  return (await tokensOf(sql, session.userId)).map(tokenView);
}

export async function createPersonalToken(actor: Actor, input: NewToken, address: string) {
  refuseTokenCaller(actor.session);
  return await issue(actor, actor.session.userId, actor.session.permissions, input, address);
}

export async function revokePersonalToken(actor: Actor, id: string, address: string) {
  refuseTokenCaller(actor.session);
  await revoke(actor, actor.session.userId, id, address);
}

// Service accounts: non-person members of the tenant, holding tokens.

export async function listServiceAccounts({ sql }: Actor) {
  return (await serviceAccounts(sql)).map((s) => ({
    id: s.id,
    name: s.name,
    role: s.roles[0] ?? "",
    tokens: s.tokens,
    createdAt: s.createdAt,
  }));
}

async function serviceAccount(sql: Sql, id: string) {
  const found = await findServiceAccount(sql, id);
  if (!found) throw problems.notFound("No such service account.");
  return found;
}

export async function createServiceAccount(
  actor: Actor,
  input: { name: string; role: string },
  address: string,
) {
  const { sql, session } = actor;
  refuseTokenCaller(session);
  const role = (await listRoles(sql)).find((r) => r.key === input.role);
  if (!role) {
    throw problems.validation([{ path: "role", message: "Choose one of the workspace's roles." }]);
  }
  if (role.key === "owner") throw problems.forbidden("A service account cannot be an owner.");
  const beyond = scopesBeyond(session.permissions, role.permissions);
  if (beyond.length) {
    throw problems.forbidden(`You cannot grant permissions you do not hold: ${beyond.join(", ")}.`);
  }
  const user = await insertUser(sql, {
    // No password: a service account holds tokens and never signs in.
    email: serviceAddress(input.name, crypto.randomUUID().slice(0, 8)),
    name: input.name,
    passwordHash: null,
  });
  await insertMembership(sql, session.tenantId, user.id, [role.key], { displayName: input.name });
  await insertServiceAccount(sql, { userId: user.id, name: input.name, createdBy: session.userId });
  await auditIdentity(actor, {
    action: "member_added",
    summary: `Added the service account “${input.name}” as ${role.key}`,
    entityType: "membership",
    entityId: user.id,
    address,
    after: { name: input.name, roles: [role.key], serviceAccount: true },
  });
  return (await listServiceAccounts(actor)).find((s) => s.id === user.id)!;
}

export async function removeServiceAccount(actor: Actor, id: string, address: string) {
  refuseTokenCaller(actor.session);
  const found = await serviceAccount(actor.sql, id);
  await deleteServiceAccount(actor.sql, id);
  await auditIdentity(actor, {
    action: "member_removed",
    summary: `Removed the service account “${found.name}”`,
    entityType: "membership",
    entityId: id,
    address,
    before: { name: found.name, roles: found.roles, serviceAccount: true },
  });
}

/** The concrete permissions a service account's token may be given by this caller. */
export async function grantableForServiceAccount(actor: Actor, id: string, catalog: string[]) {
  const grants = await grantsOfMember(actor.sql, id);
  return catalog.filter((p) =>
    hasPermission(grants, p) && hasPermission(actor.session.permissions, p)
  );
}

export async function listServiceAccountTokens(actor: Actor, id: string) {
  await serviceAccount(actor.sql, id);
  return (await tokensOf(actor.sql, id)).map(tokenView);
}

export async function createServiceAccountToken(
  actor: Actor,
  id: string,
  input: NewToken,
  address: string,
) {
  refuseTokenCaller(actor.session);
  await serviceAccount(actor.sql, id);
  return await issue(actor, id, await grantsOfMember(actor.sql, id), input, address);
}

export async function revokeServiceAccountToken(
  actor: Actor,
  id: string,
  tokenId: string,
  address: string,
) {
  refuseTokenCaller(actor.session);
  await serviceAccount(actor.sql, id);
  await revoke(actor, id, tokenId, address);
}
