import "./activity.messages.ts";
import { type Locale, t, textFor } from "../../shared/i18n/i18n.ts";
import { formatDate, formatDateTime, formatNumber } from "../../ui/format.ts";
import type { ActivityEntry } from "./activity.schemas.ts";

const isUuid = (v: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/**
 * How a history speaks to people: every verb, field and value through a label, never a code.
 * Modules pass theirs to EntityHistory / ActivityPage / entityHistory / activityRoutes; build
 * one with historyLabels(), which fills what a module leaves out with the generic defaults.
 */
export interface HistoryLabels {
  /** Localized verb for an activity action ("created", "updated", "commented", ...). */
  action(action: string, entityType: string): string;
  /** Localized label of a changed field; undefined hides the field (never shown raw). */
  field(entityType: string, name: string): string | undefined;
  /** A value as people read it: an enum label, a formatted date, a yes/no; strings as is. */
  value(entityType: string, field: string, value: unknown): string;
  /** Fields whose values are member ids: the activity feature resolves them to names. */
  people?: string[];
  /**
   * What a line is about, on logs that span many records ("Ticket T-2026-00012"), with a link
   * to it when there is a page. Default: the record's name, title, subject or number.
   */
  subject?(entry: ActivityEntry): { label: string; href?: string } | undefined;
  /** Localized name of a record type, for the activity page's filter ("Ticket"). */
  entity?(entityType: string): string | undefined;
  /** Record types the activity page offers as a filter (labelled by `entity`). */
  entityTypes?: string[];
  /** Actions the activity page offers as a filter; default: the generic verbs. */
  actions?: string[];
}

/** What a module may give historyLabels(): any part; `undefined` answers fall back. */
export interface HistoryLabelSpec {
  action?: (action: string, entityType: string) => string | undefined;
  field?: (entityType: string, name: string) => string | undefined;
  value?: (entityType: string, field: string, value: unknown) => string | undefined;
  people?: string[];
  subject?: HistoryLabels["subject"];
  entity?: (entityType: string) => string | undefined;
  entityTypes?: string[];
  actions?: string[];
}

/** The reader a history is written for: language and the tenant's time zone. */
export interface HistoryReader {
  locale: Locale;
  timeZone?: string;
}

/** The verbs every module shares (activity.action.*). */
export const GENERIC_ACTIONS = [
  "created",
  "updated",
  "deleted",
  "restored",
  "moved",
  "renamed",
  "shared",
  "commented",
  "assigned",
  "closed",
  "reopened",
  "mailed",
];

/** Fields whose plain text values mean the same in every module. */
const GENERIC_FIELDS = ["name", "title", "subject", "description"];

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;
const DAY = /^\d{4}-\d\d-\d\d$/;
const MAX_TEXT = 200;

/**
 * The generic reading of a value: empty is "", yes/no, numbers with grouping, times and days
 * in the reader's zone, long texts cut, ids and structures described rather than dumped.
 */
export function plainValue(r: HistoryReader, value: unknown): string {
  const l = r.locale;
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return t(l, value ? "activity.value.yes" : "activity.value.no");
  if (typeof value === "number") return formatNumber(l, value, 2);
  if (typeof value === "string") {
    if (TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) {
      return formatDateTime(l, value, r.timeZone ?? "UTC");
    }
    if (DAY.test(value)) return formatDate(l, value);
    if (isUuid(value)) return t(l, "activity.value.record");
    return value.length > MAX_TEXT ? value.slice(0, MAX_TEXT - 1) + "…" : value;
  }
  if (Array.isArray(value)) {
    return value.map((v) => plainValue(r, v)).filter(Boolean).join(", ");
  }
  return t(l, "activity.value.details");
}

/** What people recognise a record by, from its stored version (never its id). */
function recordName(entry: ActivityEntry): string | undefined {
  for (const side of [entry.after, entry.before]) {
    if (!side) continue;
    for (const k of ["number", "title", "subject", "name"]) {
      const v = side[k];
      if (typeof v === "string" && v.trim() && !isUuid(v)) return v.trim();
    }
  }
  return undefined;
}

/**
 * Labels for a history: the module's own answers first, then the generic ones (verbs of
 * activity.action.*, a few plain fields, formatted values). Unknown verbs read "made a change",
 * unlabelled fields stay hidden.
 *
 * Usage:
 * ```ts
 * const labels = historyLabels({ locale: c.var.locale, timeZone: c.var.timeZone }, {
 *   action: (a) => t(l, `support.history.${a}`),
 *   field: (_type, f) => FIELDS.includes(f) ? t(l, `support.field.${f}`) : undefined,
 *   value: (_type, f, v) => f === "status" ? t(l, `support.status.${v}`) : undefined,
 *   people: ["assigneeId"],
 * });
 * ```
 */
export function historyLabels(r: HistoryReader, spec: HistoryLabelSpec = {}): HistoryLabels {
  const l = r.locale;
  return {
    action: (action, entityType) =>
      spec.action?.(action, entityType) ?? textFor(l, `activity.action.${action}`) ??
        t(l, "activity.action.other"),
    field: (entityType, name) =>
      spec.field?.(entityType, name) ??
        (GENERIC_FIELDS.includes(name) ? textFor(l, `activity.field.${name}`) : undefined),
    value: (entityType, field, value) =>
      spec.value?.(entityType, field, value) ?? plainValue(r, value),
    people: spec.people ?? [],
    subject: (entry) => {
      if (spec.subject) return spec.subject(entry);
      const name = recordName(entry);
      const kind = spec.entity?.(entry.entityType);
      const label = [kind, name].filter(Boolean).join(" ");
      return label ? { label } : undefined;
    },
    entity: (entityType) => spec.entity?.(entityType),
    entityTypes: spec.entityTypes ?? [],
    actions: spec.actions ?? GENERIC_ACTIONS,
  };
}

/** The generic labels, for histories whose module gives none. */
export const defaultHistoryLabels = (r: HistoryReader) => historyLabels(r);
