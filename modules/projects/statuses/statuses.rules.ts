import type { ProjectAccess } from "../access/access.rules.ts";
import type { StatusRow, TransitionRow } from "./statuses.schemas.ts";
/**
 * The default statuses of a new project, and how their names read in every language.
 *
 * A new project gets three statuses named in its creator's language (tr "Yapılacak",
 * "Devam Ediyor", "Tamamlandı"; en "To do", "In progress", "Done"). A status whose name is
 * still one of those defaults — in any language, including the unaccented "Yapilacak" and
 * "Tamamlandi" that projects created before got — is shown in the reader's language, so an
 * English reader of a Turkish colleague's project sees "To do" and older projects read
 * correctly without a data migration. A renamed status is shown exactly as named.
 */
export const DEFAULT_STATUSES = [
  { key: "todo", category: "open" },
  { key: "doing", category: "open" },
  { key: "done", category: "done" },
] as const;

export type DefaultStatusKey = (typeof DEFAULT_STATUSES)[number]["key"];

/** Every spelling of each default name, lower case (old unaccented ones included). */
const KNOWN_NAMES: Record<DefaultStatusKey, string[]> = {
  todo: ["to do", "yapılacak", "yapilacak"],
  doing: ["in progress", "devam ediyor"],
  done: ["done", "tamamlandı", "tamamlandi"],
};

/** The default a status name stands for, or null for a name someone chose. */
export function defaultStatusKey(name: string): DefaultStatusKey | null {
  const n = name.trim().toLowerCase();
  for (const { key } of DEFAULT_STATUSES) {
    if (KNOWN_NAMES[key].includes(n)) return key;
  }
  return null;
}

/** The statuses a new project starts with, named by `label` (the creator's language). */
export function defaultFlow(label: (key: DefaultStatusKey) => string) {
  return DEFAULT_STATUSES.map(({ key, category }) => ({ name: label(key), category }));
}

/** One status name as the reader reads it (see the module comment). */
export function statusDisplayName(name: string, label: (key: DefaultStatusKey) => string) {
  const key = defaultStatusKey(name);
  return key ? label(key) : name;
}

/**
 * The names of one project's statuses as the reader reads them. A default name is translated
 * only when no other status of the flow stands for the same default ("Done" next to
 * "Tamamlandı" stay as they are), so two columns never read alike.
 */
export function flowDisplayNames(
  names: string[],
  label: (key: DefaultStatusKey) => string,
): string[] {
  const keys = names.map(defaultStatusKey);
  return names.map((name, i) => {
    const key = keys[i];
    if (!key || keys.filter((k) => k === key).length > 1) return name;
    const translated = label(key);
    // A custom status already named like the translation keeps the stored name.
    return names.some((other, j) => j !== i && other.toLowerCase() === translated.toLowerCase())
      ? name
      : translated;
  });
}

/** Whether the caller's project role may make a move limited to `roles` (none: anyone). */
export const mayUse = (access: ProjectAccess, roles: string[]) =>
  access.admin || !roles.length || roles.includes(access.role);

/**
 * Statuses a new task may start in: the first open one, or one the caller may move it to from
 * there (see createTask).
 */
export function creatableStatuses(
  flow: { items: StatusRow[]; transitions: TransitionRow[] },
  access: ProjectAccess,
) {
  const initial = flow.items.find((s) => s.category === "open") ?? flow.items[0];
  if (!flow.transitions.length) return flow.items;
  return flow.items.filter((s) =>
    s.id === initial?.id ||
    flow.transitions.some((t) =>
      t.fromStatusId === initial?.id && t.toStatusId === s.id && mayUse(access, t.roles)
    )
  );
}
