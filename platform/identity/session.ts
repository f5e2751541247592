import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { getConnInfo } from "hono/deno";
import type { AppEnv, Session } from "../../shared/http/env.ts";
import { problems } from "../../shared/http/problem.ts";
import { type Scope, scopeSetup, transaction, withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";
import { type Claims, TokenError } from "../../shared/auth/jwt.ts";
import { externalMember } from "./users.repo.ts";
import { resolveLocale, runWithOverrides } from "../../shared/i18n/i18n.ts";
import { loadTenantOverrides } from "../translations/public.ts";
import { forget, type KnownSession, recall, remember } from "./known-sessions.ts";

export const SESSION_COOKIE = "session";

/** Thrown inside the request transaction to roll it back once a response exists. */
class Rollback extends Error {}

function readToken(c: Context): { token: string; via: Session["via"] } | null {
  const header = c.req.header("Authorization");
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return m ? { token: m[1], via: "bearer" } : null;
  }
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

export function setSessionCookie(c: Context<AppEnv>, token: string, maxAge: number) {
  const secure = c.var.platform.config.COOKIE_SECURE ??
    (new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https");
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge,
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
}

/**
 * The client address for throttling. X-Forwarded-For is believed only behind a trusted proxy
 * (TRUST_PROXY), since any client can send it.
 */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.var.platform.config.TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}

/**
 * Cookies ride along on cross-site requests, so a cookie-authenticated state change must come
 * from our own origin (Origin header, or Sec-Fetch-Site from browsers that omit it).
 */
export function isSameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header("Origin");
  const forwarded = c.var.platform.config.TRUST_PROXY
    ? c.req.header("x-forwarded-host")
    : undefined;
  const host = forwarded ?? c.req.header("host") ?? new URL(c.req.url).host;
  if (origin && origin !== "null") {
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  return c.req.header("Sec-Fetch-Site") === "same-origin";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Methods whose requests carry no body, so they can be served again. */
const SAFE_READS = new Set(["GET", "HEAD"]);

/** External tokens carry a tenant claim and an e-mail; map them to our tenant and user. */
async function resolveExternal(sql: Sql, claims: Claims) {
  const ext = claims.external!;
  // No tenant or user is set yet, so RLS shows neither: a definer function finds the membership.
  return await withScope(sql, {}, (tx) => externalMember(tx, ext.tenant, ext.email));
}

const SESSION_QUERY = (tx: Sql, tid: string, sub: string, jti: string | undefined) =>
  tx`
  select u.email, u.name, u.locale, u.is_operator, t.slug, t.name as tenant_name, m.roles,
    t.status as tenant_status, t.time_zone, t.locale as tenant_locale,
    coalesce((select array_agg(distinct p order by p) from roles r, unnest(r.permissions) p
              where r.key = any(m.roles)), '{}') as permissions,
    exists(select 1 from revoked_tokens where jti = ${jti ?? null}) as revoked,
    identity_session_stamp(m.tenant_id, m.user_id) as stamp
  from memberships m join users u on u.id = m.user_id join tenants t on t.id = m.tenant_id
  where m.tenant_id = ${tid} and m.user_id = ${sub} and m.status = 'active'`;

/**
 * Tokens whose signature and claims this process has checked, until they expire. A signature
 * stays valid, so this saves the Ed25519 verification on every request without trusting
 * anything stale: revocation, membership, roles and tenant suspension are still read from the
 * database by the session query on every request. External tokens are not kept (their issuer's
 * keys can change under us).
 */
const verifiedBy = new WeakMap<object, Map<string, Claims>>(); // per token service (its keys)
const MAX_VERIFIED = 10_000;

async function verifyToken(c: Context<AppEnv>, token: string): Promise<Claims> {
  const { tokens } = c.var.platform;
  let verified = verifiedBy.get(tokens);
  if (!verified) verifiedBy.set(tokens, verified = new Map());
  const hit = verified.get(token);
  if (hit && hit.exp * 1000 > Date.now()) return hit;
  if (hit) verified.delete(token);
  const claims = await tokens.verify(token);
  if (!claims.external) {
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  }
  return claims;
}

/** Verifies the token and finds the caller's tenant and user ids (401 when it can't). */
async function authenticate(c: Context<AppEnv>) {
  const found = readToken(c);
  if (!found) throw problems.unauthorized();
  const { db } = c.var.platform;
  let claims: Claims;
  try {
    claims = await verifyToken(c, found.token);
  } catch (err) {
    if (err instanceof TokenError) {
      if (found.via === "cookie") clearSessionCookie(c);
      throw problems.unauthorized("The token is not valid.");
    }
    throw err;
  }
  if (found.via === "cookie" && !SAFE_METHODS.has(c.req.method) && !isSameOrigin(c)) {
    throw problems.forbidden("Cross-site request refused.");
  }
  const ids = claims.external ? await resolveExternal(db.sql, claims) : claims;
  if (!ids) throw problems.unauthorized("No member matches the token's tenant and e-mail.");
  return { ids: { tid: ids.tid, sub: ids.sub }, claims, via: found.via, token: found.token };
}

/** Loads the session (membership, permissions, translations) inside a tenant-scoped tx. */
async function loadSession(
  c: Context<AppEnv>,
  tx: Sql,
  auth: Awaited<ReturnType<typeof authenticate>>,
) {
  const { ids, claims, via } = auth;
  const [row] = await SESSION_QUERY(tx, ids.tid, ids.sub, claims.jti);
  if (!row || row.revoked) throw problems.unauthorized("The session has ended.");
  // The session query reads the tenant row anyway, so a suspension ends every session and
  // token of the tenant on their next request at no extra cost (nothing to revoke or cache).
  // 401, not 403: signing in again lands in another workspace, or says why it cannot.
  if (row.tenantStatus !== "active") {
    if (via === "cookie") clearSessionCookie(c);
    throw problems.unauthorized(`The workspace ${row.tenantName} is suspended.`);
  }
  const known: KnownSession = {
    session: Object.freeze({
      userId: ids.sub,
      tenantId: ids.tid,
      email: row.email,
      name: row.name,
      isOperator: row.isOperator,
      tenantSlug: row.slug,
      tenantName: row.tenantName,
      roles: Object.freeze(row.roles) as string[],
      permissions: Object.freeze(row.permissions) as string[],
      jti: claims.jti,
      exp: claims.exp,
    }),
    timeZone: row.timeZone,
    profileLocale: row.locale,
    tenantLocale: row.tenantLocale,
    stamp: row.stamp,
  };
  // External tokens are mapped to a member on every request (their issuer decides who they are);
  // a session without a stamp (no row yet) could not be checked.
  if (!claims.external && known.stamp) remember(c.var.platform.db, auth.token, known);
  return await useSession(c, tx, known, via);
}

/** Sets the request's session from what the session query answered (now or before). */
async function useSession(
  c: Context<AppEnv>,
  tx: Sql,
  known: KnownSession,
  via: Session["via"],
) {
  c.set("session", { ...known.session, via });
  // Dates on pages are shown in the tenant's zone (no extra query: it came with the session).
  c.set("timeZone", known.timeZone);
  // The tenant's translations apply to every t() of the request (cached per tenant).
  const translations = await loadTenantOverrides(tx, known.session.tenantId);
  return {
    translations,
    profileLocale: known.profileLocale,
    tenantLocale: known.tenantLocale,
  };
}

/** Thrown when a remembered session turned out stale: the request is to be served again. */
export class StaleSession extends Error {
  constructor(readonly request: Request) {
    super("The remembered session changed; the request is served again.");
  }
}

/** Requests whose statements failed because their remembered session was stale. */
const staleAttempts = new WeakSet<Context>();

const STALE = "PLS01"; // raised by identity_session_unchanged (migration 0033)
const ABORTED = "25P02"; // what the statements after it answer
const isStale = (err: unknown) => (err as { code?: string })?.code === STALE;

/**
 * Whether err is the expected failure of a request whose remembered session was stale (it is
 * answered again, so there is nothing to log). Anything else is still an error.
 */
export function isStaleAttempt(c: Context, err: unknown) {
  const code = (err as { code?: string })?.code;
  return staleAttempts.has(c) && (code === STALE || code === ABORTED);
}

/**
 * The scope's setup statement for a remembered session: it also checks that the session is
 * unchanged, so that a stale one aborts the transaction before the handler's first statement.
 */
function checkedSetup(c: Context, tx: Sql, scope: Scope, known: KnownSession) {
  const { tenantId, userId, jti } = known.session;
  const query = scopeSetup(
    tx,
    scope,
    tx`identity_session_unchanged(${tenantId}, ${userId}, ${jti ?? null}, ${known.stamp})`,
  );
  // Registered before the handler's own statements: set before their failures are seen.
  query.catch((err) => isStale(err) && staleAttempts.add(c));
  return query;
}

/**
 * The member's own language, then the language cookie, then the browser's, then the tenant's
 * default (which so replaces English as the last resort).
 */
function requestLocale(
  c: Context<AppEnv>,
  { profileLocale, tenantLocale }: { profileLocale: string | null; tenantLocale: string },
) {
  const accept = c.req.header("Accept-Language");
  const withTenant = accept ? `${accept}, ${tenantLocale};q=0.001` : tenantLocale;
  return resolveLocale(profileLocale, getCookie(c, "lang"), withTenant);
}

/**
 * Authenticates the request and runs the rest of it in one transaction scoped to the caller's
 * tenant and user. The transaction commits only when the response is a success.
 */
export const scopedSession = createMiddleware<AppEnv>(async (c, next) => {
  const auth = await authenticate(c);
  const { db } = c.var.platform;
  // Reads may use a remembered session (checked in the setup statement); a write reads it afresh,
  // since a request with a body cannot be served a second time.
  const known = SAFE_READS.has(c.req.method) && !auth.claims.external
    ? recall(db, auth.token, c.req.raw)
    : undefined;
  const scope = { tenantId: auth.ids.tid, userId: auth.ids.sub, requestId: c.var.requestId };
  try {
    await transaction(
      db.sql,
      (tx) => known ? checkedSetup(c, tx, scope, known) : scopeSetup(tx, scope),
      async (tx) => {
        c.set("sql", tx);
        c.set("scope", (fn) => fn(tx));
        const { translations, ...locales } = known
          ? await useSession(c, tx, known, auth.via)
          : await loadSession(c, tx, auth);
        await runWithOverrides(translations, async () => {
          // Resolved inside the scope, so the tenant's extra languages count as valid.
          c.set("locale", requestLocale(c, locales));
          await next();
        });
        if (c.error || c.res.status >= 400) throw new Rollback();
      },
    );
  } catch (err) {
    if (err instanceof Rollback) return;
    if (known && isStale(err)) {
      throw new StaleSession(forget(db, auth.token, c.req.raw, c.var.requestId));
    }
    throw err;
  }
});

/**
 * For routes that move file bytes (a module's `streamingPaths`): the session is loaded in a
 * short transaction and the handler runs with none held, so a slow upload or download never
 * pins a connection (the embedded database has only one). Handlers open their own short,
 * tenant-scoped transactions with `c.var.scope(fn)`; `c.var.sql` is not set.
 */
export const streamingSession = createMiddleware<AppEnv>(async (c, next) => {
  const auth = await authenticate(c);
  const { db } = c.var.platform;
  const scope = { tenantId: auth.ids.tid, userId: auth.ids.sub, requestId: c.var.requestId };
  const { translations, ...locales } = await withScope(
    db.sql,
    scope,
    (tx) => loadSession(c, tx, auth),
  );
  c.set("scope", (fn) => withScope(db.sql, scope, fn));
  await runWithOverrides(translations, async () => {
    c.set("locale", requestLocale(c, locales));
    await next();
  });
});
