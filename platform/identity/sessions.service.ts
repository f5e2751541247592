import type { Sql } from "../../shared/db/database.ts";
import type { Actor } from "../../shared/http/actor.ts";
import { problems } from "../../shared/http/problem.ts";
import { endSessions, insertSession, sessionsOfUser } from "./sessions.repo.ts";
import { auditIdentity } from "./audit.service.ts";
import { insertRevokedToken } from "./users.repo.ts";
import { deviceLabel } from "./sessions.rules.ts";

/** The client a token is issued to: its address and user agent (for the sessions page). */
export interface SignInClient {
  address?: string;
  userAgent?: string;
}

/** Called by issueToken for every sign-in token: the session row behind "where you are signed in". */
export async function startSession(
  tx: Sql,
  issued: { jti: string; expiresAt: Date },
  user: { id: string },
  tenant: { id: string },
  client: SignInClient | undefined,
) {
  await insertSession(tx, {
    tenantId: tenant.id,
    jti: issued.jti,
    userId: user.id,
    expiresAt: issued.expiresAt,
    userAgent: (client?.userAgent ?? "").slice(0, 500),
    address: (client?.address ?? "").slice(0, 100),
  });
}

/**
 * Ends every sign-in session of an account (every workspace) but `exceptJti`: their tokens are
 * revoked, so each is refused on its next request on every instance. With `apiTokens` (the
 * default) the account's personal API tokens are revoked too (not a service account's: another
 * holder). The transaction must act as the account (app.user_id; a password reset sets it with
 * actAs once the link is used): the database refuses anything else. Works without a tenant.
 * Pass an Actor or a transaction. How many sessions.
 */
export async function endSessionsOf(
  actorOrSql: Pick<Actor, "sql"> | Sql,
  userId: string,
  { exceptJti, apiTokens = true }: { exceptJti?: string; apiTokens?: boolean } = {},
): Promise<number> {
  const sql = typeof actorOrSql === "function" ? actorOrSql : actorOrSql.sql;
  return await endSessions(sql, userId, exceptJti ?? null, apiTokens);
}

/** API tokens cannot manage sessions or tokens: a leaked narrow token must not widen itself. */
export function refuseTokenCaller(session: Actor["session"]) {
  if (session.scopes) {
    throw problems.forbidden("An API token cannot manage sessions or tokens; sign in instead.");
  }
}

/** The caller's sessions in every workspace, with the one of this request marked. */
export async function listOwnSessions({ sql, session }: Actor) {
  refuseTokenCaller(session);
  const rows = await sessionsOfUser(sql, session.userId);
  return rows.map((r) => ({
    id: r.jti,
    device: deviceLabel(r.userAgent),
    userAgent: r.userAgent,
    address: r.lastSeenFrom,
    workspace: r.tenantName,
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
    expiresAt: r.expiresAt,
    current: r.jti === session.jti,
  }));
}

/** Ends one of the caller's own sessions (404 for anything else, including this one's id twice). */
export async function endOwnSession(actor: Actor, id: string, address: string) {
  const { sql, session } = actor;
  refuseTokenCaller(session);
  const mine = (await sessionsOfUser(sql, session.userId)).find((s) => s.jti === id);
  if (!mine) throw problems.notFound("No such session.");
  // Revoking by jti needs no tenant: the row may be of another of the caller's workspaces.
  await insertRevokedToken(sql, mine.jti, Math.ceil(Date.parse(mine.expiresAt) / 1000));
  await auditIdentity(actor, {
    action: "session_ended",
    summary: `Ended a session (${deviceLabel(mine.userAgent).name})`,
    entityType: "session",
    entityId: session.userId,
    address,
    before: { device: deviceLabel(mine.userAgent).name, workspace: mine.tenantName },
  });
  return { current: mine.jti === session.jti };
}

/** Ends every session of the caller but this one. How many. */
export async function endOtherSessions(actor: Actor, address: string) {
  const { session } = actor;
  refuseTokenCaller(session);
  // Other sign-in sessions only: the tokens page revokes API tokens one by one.
  const ended = await endSessionsOf(actor, session.userId, {
    exceptJti: session.jti,
    apiTokens: false,
  });
  await auditIdentity(actor, {
    action: "sessions_ended",
    summary: `Ended ${ended} other session(s)`,
    entityType: "session",
    entityId: session.userId,
    address,
    after: { ended },
  });
  return ended;
}
