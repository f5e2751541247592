import { hasMessageKey, knownKey, type Locale } from "../../../shared/i18n/i18n.ts";
import type { Translate } from "../../../ui/context.ts";
import { formatNumber } from "../../../ui/kit.ts";
import type { ActivityEntry, HistoryLabelSpec } from "../../../platform/activity/public.ts";
import { priorityText, projectStatusText, roleText, statusName } from "../common/labels.lib.ts";

/** A translation of a key built from data, or undefined when the catalog has no such key. */
function known(t: Translate, key: string): string | undefined {
  return hasMessageKey(key) ? t(knownKey(key, "projects.otherTask")) : undefined;
}

/** Fields of the module's history that people may read; the rest (ids) stay hidden. */
const FIELD_NAMES = [
  "title",
  "name",
  "description",
  "status",
  "priority",
  "assignee",
  "startDate",
  "dueDate",
  "estimate",
  "labels",
  "parentId",
  "blockedBy",
  "archived",
  "member",
  "role",
  "statuses",
  "transitions",
  "comment",
  "files",
  "file",
] as const;
type FieldName = (typeof FIELD_NAMES)[number];
const isField = (name: string): name is FieldName =>
  (FIELD_NAMES as readonly string[]).includes(name);

/** "Yapılacak (open)", as the flow history stores a status, in the reader's words. */
function flowStatus(t: Translate, v: unknown) {
  const m = /^(.*) \((open|done)\)$/.exec(String(v));
  if (!m) return String(v);
  const category = t(m[2] === "done" ? "projects.categoryDone" : "projects.categoryOpen");
  return `${statusName(t, m[1])} (${category})`;
}

/**
 * How the Projects history reads (HistoryLabels of platform/activity): localized verbs per
 * record type, field labels, priorities and statuses as labels, task ids as their titles.
 * `taskTitle` names the tasks a history line points at (parent, blockers) when known;
 * `subjects` says what each feed line is about (feed rows carry it).
 */
export function projectsHistory(
  t: Translate,
  l: Locale,
  opts: {
    taskTitle?: (id: string) => string | undefined;
    subjects?: Map<string, { label: string; href?: string }>;
  } = {},
): HistoryLabelSpec {
  const title = (v: unknown) =>
    typeof v === "string" ? opts.taskTitle?.(v) ?? t("projects.otherTask") : "";
  return {
    action: (action, type) =>
      known(t, `projects.history.${type}.${action}`) ?? known(t, `projects.history.${action}`),
    field: (_type, name) => (isField(name) ? t(`projects.field.${name}`) : undefined),
    value: (type, field, v) => {
      if (v === null || v === undefined || v === "") return undefined;
      switch (field) {
        case "priority":
          return priorityText(t, String(v));
        case "status":
          return type === "project" ? projectStatusText(t, String(v)) : statusName(t, String(v));
        case "role":
          return roleText(t, String(v));
        case "estimate":
          return t("projects.hours", { hours: formatNumber(l, Number(v), 2) });
        case "parentId":
          return title(v);
        case "blockedBy":
          return Array.isArray(v) ? v.map(title).join(", ") : undefined;
        case "statuses":
          return Array.isArray(v) ? v.map((s) => flowStatus(t, s)).join(", ") : undefined;
        case "transitions":
          return t("projects.moveCount", { count: Number(v) });
        default:
          return undefined;
      }
    },
    subject: opts.subjects ? (entry: ActivityEntry) => opts.subjects!.get(entry.id) : undefined,
    entity: (type) => known(t, `projects.entity.${type}`),
    entityTypes: ["project", "task"],
    actions: [
      "created",
      "updated",
      "status-changed",
      "commented",
      "attached",
      "deleted",
      "member-added",
      "flow-changed",
      "archived",
    ],
  };
}
