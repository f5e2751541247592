import { type Locale, t as translate } from "../../../shared/i18n/i18n.ts";
import type { Translate } from "../../../ui/context.ts";
import {
  type DefaultStatusKey,
  flowDisplayNames,
  statusDisplayName,
} from "../statuses/statuses.rules.ts";

export const PRIORITY_VALUES = ["dusuk", "normal", "yuksek", "kritik"] as const;
export const PROJECT_STATUS_VALUES = ["planlamada", "aktif", "tamamlandi"] as const;
export const MEMBER_ROLES = ["manager", "member", "viewer"] as const;
export type PriorityValue = (typeof PRIORITY_VALUES)[number];
export type ProjectStatusValue = (typeof PROJECT_STATUS_VALUES)[number];
export type MemberRoleValue = (typeof MEMBER_ROLES)[number];

const isOneOf = <T extends string>(values: readonly T[], v: unknown): v is T =>
  (values as readonly unknown[]).includes(v);
export const isPriority = (v: unknown): v is PriorityValue => isOneOf(PRIORITY_VALUES, v);
export const isProjectStatus = (v: unknown): v is ProjectStatusValue =>
  isOneOf(PROJECT_STATUS_VALUES, v);
export const isMemberRole = (v: unknown): v is MemberRoleValue => isOneOf(MEMBER_ROLES, v);

/** The translations of a language outside a view (pages, handlers): what a view gets from useT(). */
export const translator = (l: Locale): Translate => (key, vars) => translate(l, key, vars);

export function priorityLabel(t: Translate, p: PriorityValue) {
  return t(`projects.priority.${p}`);
}
export function projectStatusLabel(t: Translate, s: ProjectStatusValue) {
  return t(`projects.status.${s}`);
}
export function roleLabel(t: Translate, r: MemberRoleValue) {
  return t(`projects.role.${r}`);
}
/** A priority read from data (a history value, a report bucket): its label, else as it is. */
export const priorityText = (t: Translate, v: string) => isPriority(v) ? priorityLabel(t, v) : v;
/** A project status read from data: its label, else as it is. */
export const projectStatusText = (t: Translate, v: string) =>
  isProjectStatus(v) ? projectStatusLabel(t, v) : v;
/** A member role read from data: its label, else as it is. */
export const roleText = (t: Translate, v: string) => isMemberRole(v) ? roleLabel(t, v) : v;

/** The reader's word for a default status (see statuses.rules.ts). */
export const defaultStatusLabel = (t: Translate) => (key: DefaultStatusKey) =>
  t(`projects.defaultStatus.${key}`);

/** A task status name as the reader reads it (default names in their language). */
export const statusName = (t: Translate, name: string) =>
  statusDisplayName(name, defaultStatusLabel(t));

/** One project's statuses by id, named as the reader reads them (no two alike). */
export function flowNames(t: Translate, statuses: { id: string; name: string }[]) {
  const names = flowDisplayNames(statuses.map((s) => s.name), defaultStatusLabel(t));
  return new Map(statuses.map((s, i) => [s.id, names[i]]));
}
