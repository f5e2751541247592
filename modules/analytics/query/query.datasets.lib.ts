/**
 * The built-in datasets: each an RLS view (migrations/0026_analytics_datasets.sql) whose column
 * names are the field names listed here — the compiler's whitelist. Coded values carry their
 * label keys so pages show words, never codes; `key` fields (record ids) are for joins and
 * drill-down, not shown by default.
 */
import { type MessageKey, t } from "../../../shared/i18n/i18n.ts";
import type { DatasetInfo, ResultColumn } from "./query.types.schemas.ts";
import type { queryMessages } from "./query.messages.ts";
import "./query.messages.ts";

/** The rest of each query message key that starts with P: `Suffix<"analytics.f.">` = field names. */
type Suffix<P extends string> = keyof typeof queryMessages extends infer K
  ? K extends `${P}${infer S}` ? S : never
  : never;
/** The fields, datasets and coded-value groups that have labels (analytics.f/ds/v.*). */
type FieldName = Suffix<"analytics.f.">;
type DatasetName = Suffix<"analytics.ds.">;
type ValueKey = Suffix<"analytics.v.">;
type ValueGroup = ValueKey extends `${infer G}.${string}` ? G : never;
type CodeOf<G extends ValueGroup> = Suffix<`analytics.v.${G}.`>;

type FieldType = ResultColumn["type"];
interface FieldDef {
  name: FieldName;
  type: FieldType;
  /** Coded values with their label keys (analytics.v.<group>.<code>). */
  codes?: { value: string; key: MessageKey }[];
  key?: boolean;
}
interface DatasetDef {
  name: DatasetName;
  module: string;
  fields: FieldDef[];
  changedBy: string[];
}

const f = (name: FieldName, type: FieldType = "text"): FieldDef => ({ name, type });
const key = (name: FieldName): FieldDef => ({ name, type: "text", key: true });
const coded = <G extends ValueGroup>(name: FieldName, group: G, codes: CodeOf<G>[]): FieldDef => ({
  name,
  type: "text",
  codes: codes.map((v) => ({ value: v, key: `analytics.v.${group}.${v}` as MessageKey })),
});
const PRIORITY = coded("priority", "priority", ["dusuk", "normal", "yuksek", "kritik"]);

const TICKET_EVENTS = [
  "support.ticket.created",
  "support.ticket.updated",
  "support.ticket.closed",
  "support.ticket.reopened",
  "support.sla.warning",
  "support.sla.breach",
];
const PROJECT_EVENTS = [
  "projects.project.created",
  "projects.project.status-changed",
  "projects.task.created",
  "projects.task.status-changed",
  "projects.task.assigned",
];

export const DATASETS: DatasetDef[] = [
  {
    name: "tickets",
    module: "support",
    fields: [
      key("id"),
      f("number"),
      f("subject"),
      coded("status", "ticket", ["acik", "islemde", "cozuldu", "kapandi"]),
      PRIORITY,
      coded("sla_state", "sla", ["none", "ok", "warning", "breached", "met"]),
      key("customer_id"),
      f("customer"),
      f("company"),
      f("team"),
      f("assignee"),
      f("created_at", "datetime"),
      f("first_responded_at", "datetime"),
      f("resolved_at", "datetime"),
      f("closed_at", "datetime"),
      f("resolution_due", "datetime"),
      f("resolution_hours", "number"),
    ],
    changedBy: TICKET_EVENTS,
  },
  {
    name: "customers",
    module: "support",
    fields: [
      key("id"),
      f("name"),
      coded("kind", "kind", ["person", "firm"]),
      f("email"),
      f("locale"),
      f("company"),
      f("created_at", "datetime"),
      f("contracts", "number"),
      f("open_tickets", "number"),
    ],
    changedBy: ["support.ticket.created", "support.ticket.closed", "support.ticket.reopened"],
  },
  {
    name: "contracts",
    module: "support",
    fields: [
      key("id"),
      key("customer_id"),
      f("name"),
      f("customer"),
      f("starts_on", "date"),
      f("ends_on", "date"),
      f("sla_policy"),
      f("active", "boolean"),
      f("days_left", "number"),
      f("created_at", "datetime"),
    ],
    changedBy: ["support.contract.renewal-due"],
  },
  {
    name: "documents",
    module: "documents",
    fields: [
      key("id"),
      f("name"),
      f("content_type"),
      f("extension"),
      f("size", "number"),
      f("folder"),
      f("attached_to"),
      f("version", "number"),
      f("created_by"),
      f("created_at", "datetime"),
      f("updated_at", "datetime"),
    ],
    changedBy: ["documents.file.uploaded", "documents.file.deleted", "documents.folder.created"],
  },
  {
    name: "projects",
    module: "projects",
    fields: [
      key("id"),
      f("name"),
      coded("status", "project", ["planlamada", "aktif", "tamamlandi"]),
      f("start_date", "date"),
      f("due_date", "date"),
      f("archived", "boolean"),
      f("created_at", "datetime"),
      f("tasks", "number"),
      f("open_tasks", "number"),
    ],
    changedBy: PROJECT_EVENTS,
  },
  {
    name: "project_tasks",
    module: "projects",
    fields: [
      key("id"),
      key("project_id"),
      f("project"),
      f("title"),
      f("status"),
      coded("status_category", "category", ["open", "done"]),
      PRIORITY,
      f("assignee"),
      f("start_date", "date"),
      f("due_date", "date"),
      f("estimate", "number"),
      f("done_at", "datetime"),
      f("created_at", "datetime"),
      f("overdue", "boolean"),
      f("spent_hours", "number"),
    ],
    changedBy: PROJECT_EVENTS.filter((e) => e.startsWith("projects.task.")),
  },
  {
    // Custom field values in long form: one row per task and field (per chosen option of a
    // select field); migrations/0062_projects_fields.sql.
    name: "project_task_fields",
    module: "projects",
    fields: [
      key("task_id"),
      key("project_id"),
      f("project"),
      f("task"),
      f("field"),
      f("value"),
      f("value_number", "number"),
      f("value_date", "date"),
    ],
    changedBy: PROJECT_EVENTS.filter((e) => e.startsWith("projects.task.")),
  },
  {
    name: "automation_runs",
    module: "automation",
    fields: [
      key("id"),
      f("agent"),
      coded("trigger", "trigger", [
        "cron",
        "once",
        "interval",
        "manual",
        "event",
        "webhook",
        "test",
      ]),
      coded("status", "run", [
        "queued",
        "running",
        "succeeded",
        "failed",
        "timed_out",
        "cancelled",
        "skipped",
      ]),
      f("attempt", "number"),
      f("queued_at", "datetime"),
      f("started_at", "datetime"),
      f("finished_at", "datetime"),
      f("duration_ms", "number"),
    ],
    changedBy: ["automation.run.succeeded", "automation.run.failed"],
  },
  {
    name: "workflow_instances",
    module: "workflow",
    fields: [
      key("id"),
      f("process"),
      f("business_key"),
      f("name"),
      coded("state", "instance", ["active", "suspended", "completed", "cancelled", "terminated"]),
      f("incident_count", "number"),
      f("started_by"),
      f("started_at", "datetime"),
      f("ended_at", "datetime"),
      f("duration_hours", "number"),
    ],
    changedBy: [
      "workflow.process.started",
      "workflow.process.completed",
      "workflow.process.cancelled",
      "workflow.incident.opened",
    ],
  },
  {
    name: "workflow_tasks",
    module: "workflow",
    fields: [
      key("id"),
      key("instance_id"),
      f("process"),
      f("name"),
      coded("state", "task", ["created", "claimed", "delegated", "completed", "cancelled"]),
      PRIORITY,
      f("assignee"),
      f("due_at", "datetime"),
      f("created_at", "datetime"),
      f("completed_at", "datetime"),
      f("overdue", "boolean"),
    ],
    changedBy: [
      "workflow.task.assigned",
      "workflow.task.completed",
      "workflow.process.cancelled",
    ],
  },
];

const BY_NAME = new Map<string, DatasetDef>(DATASETS.map((d) => [d.name, d]));

export const datasetDef = (name: string): DatasetDef | undefined => BY_NAME.get(name);

/** The view a dataset reads (a constant name, never built from input). */
export const viewOf = (name: string) => `analytics_ds_${name}`;

function column(locale: string, d: FieldDef): ResultColumn {
  const col: ResultColumn = {
    name: d.name,
    label: t(locale, `analytics.f.${d.name}`),
    type: d.type,
  };
  if (d.key) col.key = true;
  if (d.codes) col.values = d.codes.map((v) => ({ value: v.value, label: t(locale, v.key) }));
  return col;
}

/** The built-in datasets with their fields, in the reader's language. */
export function datasetCatalog(locale = "en"): DatasetInfo[] {
  return DATASETS.map((d) => ({
    name: d.name,
    label: t(locale, `analytics.ds.${d.name}`),
    module: d.module,
    fields: d.fields.map((x) => column(locale, x)),
    changedBy: [...d.changedBy],
  }));
}
