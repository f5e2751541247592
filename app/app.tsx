import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../shared/http/env.ts";
import { createRouter } from "../shared/http/router.ts";
import { Problem, problemResponse, problems, toProblem } from "../shared/http/problem.ts";
import { methodIndex, mountOpenApi } from "../shared/http/openapi.ts";
import { RETRY_AFTER_SECONDS } from "../shared/db/unavailable.ts";
import { t } from "../shared/i18n/i18n.ts";
import { log } from "../shared/log.ts";
import { assetsRouter } from "../ui/assets.ts";
import { DocsPage } from "../ui/docs.tsx";
import { html, page } from "../ui/render.tsx";
import { ErrorContent, ErrorPage } from "../ui/error.tsx";
import type { Platform } from "./platform.ts";
import { useRequestPath } from "./middleware.ts";

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

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

/**
 * Builds the whole application: the request path (app/middleware.ts), the core routes, every
 * platform feature's and module's API and pages, the API document, and the error answers.
 */
export function createApp(platform: Platform) {
  const app = createRouter({ remembersMatches: true });
  useRequestPath(app, platform);

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

  for (const f of platform.features) for (const [path, api] of f.api ?? []) app.route(path, api);
  for (const m of platform.modules) app.route(`/api/${m.name}`, m.api);

  for (const f of platform.features) {
    for (const [path, pages] of f.pages ?? []) app.route(path, pages);
  }
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

  const basicAuthPaths = platform.modules.flatMap((m) => m.basicAuthPaths ?? []);
  app.onError((err, c) => {
    // Replaced: served again (identity's stale-session replay).
    if (platform.features.some((f) => f.middleware?.isReplayed?.(c, err))) return c.body(null, 500);
    const problem = toProblem(err);
    if (!problem) {
      log.error("unhandled error", {
        id: c.var.requestId,
        path: c.req.path,
        error: String(err),
        stack: (err as Error)?.stack,
      });
    }
    if (basicAuthPaths.some((re) => re.test(c.req.path))) {
      const status = problem?.status ?? 500;
      return new Response(null, {
        status,
        headers: status === 401
          ? { "WWW-Authenticate": 'Basic realm="Documents", charset="UTF-8"' }
          : problem?.headers,
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
