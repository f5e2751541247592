import "./audit.messages.ts";
import { knownKey, type Locale } from "../../shared/i18n/i18n.ts";
import type { Translate } from "../../ui/context.ts";
import { formatDateTime } from "../../ui/format.ts";
import { permissionLabel, roleName } from "./roles.labels.lib.ts";
import { isIdentityAuditAction } from "./audit.rules.ts";

/**
 * How an identity audit line reads, on the page and in the CSV: the event by its name, each
 * changed field by its label with its values as people read them (roles and permissions by
 * name, languages by name, yes/no), never codes or ids.
 */

/** The fields an identity line's before/after may carry that the trail shows, in this order. */
const FIELDS = [
  "email",
  "name",
  "workspace",
  "reason",
  "method",
  "device",
  "roles",
  "status",
  "permissions",
  "description",
  "locale",
  "timeZone",
  "accentColor",
  "logo",
  "twoFactorPolicy",
  "scopes",
  "expiresAt",
  "password",
] as const;

export interface AuditLine {
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export interface AuditReader {
  t: Translate;
  locale: Locale;
  timeZone: string;
  /** A role key by its name (custom roles of the workspace); built-in roles are translated. */
  roles?: { key: string; name: string; builtin: boolean }[];
}

/** The event's name ("Signed in"); an unknown kind reads "Other account event". */
export function auditActionLabel(t: Translate, action: string): string {
  return isIdentityAuditAction(action)
    ? t(knownKey(`audit.action.${action}`, "audit.action.other"))
    : t("audit.action.other");
}

/** The label of a field, or undefined when the trail does not show it. */
function fieldLabel(t: Translate, field: string): string | undefined {
  if (!(FIELDS as readonly string[]).includes(field)) return undefined;
  return t(knownKey(`audit.field.${field}`, "audit.details"));
}

function known(t: Translate, key: string): string | undefined {
  const found = knownKey(key, "audit.empty");
  return found === key ? t(found) : undefined;
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

/** One value as people read it. */
export function auditValue(r: AuditReader, field: string, value: unknown): string {
  const { t } = r;
  if (value === null || value === undefined || value === "") return t("audit.empty");
  if (Array.isArray(value)) {
    if (value.length === 0) return t("audit.empty");
    return value.map((v) => auditValue(r, field, v)).join(", ");
  }
  if (typeof value === "boolean") {
    if (field === "logo") return value ? t("audit.logo.set") : t("audit.empty");
    return value ? t("audit.yes") : t("audit.no");
  }
  const s = String(value);
  switch (field) {
    case "roles": {
      const role = r.roles?.find((x) => x.key === s);
      return roleName(t, role ?? { key: s, name: s });
    }
    case "permissions":
    case "scopes": {
      const { module, label } = permissionLabel(t, s);
      return module === "*" || module === s ? label : `${label}`;
    }
    case "status":
      return known(t, `audit.status.${s}`) ?? s;
    case "reason":
      return known(t, `audit.reason.${s}`) ?? s;
    case "locale":
      return known(t, `audit.language.${s}`) ?? s;
    case "logo":
      return value === "new" ? t("audit.logo.new") : s;
    case "password":
      return t("audit.password.changed");
    case "expiresAt":
      return ISO.test(s) ? formatDateTime(r.locale, s, r.timeZone) : s;
  }
  return s.length > 200 ? s.slice(0, 199) + "…" : s;
}

/**
 * The line's details: each shown field that differs between before and after, as
 * "Field: before → after" (or "Field: value" when there is only an after).
 */
export function auditDetails(r: AuditReader, line: AuditLine): string[] {
  const before = line.before ?? null;
  const after = line.after ?? null;
  const keys = FIELDS.filter((f) =>
    (before && Object.hasOwn(before, f)) || (after && Object.hasOwn(after, f))
  );
  const out: string[] = [];
  for (const key of keys) {
    const field = fieldLabel(r.t, key)!;
    const from = before?.[key];
    const to = after?.[key];
    if (before && after && JSON.stringify(from ?? null) === JSON.stringify(to ?? null)) {
      // Unchanged: shown only as the record's name (what the line is about).
      if (key === "email" || key === "name") {
        out.push(r.t("audit.set", { field, to: auditValue(r, key, to) }));
      }
      continue;
    }
    if (!before || !Object.hasOwn(before, key)) {
      out.push(r.t("audit.set", { field, to: auditValue(r, key, to) }));
    } else if (!after || !Object.hasOwn(after, key)) {
      out.push(r.t("audit.set", { field, to: auditValue(r, key, from) }));
    } else {
      out.push(r.t("audit.change", {
        field,
        from: auditValue(r, key, from),
        to: auditValue(r, key, to),
      }));
    }
  }
  return out;
}

/** The person who acted: name and e-mail, or "The platform". */
export function auditPerson(
  t: Translate,
  e: { actorName: string | null; actorEmail: string | null },
): string {
  if (!e.actorName && !e.actorEmail) return t("audit.platform");
  if (e.actorName && e.actorEmail) return `${e.actorName} <${e.actorEmail}>`;
  return (e.actorName ?? e.actorEmail)!;
}
