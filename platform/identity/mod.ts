/**
 * Identity: sign-in, sessions, users, roles, tenants and their settings, the profile, the home
 * page. Its steps of the request path (locale, authentication, CSRF, session recall, session)
 * are placed by app/middleware.ts.
 */
import "./audit.messages.ts";
import "./auth.messages.ts";
import "./common.messages.ts";
import "./home.messages.ts";
import "./profile.messages.ts";
import "./roles.messages.ts";
import "./tenant-settings.messages.ts";
import "./tenants.messages.ts";
import "./users.messages.ts";
import "./invitations.messages.ts";
import "./password-reset.messages.ts";
import "./sso.messages.ts";
import "./two-factor.messages.ts";
import type { PlatformFeature } from "../../shared/modules.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { apiRouter } from "../../shared/http/router.ts";
import { identityEvents } from "./events.ts";
import { mountAuth, mountTenantSwitch } from "./auth.handlers.ts";
import { mountProfile } from "./profile.handlers.ts";
import { mountTenants } from "./tenants.handlers.ts";
import { mountAdmin } from "./admin.handlers.ts";
import { mountAudit } from "./audit.handlers.ts";
import { auditPages } from "./audit.pages.tsx";
import { mountInvitations } from "./invitations.handlers.ts";
import { mountPasswordReset } from "./password-reset.handlers.ts";
import {
  invitationAdminPages,
  invitationPublicPages,
  invitationSessionPages,
} from "./invitations.pages.tsx";
import { passwordResetPages } from "./password-reset.pages.tsx";
import { passwordResetJobs } from "./password-reset.service.ts";
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
import { mountSso } from "./sso.handlers.ts";
import { ssoAdminPages, ssoPublicPages } from "./sso.pages.tsx";
import { initSso } from "./sso.service.ts";
import { mountSessions } from "./sessions.handlers.ts";
import { mountApiTokens, mountServiceAccounts } from "./api-tokens.handlers.ts";
import { accessProfilePages, serviceAccountPages } from "./access.pages.tsx";
import { mountTwoFactor, mountTwoFactorPolicy } from "./two-factor.handlers.ts";
import {
  twoFactorAdminPages,
  twoFactorPublicPages,
  twoFactorSessionPages,
} from "./two-factor.pages.tsx";
import { initTwoFactor } from "./two-factor.service.ts";

export const identity = {
  name: "identity",
  api: [
    [
      "/api/auth",
      apiRouter([
        mountAuth,
        mountProfile,
        mountTenantSwitch,
        mountSessions,
        mountApiTokens,
        mountTwoFactor,
        mountPasswordReset,
      ]),
    ],
    [
      "/api/admin",
      apiRouter([
        mountTenants,
        mountAdmin,
        mountAudit,
        mountInvitations,
        mountServiceAccounts,
        mountSso,
        mountTwoFactorPolicy,
      ]),
    ],
  ],
  pages: [
    ["/", twoFactorPublicPages],
    ["/", publicPages],
    ["/", sessionPages],
    ["/profile", accessProfilePages],
    ["/", twoFactorSessionPages],
    ["/admin", adminPages],
    ["/admin", invitationAdminPages],
    ["/", invitationPublicPages],
    ["/", invitationSessionPages],
    ["/", passwordResetPages],
    ["/admin", tenantsPages],
    ["/admin", serviceAccountPages],
    ["/admin", twoFactorAdminPages],
    ["/admin", tenantSettingsPages],
    ["/admin", auditPages],
    ["/admin", ssoAdminPages],
    ["/", ssoPublicPages],
  ],
  publicPaths: [
    /^\/login$/,
    /^\/api\/auth\/login$/,
    // Single sign-on: the button's lookup, the start and the provider's answer.
    /^\/sso\/(callback|lookup|[a-z0-9-]+\/start)$/,
    // Two-factor sign-in: the second step and passkey sign-in come before any session.
    /^\/login\/second-factor$/,
    // Invitation and password reset links, "forgot password" and the password policy meter.
    /^\/invite\/[A-Za-z0-9_-]{43}$/,
    /^\/password\/(forgot|strength|reset\/[^/]+)$/,
    /^\/api\/auth\/(password-reset(\/complete)?|password-policy\/check)$/,
    /^\/api\/auth\/(login\/(second-factor|totp-enrolment|passkey-options)|passkeys\/sign-in(-options)?)$/,
  ],
  /**
   * A password check counts its attempt in a transaction that commits even when the answer is
   * an error, and hashes without holding the (possibly single) connection.
   */
  unscopedPaths: [
    /^\/api\/auth\/password$/,
    /^\/profile\/password$/,
    /^\/invite\/[A-Za-z0-9_-]{43}\/join$/,
  ],
  /**
   * The routes that store a new password (an analytics source's password is encrypted, not
   * hashed, and argon2id costs 50–100 ms that no caller should be able to ask for). Password
   * changes are unscoped and hash between their own transactions.
   */
  passwordRoutes: [
    { path: /^\/(api\/)?admin\/users$/, spare: true },
    { path: /^\/(api\/)?admin\/tenants$/, spare: true },
  ],
  jobs: () => passwordResetJobs(),
  events: identityEvents,
  setup: firstStart,
  init: async (p) => {
    await initSso({ sql: p.db.sql });
    await initTwoFactor({ sql: p.db.sql, bus: p.bus });
  },
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
