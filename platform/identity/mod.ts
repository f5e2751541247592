/**
 * Identity: sign-in, sessions, users, roles, tenants and their settings, the profile, the home
 * page. Its steps of the request path (locale, authentication, CSRF, session recall, session)
 * are placed by app/middleware.ts.
 */
import "./auth.messages.ts";
import "./common.messages.ts";
import "./home.messages.ts";
import "./profile.messages.ts";
import "./roles.messages.ts";
import "./tenant-settings.messages.ts";
import "./tenants.messages.ts";
import "./users.messages.ts";
import type { PlatformFeature } from "../../shared/modules.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { apiRouter } from "../../shared/http/router.ts";
import { identityEvents } from "./events.ts";
import { mountAuth, mountTenantSwitch } from "./auth.handlers.ts";
import { mountProfile } from "./profile.handlers.ts";
import { mountTenants } from "./tenants.handlers.ts";
import { mountAdmin } from "./admin.handlers.ts";
import { publicPages, sessionPages } from "./auth.pages.tsx";
import { adminPages } from "./admin.pages.tsx";
import { tenantsPages } from "./tenants.pages.tsx";
import { tenantSettingsPages } from "./tenant-settings.pages.tsx";
import { firstStart } from "./tenants.service.ts";
import { workspaceShell } from "./shell.service.ts";
import { locale } from "./locale.middleware.ts";
import { authentication } from "./authentication.middleware.ts";
import { csrf } from "./csrf.middleware.ts";
import { isStaleAttempt, replayStaleSession } from "./session-recall.middleware.ts";
import { session } from "./session.middleware.ts";

export const identity = {
  name: "identity",
  api: [
    ["/api/auth", apiRouter([mountAuth, mountProfile, mountTenantSwitch])],
    ["/api/admin", apiRouter([mountTenants, mountAdmin])],
  ],
  pages: [
    ["/", publicPages],
    ["/", sessionPages],
    ["/admin", adminPages],
    ["/admin", tenantsPages],
    ["/admin", tenantSettingsPages],
  ],
  publicPaths: [/^\/login$/, /^\/api\/auth\/login$/],
  /**
   * A password check counts its attempt in a transaction that commits even when the answer is
   * an error, and hashes without holding the (possibly single) connection.
   */
  unscopedPaths: [/^\/api\/auth\/password$/, /^\/profile\/password$/],
  /**
   * The routes that store a new password (an analytics source's password is encrypted, not
   * hashed, and argon2id costs 50–100 ms that no caller should be able to ask for). Password
   * changes are unscoped and hash between their own transactions.
   */
  passwordRoutes: [
    { path: /^\/(api\/)?admin\/users$/, spare: true },
    { path: /^\/(api\/)?admin\/tenants$/, spare: true },
  ],
  events: identityEvents,
  setup: firstStart,
  shell: (c) => workspaceShell(actorOf(c)),
  middleware: {
    locale,
    authentication,
    csrf,
    replayStaleSession,
    session,
    isReplayed: isStaleAttempt,
  },
} satisfies PlatformFeature;
