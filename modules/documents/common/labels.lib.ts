import { knownKey } from "../../../shared/i18n/i18n.ts";
import type { Translate } from "../../../ui/context.ts";

/** A role (a group for sharing) by its label: built-in roles translated, custom ones by name. */
export function roleLabel(t: Translate, role: { key: string; name: string; builtin: boolean }) {
  if (!role.builtin) return role.name;
  const key = `role.${role.key}`;
  const known = knownKey(key, "ui.none");
  return known === key ? t(known) : role.name || role.key;
}
