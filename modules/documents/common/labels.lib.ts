import { type Locale, t } from "../../../shared/i18n/i18n.ts";

/** A role (a group for sharing) by its label: built-in roles translated, custom ones by name. */
export function roleLabel(l: Locale, role: { key: string; name: string; builtin: boolean }) {
  const key = `role.${role.key}`;
  const text = role.builtin ? t(l, key) : role.name;
  return text === key ? role.name || role.key : text;
}
