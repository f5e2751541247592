import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { formatNumber } from "../../../ui/kit.ts";
import type { ActivityEntry, HistoryLabelSpec } from "../../../platform/activity/public.ts";
import { priorityLabel, projectStatusLabel, statusName } from "../common/labels.lib.ts";

/** A translation, or undefined when the catalog has no such key. */
function known(l: Locale, key: string): string | undefined {
  const text = t(l, key);
  return text === key ? undefined : text;
}

/** Fields of the module's history that people may read; the rest (ids) stay hidden. */
const FIELDS = new Set([
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
]);

/** "Yapılacak (open)", as the flow history stores a status, in the reader's words. */
function flowStatus(l: Locale, v: unknown) {
  const m = /^(.*) \((open|done)\)$/.exec(String(v));
  if (!m) return String(v);
  const category = t(l, m[2] === "done" ? "projects.categoryDone" : "projects.categoryOpen");
  return `${statusName(l, m[1])} (${category})`;
}

/**
 * How the Projects history reads (HistoryLabels of platform/activity): localized verbs per
 * record type, field labels, priorities and statuses as labels, task ids as their titles.
 * `taskTitle` names the tasks a history line points at (parent, blockers) when known;
 * `subjects` says what each feed line is about (feed rows carry it).
 */
export function projectsHistory(
  l: Locale,
  opts: {
    taskTitle?: (id: string) => string | undefined;
    subjects?: Map<string, { label: string; href?: string }>;
  } = {},
): HistoryLabelSpec {
  const title = (v: unknown) =>
    typeof v === "string" ? opts.taskTitle?.(v) ?? t(l, "projects.otherTask") : "";
  return {
    action: (action, type) =>
      known(l, `projects.history.${type}.${action}`) ?? known(l, `projects.history.${action}`),
    field: (_type, name) => (FIELDS.has(name) ? t(l, `projects.field.${name}`) : undefined),
    value: (type, field, v) => {
      if (v === null || v === undefined || v === "") return undefined;
      switch (field) {
        case "priority":
          return priorityLabel(l, String(v));
        case "status":
          return type === "project" ? projectStatusLabel(l, String(v)) : statusName(l, String(v));
        case "role":
          return t(l, `projects.role.${v}`);
        case "estimate":
          return t(l, "projects.hours", { hours: formatNumber(l, Number(v), 2) });
        case "parentId":
          return title(v);
        case "blockedBy":
          return Array.isArray(v) ? v.map(title).join(", ") : undefined;
        case "statuses":
          return Array.isArray(v) ? v.map((s) => flowStatus(l, s)).join(", ") : undefined;
        case "transitions":
          return t(l, "projects.moveCount", { count: Number(v) });
        default:
          return undefined;
      }
    },
    subject: opts.subjects ? (entry: ActivityEntry) => opts.subjects!.get(entry.id) : undefined,
    entity: (type) => known(l, `projects.entity.${type}`),
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
