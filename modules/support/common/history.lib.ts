import { type Locale, type MessageKey, t, textFor } from "../../../shared/i18n/i18n.ts";
import type { HistoryLabelSpec } from "../../../platform/activity/public.ts";
import { languageName } from "./language.lib.ts";

/** A translation, or undefined when the catalog has no such key. */
function known(l: Locale, key: string): string | undefined {
  return textFor(l, key);
}

/**
 * The fields of each record type that a history shows, with their labels' keys; the others
 * (ids, clocks the service keeps, sort keys) stay hidden.
 */
const FIELDS: Record<string, Record<string, MessageKey>> = {
  ticket: {
    subject: "support.field.subject",
    description: "support.field.description",
    status: "support.field.status",
    priority: "support.field.priority",
    assigneeId: "support.field.assignee",
    customerId: "support.field.customer",
    tags: "support.field.tags",
    firstResponseDue: "support.field.firstResponseDue",
    resolutionDue: "support.field.resolutionDue",
  },
  customer: {
    name: "support.field.name",
    kind: "support.field.kind",
    email: "support.field.email",
    phone: "support.field.phone",
    locale: "support.field.locale",
    companyId: "support.field.company",
    notes: "support.field.notes",
  },
  contract: {
    name: "support.field.name",
    startsOn: "support.field.startsOn",
    endsOn: "support.field.endsOn",
    reminderDays: "support.field.reminderDays",
    slaPolicyId: "support.field.slaPolicy",
    notes: "support.field.notes",
  },
};

/**
 * How Support's histories read (HistoryLabels of platform/activity): a verb per record type
 * ("opened the ticket"), field labels, statuses, priorities, kinds and languages as labels,
 * assignees by name. `names` names the linked records a change points at (a customer).
 */
export function supportHistory(
  l: Locale,
  names: ReadonlyMap<string, string> = new Map(),
): HistoryLabelSpec {
  return {
    action: (action, type) =>
      known(l, `support.history.${type}.${action}`) ?? known(l, `support.history.${action}`),
    field: (type, name) => {
      const key = FIELDS[type]?.[name];
      return key ? t(l, key) : undefined;
    },
    value: (_type, field, v) => {
      if (v === null || v === undefined || v === "") return undefined;
      switch (field) {
        case "status":
          return known(l, `support.status.${v}`) ?? `support.status.${v}`;
        case "priority":
          return known(l, `support.priority.${v}`) ?? `support.priority.${v}`;
        case "kind":
          return known(l, `support.kind.${v}`) ?? `support.kind.${v}`;
        case "locale":
          return languageName(l, String(v));
        case "customerId":
        case "companyId":
        case "slaPolicyId":
          return names.get(String(v));
        default:
          return undefined;
      }
    },
    people: ["assigneeId"],
    entity: (type) => known(l, `support.entity.${type}`),
    entityTypes: ["ticket", "customer", "contract"],
  };
}
