import type { Context } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import type { Claims } from "../../shared/auth/jwt.ts";
import type { Sql } from "../../shared/db/database.ts";
import { withScope } from "../../shared/db/scope.ts";
import { tokenByHash } from "./api-tokens.repo.ts";
import { touchSessionRow, touchTokenRow } from "./sessions.repo.ts";
import { TOKEN_PATTERN, TOKEN_PREFIX } from "./api-tokens.rules.ts";
import { jtiOf } from "./api-tokens.lib.ts";
import { sha256, timingSafeEqual, toBase64Url } from "../../shared/crypto/bytes.ts";

/*
 * What the request path needs of API tokens and sessions (authentication and session
 * middleware): the bearer lookup and "last seen". Kept apart from the token services, which
 * write audit lines, so the middleware does not depend on the activity log.
 */

interface Verified {
  claims: Claims;
  apiToken: { id: string; scopes: string[] };
}
/**
 * Tokens this process has looked up, by the token's hash, until they expire. Safe to keep:
 * a token's holder, tenant, scopes and expiry never change, and its revocation is checked on
 * every request with the session (revoked_tokens, by jti).
 */
const verifiedBy = new WeakMap<object, Map<string, Verified>>();
const MAX_VERIFIED = 10_000;

/** Whether a bearer token is one of ours (not a JWT). */
export const isApiToken = (token: string) => token.startsWith(TOKEN_PREFIX);

/** The claims and scopes of an API token; undefined when it is unknown, revoked or expired. */
export async function verifyApiToken(sql: Sql, token: string): Promise<Verified | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  let verified = verifiedBy.get(sql);
  if (!verified) verifiedBy.set(sql, verified = new Map());
  const hash = await sha256(token);
  const key = toBase64Url(hash);
  const hit = verified.get(key);
  if (hit && hit.claims.exp * 1000 > Date.now()) return hit;
  if (hit) verified.delete(key);
  const row = await withScope(sql, {}, (tx) => tokenByHash(tx, hash));
  if (!row || !timingSafeEqual(row.tokenHash, hash)) return undefined;
  const entry: Verified = {
    claims: {
      sub: row.userId,
      tid: row.tenantId,
      roles: [],
      jti: jtiOf(row.id),
      exp: Math.floor(Date.parse(row.expiresAt) / 1000),
    },
    apiToken: { id: row.id, scopes: row.scopes },
  };
  if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
  verified.set(key, entry);
  return entry;
}

/** How often a session's or token's "last seen" is written, at most (minutes). */
export const LAST_SEEN_MINUTES = 5;
const touched = new WeakMap<object, Map<string, number>>(); // per database
const MAX_TOUCHED = 10_000;

/**
 * Notes the caller's session or token as seen, at most once per LAST_SEEN_MINUTES per instance
 * (and the statement itself skips rows seen more recently, for the other instances): most
 * requests write nothing.
 */
export async function touchCaller(c: Context<AppEnv>, tx: Sql, address: string) {
  const { credentials } = c.var;
  const key = credentials.apiToken?.id ?? credentials.claims.jti;
  if (!key || credentials.claims.external) return;
  let map = touched.get(c.var.platform.db);
  if (!map) touched.set(c.var.platform.db, map = new Map());
  const now = Date.now();
  const last = map.get(key);
  if (last !== undefined && now - last < LAST_SEEN_MINUTES * 60_000) return;
  if (map.size >= MAX_TOUCHED) map.delete(map.keys().next().value!);
  map.set(key, now);
  if (credentials.apiToken) {
    await touchTokenRow(tx, credentials.apiToken.id, address, LAST_SEEN_MINUTES);
  } else await touchSessionRow(tx, key, address, LAST_SEEN_MINUTES);
}
