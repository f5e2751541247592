import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import {
  type DefaultStatusKey,
  flowDisplayNames,
  statusDisplayName,
} from "../statuses/statuses.rules.ts";

export const PRIORITY_VALUES = ["dusuk", "normal", "yuksek", "kritik"] as const;
export const PROJECT_STATUS_VALUES = ["planlamada", "aktif", "tamamlandi"] as const;

export function priorityLabel(l: Locale, p: string) {
  return t(l, `projects.priority.${p}`);
}
export function projectStatusLabel(l: Locale, s: string) {
  return t(l, `projects.status.${s}`);
}

/** The reader's word for a default status (see statuses.rules.ts). */
export const defaultStatusLabel = (l: Locale) => (key: DefaultStatusKey) =>
  t(l, `projects.defaultStatus.${key}`);

/** A task status name as the reader reads it (default names in their language). */
export const statusName = (l: Locale, name: string) =>
  statusDisplayName(name, defaultStatusLabel(l));

/** One project's statuses by id, named as the reader reads them (no two alike). */
export function flowNames(l: Locale, statuses: { id: string; name: string }[]) {
  const names = flowDisplayNames(statuses.map((s) => s.name), defaultStatusLabel(l));
  return new Map(statuses.map((s, i) => [s.id, names[i]]));
}
