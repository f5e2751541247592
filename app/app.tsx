import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { bodyLimit } from "hono/body-limit";
import type { Context, MiddlewareHandler, Next } from "hono";
import type { AppEnv } from "../shared/http/env.ts";
import { createRouter } from "../shared/http/router.ts";
import { Problem, problemResponse, problems } from "../shared/http/problem.ts";
import { assetsRouter } from "../ui/assets.ts";
import {
  methodIndex,
  mountOpenApi,
  staticPathMethods,
  unpagedListBodies,
} from "../shared/http/openapi.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../shared/db/unavailable.ts";
import { DocsPage } from "../ui/docs.tsx";
import { type Platform, prefetchShell } from "./platform.ts";
import {
  isStaleAttempt,
  scopedSession,
  StaleSession,
  streamingSession,
} from "../platform/identity/session.ts";
import { type PasswordRoute, prehashPasswords } from "../shared/http/prehash.ts";
import { resolveLocale, t } from "../shared/i18n/i18n.ts";
import { log } from "../shared/log.ts";
import { adminApi, authApi } from "../platform/identity/identity.api.ts";
import { backupApi } from "../platform/backup/backup.api.ts";
import { languageCookie, publicPages, sessionPages } from "../platform/identity/auth.pages.tsx";
import { adminPages } from "../platform/identity/admin.pages.tsx";
import { tenantsPages } from "../platform/identity/tenants.pages.tsx";
import { tenantSettingsPages } from "../platform/identity/tenant-settings.pages.tsx";
import { notificationsApi } from "../platform/notifications/notifications.api.ts";
import { notificationsPages, outboxPages } from "../platform/notifications/notifications.pages.tsx";
import { searchApi, searchPages } from "../platform/search/public.ts";
import { html, page } from "../ui/render.tsx";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ErrorContent, ErrorPage } from "../ui/error.tsx";

const CORE_PUBLIC: RegExp[] = [
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/openapi\.json$/,
  /^\/docs$/,
  /^\/\.well-known\/jwks\.json$/,
  /^\/assets\//,
  /^\/login$/,
  /^\/api\/auth\/login$/,
  /^\/favicon\.ico$/,
];

/**
 * Core routes without a request-wide transaction (like a module's streamingPaths, but with the
 * body limit): a password check counts its attempt in a transaction that commits even when
 * the answer is an error, and hashes without holding the (possibly single) connection.
 */
const CORE_UNSCOPED: RegExp[] = [
  /^\/api\/auth\/password$/,
  /^\/profile\/password$/,
  // The backup holds the embedded database's only connection while it copies: no request
  // transaction may hold it first.
  /^\/api\/admin\/backup$/,
];

/**
 * The routes that store a new password: its hash is made before their transaction opens. Those
 * that may create an account without one (`spare`) get a generated password hashed in advance
 * too. No other route's body is searched for passwords (an analytics source's password is
 * encrypted, not hashed, and argon2id costs 50–100 ms that no caller should be able to ask for).
 * Password changes are CORE_UNSCOPED and hash between their own transactions.
 */
const PASSWORD_SETTING: PasswordRoute[] = [
  { path: /^\/(api\/)?admin\/users$/, spare: true },
  { path: /^\/(api\/)?admin\/tenants$/, spare: true },
  { path: /^\/api\/documents\/sharing$/, spare: false },
  { path: /^\/documents\/(files|folders)\/[^/]+\/share$/, spare: false },
];

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

/** Postgres errors that mean bad input rather than a broken server. */
const PG_INPUT_ERRORS: Record<string, () => Problem> = {
  "23505": () => problems.conflict("A record with these values already exists."),
  "23503": () => problems.unprocessable("A referenced record does not exist."),
  "23514": () => problems.unprocessable("A value breaks a rule of this record."),
  "22P02": () => problems.badRequest("A value has the wrong format."),
  "22007": () => problems.badRequest("A date or time has the wrong format."),
  "22008": () => problems.badRequest("A date or time is out of range."),
  "22003": () => problems.badRequest("A number is out of range."),
  "22001": () => problems.badRequest("A value is too long."),
  "22021": () => problems.badRequest("A text contains a character that is not allowed."),
  "22P05": () => problems.badRequest("A text contains a character that is not allowed."),
};

function toProblem(err: unknown): Problem | null {
  if (err instanceof Problem) return err;
  if (err instanceof HTTPException) {
    if (err.status === 413) return problems.tooLarge();
    if (err.status === 400) return problems.badRequest(err.message || "Malformed request.");
    if (err.status === 401) return problems.unauthorized();
    return new Problem(err.status, "http", err.message || "Error", err.message);
  }
  const code = (err as { code?: string })?.code;
  if (code && PG_INPUT_ERRORS[code]) return PG_INPUT_ERRORS[code]();
  if (isDatabaseUnavailable(err)) return problems.unavailable(RETRY_AFTER_SECONDS);
  return null;
}

/** Error pages keep the shell (menu, top bar) for signed-in people; others get a bare page. */
async function pageError(c: Context<AppEnv>, status: number, message: string) {
  const locale = c.var.locale ?? "en";
  if (c.var.session && c.var.platform) {
    try {
      return await page(
        c,
        t(locale, "error.title"),
        <ErrorContent locale={locale} status={status} message={message} />,
        status as ContentfulStatusCode,
      );
    } catch {
      // The shell needs the database; when that is what failed, fall back to the bare page.
    }
  }
  return html(
    c,
    <ErrorPage locale={locale} status={status} message={message} />,
    status as ContentfulStatusCode,
  );
}

const strictCsp = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  referrerPolicy: "same-origin",
  // A response that sets its own policy keeps it (file previews: a sandbox, framed by us).
  overwrite: false,
});
// Swagger UI sets inline style attributes; it still loads only our own scripts.
const docsCsp = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
  },
});

/** Builds the whole application: core routes, every module's API and pages, docs. */
export function createApp(platform: Platform) {
  const app = createRouter();
  const publicPaths = [...CORE_PUBLIC, ...platform.modules.flatMap((m) => m.publicPaths ?? [])];
  const streamingPaths = platform.modules.flatMap((m) => m.streamingPaths ?? []);
  const streams = (path: string) => streamingPaths.some((re) => re.test(path));

  app.use("*", requestId());
  app.use("*", async (c, next) => {
    c.set("platform", platform);
    c.set("locale", resolveLocale(null, languageCookie(c), c.req.header("Accept-Language")));
    const started = performance.now();
    await next();
    log.info("request", {
      id: c.var.requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      tenant: c.var.session?.tenantSlug,
    });
  });
  app.use("*", (c, next) => (c.req.path === "/docs" ? docsCsp(c, next) : strictCsp(c, next)));
  const limit = bodyLimit({
    maxSize: platform.config.BODY_LIMIT_BYTES,
    onError: () => {
      throw problems.tooLarge();
    },
  });
  app.use("*", (c, next) => (streams(c.req.path) ? next() : limit(c, next)));
  const protect: MiddlewareHandler<AppEnv> = (c, next) => {
    if (publicPaths.some((re) => re.test(c.req.path))) return next();
    const unscoped = streams(c.req.path) || CORE_UNSCOPED.some((re) => re.test(c.req.path));
    if (unscoped) return streamingSession(c, next);
    return prehashPasswords(c, () => scoped(c, next), PASSWORD_SETTING);
  };
  // A read that used a remembered session which had changed is served again, read afresh.
  const scoped = async (c: Context<AppEnv>, next: Next) => {
    try {
      await scopedSession(c, next);
    } catch (err) {
      if (!(err instanceof StaleSession)) throw err;
      // The failed attempt's answer is dropped: its body cancelled (an event stream would
      // otherwise hold its slot and subscription until the token expires), its headers not
      // merged into the new answer.
      const dropped = c.res;
      c.error = undefined;
      c.res = undefined;
      await dropped.body?.cancel().catch(() => {});
      c.res = await app.fetch(err.request, c.env);
    }
  };
  app.use("*", protect);
  app.use("*", async (c, next) => {
    prefetchShell(c);
    await next();
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await platform.db.sql`select 1`;
      return c.json({ status: "ready", database: platform.db.mode });
    } catch {
      return c.json({ status: "unavailable" }, 503, {
        "Retry-After": String(RETRY_AFTER_SECONDS),
      });
    }
  });
  app.get("/.well-known/jwks.json", (c) => c.json(platform.tokens.jwks()));
  app.get("/docs", (c) => html(c, <DocsPage locale={c.var.locale ?? "en"} />));
  app.get("/favicon.ico", (c) => c.redirect("/assets/favicon.svg", 301));
  app.route("/assets", assetsRouter);

  app.use("/api/*", unpagedListBodies);
  // A method /files/upload does not take is a 405 there, not a request for the file "upload".
  app.use("/api/*", staticPathMethods(app));
  app.route("/api/auth", authApi);
  app.route("/api/admin", adminApi);
  app.route("/api/admin", backupApi);
  app.route("/api/notifications", notificationsApi);
  app.route("/api/search", searchApi);
  for (const m of platform.modules) app.route(`/api/${m.name}`, m.api);

  app.route("/", publicPages);
  app.route("/", sessionPages);
  app.route("/admin", adminPages);
  app.route("/admin", tenantsPages);
  app.route("/admin", tenantSettingsPages);
  app.route("/admin/outbox", outboxPages);
  app.route("/notifications", notificationsPages);
  app.route("/search", searchPages);
  for (const m of platform.modules) app.route(`/${m.name}`, m.pages);
  for (const m of platform.modules) if (m.rootPages) app.route("/", m.rootPages);

  mountOpenApi(app);
  const allowedMethods = methodIndex(app);

  app.notFound((c) => {
    if (isApi(c.req.path)) {
      const allow = allowedMethods(c.req.path);
      return problemResponse(c, allow ? problems.methodNotAllowed(allow) : problems.notFound());
    }
    return pageError(c, 404, t(c.var.locale ?? "en", "error.notFound"));
  });

  app.onError((err, c) => {
    if (isStaleAttempt(c, err)) return c.body(null, 500); // replaced: served again
    const problem = toProblem(err);
    if (!problem) {
      log.error("unhandled error", {
        id: c.var.requestId,
        path: c.req.path,
        error: String(err),
        stack: (err as Error)?.stack,
      });
    }
    if (isApi(c.req.path)) {
      return problemResponse(
        c,
        problem ??
          new Problem(500, "internal", "Internal Server Error", `Reference: ${c.var.requestId}`),
      );
    }
    const l = c.var.locale ?? "en";
    if (problem?.status === 401) {
      const url = new URL(c.req.url);
      const next = c.req.method === "GET"
        ? `?next=${encodeURIComponent(url.pathname + url.search)}`
        : "";
      return c.redirect(`/login${next}`, 303);
    }
    if (problem?.status === 403) return pageError(c, 403, t(l, "error.forbidden"));
    if (problem?.status === 503) {
      const headers = problem.headers;
      return pageError(c, 503, t(l, "error.unavailable")).then((res) => {
        for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
        return res;
      });
    }
    if (problem) return pageError(c, problem.status, problem.detail ?? problem.title);
    return pageError(c, 500, t(l, "error.generic", { id: c.var.requestId }));
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
