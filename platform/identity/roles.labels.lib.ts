import "./roles.messages.ts";
import { knownKey } from "../../shared/i18n/i18n.ts";
import type { Translate } from "../../ui/context.ts";

const BUILTIN = ["owner", "admin", "agent", "member", "viewer"] as const;
type BuiltinRole = (typeof BUILTIN)[number];

const isBuiltin = (role: { key: string; builtin?: boolean }): role is { key: BuiltinRole } =>
  (BUILTIN as readonly string[]).includes(role.key) && role.builtin !== false;

/** A translation, or undefined when the catalog has no such key. */
function known(t: Translate, key: string): string | undefined {
  const found = knownKey(key, "perm.resource.other");
  return found === key ? t(found) : undefined;
}

/** A role as people read it: built-in roles by their translated name, custom ones by theirs. */
export function roleName(t: Translate, role: { key: string; name?: string; builtin?: boolean }) {
  if (isBuiltin(role)) return t(`role.${role.key}`);
  return role.name || role.key;
}

export function roleDescription(
  t: Translate,
  role: { key: string; description?: string; builtin?: boolean },
) {
  if (isBuiltin(role)) return t(`role.${role.key}.description`);
  return role.description ?? "";
}

/** The names of a member's role keys, in the order the tenant lists its roles. */
export function roleNames(
  t: Translate,
  keys: string[],
  roles: { key: string; name: string; builtin: boolean }[],
): string[] {
  const byKey = new Map(roles.map((r) => [r.key, r]));
  return keys.map((k) => roleName(t, byKey.get(k) ?? { key: k, name: k }));
}

/** A module (or the platform's administration) by name. */
export function moduleName(t: Translate, module: string) {
  if (module === "admin") return t("nav.admin");
  return known(t, `module.${module}`) ?? module;
}

const resourceName = (t: Translate, resource: string) =>
  resource === "*"
    ? t("perm.resource.any")
    : known(t, `perm.resource.${resource}`) ?? t("perm.resource.other");

const actionName = (t: Translate, action: string) =>
  action === "*" ? t("perm.action.any") : known(t, `perm.action.${action}`) ?? action;

/**
 * A permission or grant pattern as a phrase ("Tickets: change"), with the module it belongs to.
 * `*` is everything; `support.*` everything in Support.
 */
export function permissionLabel(t: Translate, code: string): { module: string; label: string } {
  const [module, resource, action] = code.split(".");
  if (code === "*") return { module: "*", label: t("perm.all") };
  if (resource === undefined || (resource === "*" && action === undefined)) {
    return { module, label: t("perm.anything", { module: moduleName(t, module) }) };
  }
  const what = resourceName(t, resource);
  return { module, label: action ? `${what}: ${actionName(t, action)}` : what };
}

/** Permissions grouped by module, in the catalog's order, labelled. */
export function permissionGroups(t: Translate, codes: string[]) {
  const groups = new Map<string, { code: string; label: string }[]>();
  for (const code of codes) {
    const { module, label } = permissionLabel(t, code);
    if (!groups.has(module)) groups.set(module, []);
    groups.get(module)!.push({ code, label });
  }
  return [...groups.entries()].map(([module, items]) => ({
    module,
    name: module === "*" ? t("perm.all") : moduleName(t, module),
    items,
  }));
}
