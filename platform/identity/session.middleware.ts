import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv, Credentials, Session } from "../../shared/http/env.ts";
import { problems } from "../../shared/http/problem.ts";
import { scopeSetup, transaction, withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";
import { runWithOverrides } from "../../shared/i18n/i18n.ts";
import { loadTenantOverrides } from "../translations/public.ts";
import { forget, type KnownSession, recall, remember } from "./known-sessions.lib.ts";
import { externalMember } from "./users.repo.ts";
import { readSession } from "./session.repo.ts";
import { clearSessionCookie } from "./authentication.middleware.ts";
import { sessionLocale } from "./locale.middleware.ts";
import { checkedSetup, isStale, replayLater } from "./session-recall.middleware.ts";
import { narrowToScopes } from "./api-tokens.rules.ts";
import { touchCaller } from "./caller-access.service.ts";
import { clientAddress } from "./authentication.middleware.ts";

/** Thrown inside the request transaction to roll it back once a response exists. */
class Rollback extends Error {}

/** Methods whose requests carry no body, so they can be served again. */
const SAFE_READS = new Set(["GET", "HEAD"]);

/** The caller's tenant and user ids; external tokens carry a tenant claim and an e-mail. */
async function memberIds(c: Context<AppEnv>, { claims }: Credentials) {
  if (!claims.external) return { tid: claims.tid, sub: claims.sub };
  const ext = claims.external;
  // No tenant or user is set yet, so RLS shows neither: a definer function finds the membership.
  const ids = await withScope(
    c.var.platform.db.sql,
    {},
    (tx) => externalMember(tx, ext.tenant, ext.email),
  );
  if (!ids) throw problems.unauthorized("No member matches the token's tenant and e-mail.");
  return { tid: ids.tid, sub: ids.sub };
}

/** Loads the session (membership, permissions, translations) inside a tenant-scoped tx. */
async function loadSession(
  c: Context<AppEnv>,
  tx: Sql,
  ids: { tid: string; sub: string },
  credentials: Credentials,
) {
  const { claims, via, token } = credentials;
  const [row] = await readSession(tx, ids.tid, ids.sub, claims.jti);
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
      isOperator: row.isOperator && !credentials.apiToken,
      tenantSlug: row.slug,
      tenantName: row.tenantName,
      // An API token's caller: the holder's grants narrowed to the token's scopes.
      ...narrowToScopes(row.roles, row.permissions, credentials.apiToken?.scopes),
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
  if (!claims.external && known.stamp) remember(c.var.platform.db, token, known);
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
  const translations = await loadTenantOverrides({ sql: tx }, known.session.tenantId);
  return {
    translations,
    profileLocale: known.profileLocale,
    tenantLocale: known.tenantLocale,
  };
}

/**
 * Runs the rest of the request in one transaction scoped to the caller's tenant and user. The
 * transaction commits only when the response is a success.
 */
async function scopedSession(c: Context<AppEnv>, next: () => Promise<void>) {
  const credentials = c.var.credentials;
  const ids = await memberIds(c, credentials);
  const { db } = c.var.platform;
  // Reads may use a remembered session (checked in the setup statement); a write reads it afresh,
  // since a request with a body cannot be served a second time.
  const known = SAFE_READS.has(c.req.method) && !credentials.claims.external
    ? recall(db, credentials.token, c.req.raw)
    : undefined;
  const scope = { tenantId: ids.tid, userId: ids.sub, requestId: c.var.requestId };
  try {
    await transaction(
      db.sql,
      (tx) => known ? checkedSetup(c, tx, scope, known) : scopeSetup(tx, scope),
      async (tx) => {
        c.set("sql", tx);
        c.set("scope", (fn) => fn(tx));
        const { translations, ...locales } = known
          ? await useSession(c, tx, known, credentials.via)
          : await loadSession(c, tx, ids, credentials);
        await runWithOverrides(translations, async () => {
          // Resolved inside the scope, so the tenant's extra languages count as valid.
          c.set("locale", sessionLocale(c, locales));
          await touchCaller(c, tx, clientAddress(c)); // "last seen", at most every few minutes
          await next();
        });
        if (c.error || c.res.status >= 400) throw new Rollback();
      },
    );
  } catch (err) {
    if (err instanceof Rollback) return;
    if (known && isStale(err)) {
      // Served again by the replay step (session-recall.middleware.ts).
      return replayLater(c, forget(db, credentials.token, c.req.raw, c.var.requestId));
    }
    throw err;
  }
}

/**
 * For routes that move file bytes (a module's `streamingPaths`) and the unscoped core routes:
 * the session is loaded in a short transaction and the handler runs with none held, so a slow
 * upload or download never pins a connection (the embedded database has only one). Handlers
 * open their own short, tenant-scoped transactions with `c.var.scope(fn)`; `c.var.sql` is not set.
 */
async function unscopedSession(c: Context<AppEnv>, next: () => Promise<void>) {
  const credentials = c.var.credentials;
  const ids = await memberIds(c, credentials);
  const { db } = c.var.platform;
  const scope = { tenantId: ids.tid, userId: ids.sub, requestId: c.var.requestId };
  const { translations, ...locales } = await withScope(
    db.sql,
    scope,
    (tx) => loadSession(c, tx, ids, credentials),
  );
  c.set("scope", (fn) => withScope(db.sql, scope, fn));
  await runWithOverrides(translations, async () => {
    c.set("locale", sessionLocale(c, locales));
    await next();
  });
}

/**
 * The caller's session (membership, permissions, the tenant's translations and language), and
 * the request's tenant-scoped transaction: one for the whole request on scoped paths, short
 * ones on unscoped paths. Public paths pass.
 */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.access === "public") return await next();
  if (c.var.access === "unscoped") return await unscopedSession(c, next);
  await scopedSession(c, next);
});
