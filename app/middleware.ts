import { requestId } from "hono/request-id";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv, Platform } from "../shared/modules.ts";
import { contextVars } from "../shared/http/middleware/context-vars.ts";
import { providePlatform } from "../shared/http/middleware/platform.ts";
import { requestLog } from "../shared/http/middleware/request-log.ts";
import { securityHeaders } from "../shared/http/middleware/security-headers.ts";
import { bodyLimit } from "../shared/http/middleware/body-limit.ts";
import { routeAccess } from "../shared/http/middleware/route-access.ts";
import { passwordPrehash } from "../shared/http/middleware/password-prehash.ts";
import { shellPrefetch } from "../shared/http/middleware/shell-prefetch.ts";
import { staticPathMethods } from "../shared/http/middleware/static-path-methods.ts";
import { identity } from "./registry.ts";

/** The core's own paths reachable without signing in (features and modules add theirs). */
const CORE_PUBLIC: RegExp[] = [
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/openapi\.json$/,
  /^\/docs$/,
  /^\/\.well-known\/jwks\.json$/,
  /^\/assets\//,
  /^\/favicon\.ico$/,
];

/**
 * The request path: every step a request goes through before its route, in order, one line
 * each. Each step is one file named for what it does (shared/http/middleware/*.ts, identity's
 * platform/identity/*.middleware.ts).
 */
export function useRequestPath(app: OpenAPIHono<AppEnv>, platform: Platform) {
  const all = [...platform.features, ...platform.modules];
  const streamingPaths = platform.modules.flatMap((m) => m.streamingPaths ?? []);
  const publicPaths = [...CORE_PUBLIC, ...all.flatMap((u) => u.publicPaths ?? [])];
  const unscopedPaths = [
    ...streamingPaths,
    ...platform.features.flatMap((f) => f.unscopedPaths ?? []),
  ];
  const passwordRoutes = all.flatMap((u) => u.passwordRoutes ?? []);
  const steps = identity.middleware;

  const bodyLimitBytes = platform.config.BODY_LIMIT_BYTES;
  // deno-fmt-ignore
  {
  app.use("*", requestId());                              // 1. the request's id (X-Request-Id)
  app.use("*", contextVars);                              // 2. c.var read through c.get, no copies
  app.use("*", providePlatform(platform));                // 3. c.var.platform
  app.use("*", requestLog);                               // 4. one log line per answered request
  app.use("*", steps.locale);                             // 5. a first language: cookie, browser
  app.use("*", securityHeaders);                          // 6. CSP: strict; Swagger UI's on /docs
  app.use("*", bodyLimit(bodyLimitBytes, streamingPaths)); // 7. 413 past the limit (not uploads)
  app.use("*", routeAccess({ publicPaths, unscopedPaths })); // 8. public, unscoped or scoped
  app.use("*", passwordPrehash(passwordRoutes));          // 9. new passwords hashed before the tx
  app.use("*", steps.authentication);                     // 10. the caller's token verified (401)
  app.use("*", steps.csrf);                               // 11. cookie writes: same origin (403)
  app.use("*", steps.replayStaleSession(app));            // 12. stale remembered session: again
  app.use("*", steps.session);                            // 13. session, tenant-scoped tx, language
  app.use("*", shellPrefetch);                            // 14. a page's shell read at once
  app.use("/api/*", staticPathMethods(app));              // 15. 405: wrong method on a fixed path
  }
}
