/**
 * The identity audit trail's event kinds (activity lines of module "identity"). Pure: the
 * audit page labels each one in English and Turkish (audit.messages.ts), the filters offer
 * them, and every part of identity records one of these through `auditIdentity`.
 */
import { zoneOffset } from "../../shared/i18n/time-zone.ts";

export const IDENTITY_AUDIT_ACTIONS = [
  "sign_in",
  "sign_in_failed",
  "sign_in_2fa",
  "sign_in_2fa_failed",
  "sign_in_sso",
  "sign_in_sso_failed",
  "sign_in_passkey",
  "password_changed",
  "password_reset_requested",
  "password_reset",
  "totp_enrolled",
  "totp_removed",
  "passkey_added",
  "passkey_removed",
  "recovery_code_used",
  "recovery_codes_regenerated",
  "invitation_sent",
  "invitation_resent",
  "invitation_accepted",
  "invitation_revoked",
  "member_added",
  "member_removed",
  "member_disabled",
  "member_enabled",
  "member_renamed",
  "member_role_changed",
  "role_created",
  "role_deleted",
  "role_permissions_changed",
  "token_created",
  "token_revoked",
  "session_ended",
  "sessions_ended",
  "sso_settings_changed",
  "tenant_settings_changed",
] as const;

export type IdentityAuditAction = typeof IDENTITY_AUDIT_ACTIONS[number];

/** Whether a string is one of the known kinds (an unknown one is still shown, as "Other"). */
export function isIdentityAuditAction(a: string): a is IdentityAuditAction {
  return (IDENTITY_AUDIT_ACTIONS as readonly string[]).includes(a);
}

/** The module name identity's audit lines carry in the activity log. */
export const IDENTITY_AUDIT_MODULE = "identity";

/**
 * The instant a calendar day (`YYYY-MM-DD`) starts in a time zone, plus `days` days, as an ISO
 * string: the audit filters' "from" (inclusive) and "to" (the day after, exclusive).
 */
export function dayStartIn(day: string, timeZone: string, days = 0): string {
  const [y, m, d] = day.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d + days);
  let at = wall - zoneOffset(wall, timeZone) * 60_000;
  // Across a change of offset (daylight saving) the first guess is off by the change.
  at = wall - zoneOffset(at, timeZone) * 60_000;
  return new Date(at).toISOString();
}
