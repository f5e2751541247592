/**
 * A workspace's single sign-on settings (owners and admins): read, set, remove. The client
 * secret is sealed (sso.crypto.lib.ts) and never returned; every change is audited with its
 * before → after (without the secret).
 */
import type { Actor, SystemActor } from "../../shared/http/actor.ts";
import { problems } from "../../shared/http/problem.ts";
import { auditIdentity } from "./audit.service.ts";
import { newSsoKeyBase64, sealSecret, useSsoKey } from "./sso.crypto.lib.ts";
import {
  deleteSso,
  existingRoles,
  findSso,
  isActiveOwner,
  type SsoRow,
  upsertSso,
} from "./sso.repo.ts";
import type { SsoSettings, SsoSettingsBody } from "./sso.schemas.ts";
import { storedPlatformSecret } from "../../shared/db/platform-secrets.ts";
import { forgetSsoClient } from "./sso.flow.service.ts";
import { providerAddressProblem } from "./sso.issuer.repo.ts";
import { checkRoleChange } from "./admin.service.ts";

/** Loads the installation's key for client secrets (start-up, owner connection). */
export async function initSso(actor: Pick<SystemActor, "sql">): Promise<void> {
  // A lock number of its own (jwt 7202614, automation 7202615, two-factor 7202637).
  const secret = { name: "identity-sso-key", lock: 7202638 };
  await useSsoKey(await storedPlatformSecret(actor.sql, secret, newSsoKeyBase64));
}

const view = (row: SsoRow, redirectUri: string): SsoSettings => ({
  enabled: row.enabled,
  issuer: row.issuer,
  clientId: row.clientId,
  hasClientSecret: row.secretCiphertext !== null,
  allowedDomains: row.allowedDomains,
  roleClaim: row.roleClaim,
  roleMap: row.roleMap,
  defaultRole: row.defaultRole,
  ssoRequired: row.ssoRequired,
  breakGlassUserId: row.breakGlassUserId,
  label: row.label,
  redirectUri,
  updatedAt: row.updatedAt,
});

/** What the audit line keeps of the settings: everything but the secret. */
const audited = (row: SsoRow | undefined) =>
  row
    ? {
      enabled: row.enabled,
      issuer: row.issuer,
      clientId: row.clientId,
      allowedDomains: row.allowedDomains,
      roleClaim: row.roleClaim,
      roleMap: row.roleMap,
      defaultRole: row.defaultRole,
      ssoRequired: row.ssoRequired,
      breakGlassUserId: row.breakGlassUserId,
      label: row.label,
    }
    : null;

/** The current tenant's settings, or null when none are set. */
export async function ssoSettings(
  { sql }: Actor,
  { redirectUri }: { redirectUri: string },
): Promise<SsoSettings | null> {
  const row = await findSso(sql);
  return row ? view(row, redirectUri) : null;
}

/** The current tenant's settings (404 when single sign-on is not set up). */
export async function currentSsoSettings(
  actor: Actor,
  input: { redirectUri: string },
): Promise<SsoSettings> {
  const settings = await ssoSettings(actor, input);
  if (!settings) throw problems.notFound("Single sign-on is not set up.");
  return settings;
}

/**
 * Sets the current tenant's settings (validated by SsoSettingsBody). 422 when a role does not
 * exist or is owner (a provider's claim never makes an owner), when the break-glass account is
 * not an active owner, or when no secret was ever given; 403 when a mapped or default role
 * grants a permission the caller does not hold (the rule of invitations); 400 on the issuer when it is not https
 * or points to a private, loopback or link-local address (unless `allowPrivateIssuers`, the
 * operator's SSO_ALLOW_PRIVATE_ISSUERS).
 */
export async function saveSsoSettings(
  actor: Actor,
  { settings: s, redirectUri, address, allowPrivateIssuers, catalog }: {
    settings: SsoSettingsBody;
    redirectUri: string;
    address?: string;
    allowPrivateIssuers: boolean;
    /** Every permission of the platform (to expand the roles' grants). */
    catalog: string[];
  },
): Promise<SsoSettings> {
  const { sql, session } = actor;
  const refused = await providerAddressProblem(new URL(s.issuer), allowPrivateIssuers);
  if (refused) throw problems.validation([{ path: "issuer", message: refused }]);
  const roles = [...new Set([s.defaultRole, ...s.roleMap.map((m) => m.role)])];
  if (roles.includes("owner")) {
    throw problems.validation([{
      path: s.defaultRole === "owner" ? "defaultRole" : "roleMap",
      message: "A provider's claim cannot make an owner",
    }]);
  }
  const known = await existingRoles(sql, roles);
  const unknown = roles.filter((r) => !known.includes(r));
  if (unknown.length) throw problems.unprocessable(`Unknown role: ${unknown.join(", ")}.`);
  // A mapping hands its roles out to whoever the provider names: the same rule as an invitation
  // (admin.service.ts), nobody hands out permissions they do not hold themselves (403).
  await checkRoleChange(sql, session, catalog, roles);
  if (s.breakGlassUserId && !(await isActiveOwner(sql, s.breakGlassUserId))) {
    throw problems.unprocessable(
      "The break-glass account must be an active owner of this workspace.",
    );
  }
  const before = await findSso(sql);
  if (!s.clientSecret && !before?.secretCiphertext) {
    throw problems.validation([{ path: "clientSecret", message: "Give the client secret" }]);
  }
  const sealed = s.clientSecret ? await sealSecret(session.tenantId, s.clientSecret) : undefined;
  const { clientSecret: _secret, ...rest } = s;
  await upsertSso(sql, session.tenantId, rest, sealed);
  const after = (await findSso(sql))!;
  forgetSsoClient(session.tenantId);
  await auditIdentity({ sql }, {
    action: "sso_settings_changed",
    summary: before ? "Changed the single sign-on settings" : "Set up single sign-on",
    entityType: "tenant",
    entityId: session.tenantId,
    address,
    before: audited(before),
    after: { ...audited(after), ...(sealed ? { clientSecret: "changed" } : {}) },
  });
  return view(after, redirectUri);
}

/** Removes the current tenant's single sign-on (404 when none). */
export async function removeSsoSettings(
  { sql, session }: Actor,
  { address }: { address?: string } = {},
): Promise<void> {
  const before = await findSso(sql);
  if (!before || !(await deleteSso(sql))) throw problems.notFound("Single sign-on is not set up.");
  forgetSsoClient(session.tenantId);
  await auditIdentity({ sql }, {
    action: "sso_settings_changed",
    summary: "Removed single sign-on",
    entityType: "tenant",
    entityId: session.tenantId,
    address,
    before: audited(before),
    after: null,
  });
}
