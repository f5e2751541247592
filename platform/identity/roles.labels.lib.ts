import "./roles.messages.ts";
import { type Locale, t } from "../../shared/i18n/i18n.ts";

const BUILTIN = ["owner", "admin", "agent", "member", "viewer"];

/** A translation, or undefined when the catalog has no such key. */
function known(l: Locale, key: string): string | undefined {
  const text = t(l, key);
  return text === key ? undefined : text;
}

/** A role as people read it: built-in roles by their translated name, custom ones by theirs. */
export function roleName(l: Locale, role: { key: string; name?: string; builtin?: boolean }) {
  if (BUILTIN.includes(role.key) && role.builtin !== false) return t(l, `role.${role.key}`);
  return role.name || role.key;
}

export function roleDescription(
  l: Locale,
  role: { key: string; description?: string; builtin?: boolean },
) {
  if (BUILTIN.includes(role.key) && role.builtin !== false) {
    return t(l, `role.${role.key}.description`);
  }
  return role.description ?? "";
}

/** The names of a member's role keys, in the order the tenant lists its roles. */
export function roleNames(
  l: Locale,
  keys: string[],
  roles: { key: string; name: string; builtin: boolean }[],
): string[] {
  const byKey = new Map(roles.map((r) => [r.key, r]));
  return keys.map((k) => roleName(l, byKey.get(k) ?? { key: k, name: k }));
}

/** A module (or the platform's administration) by name. */
export function moduleName(l: Locale, module: string) {
  if (module === "admin") return t(l, "nav.admin");
  return known(l, `module.${module}`) ?? module;
}

const resourceName = (l: Locale, resource: string) =>
  resource === "*"
    ? t(l, "perm.resource.any")
    : known(l, `perm.resource.${resource}`) ?? t(l, "perm.resource.other");

const actionName = (l: Locale, action: string) =>
  action === "*" ? t(l, "perm.action.any") : known(l, `perm.action.${action}`) ?? action;

/**
 * A permission or grant pattern as a phrase ("Tickets: change"), with the module it belongs to.
 * `*` is everything; `support.*` everything in Support.
 */
export function permissionLabel(l: Locale, code: string): { module: string; label: string } {
  const [module, resource, action] = code.split(".");
  if (code === "*") return { module: "*", label: t(l, "perm.all") };
  if (resource === undefined || (resource === "*" && action === undefined)) {
    return { module, label: t(l, "perm.anything", { module: moduleName(l, module) }) };
  }
  const what = resourceName(l, resource);
  return { module, label: action ? `${what}: ${actionName(l, action)}` : what };
}

/** Permissions grouped by module, in the catalog's order, labelled. */
export function permissionGroups(l: Locale, codes: string[]) {
  const groups = new Map<string, { code: string; label: string }[]>();
  for (const code of codes) {
    const { module, label } = permissionLabel(l, code);
    if (!groups.has(module)) groups.set(module, []);
    groups.get(module)!.push({ code, label });
  }
  return [...groups.entries()].map(([module, items]) => ({
    module,
    name: module === "*" ? t(l, "perm.all") : moduleName(l, module),
    items,
  }));
}
