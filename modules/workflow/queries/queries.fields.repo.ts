/**
 * The fields a query may name, per source: the whitelist the compiler checks every filter,
 * sort, group and aggregate against. Each field's SQL is written here from constant text; a
 * record field's name goes in only as a literal after it matched the model's field list.
 */
import { type RawBuilder, sql } from "kysely";
import { textFor } from "../../../shared/i18n/i18n.ts";
import type { FieldType, ModelField, QuerySource } from "./queries.types.lib.ts";

export type { FieldType, ModelField, ResultColumn } from "./queries.types.lib.ts";
import "./queries.messages.ts";

export interface FieldSpec {
  name: string;
  label: string;
  type: FieldType;
  expr: RawBuilder<unknown>;
  /** enum fields: value → label. */
  values?: { value: string; label: string }[];
}

export interface SourceTables {
  /** `from` table with alias, and the joins the fields need (constant SQL). */
  from: string;
  joins: { table: string; on: [string, string][]; left?: boolean }[];
  /** Stable tie-breaker for ordering (a unique column). */
  idColumn: string;
  /** Default order when the definition gives none. */
  defaultOrder: string;
}

export const SOURCES: Record<QuerySource, SourceTables> = {
  records: {
    from: "workflow_data_records as r",
    joins: [],
    idColumn: "r.id",
    defaultOrder: "r.updated_at",
  },
  instances: {
    from: "workflow_instances as i",
    joins: [{
      table: "workflow_definitions as d",
      on: [["d.tenant_id", "i.tenant_id"], ["d.id", "i.definition_id"]],
    }],
    idColumn: "i.id",
    defaultOrder: "i.started_at",
  },
  tasks: {
    from: "workflow_tasks as k",
    joins: [{
      table: "workflow_definitions as d",
      on: [["d.tenant_id", "k.tenant_id"], ["d.id", "k.definition_id"]],
      left: true,
    }],
    idColumn: "k.id",
    defaultOrder: "k.created_at",
  },
  history: {
    from: "workflow_history as h",
    joins: [
      {
        table: "workflow_instances as i",
        on: [["i.tenant_id", "h.tenant_id"], ["i.id", "h.instance_id"]],
      },
      {
        table: "workflow_definitions as d",
        on: [["d.tenant_id", "i.tenant_id"], ["d.id", "i.definition_id"]],
      },
    ],
    idColumn: "h.id",
    defaultOrder: "h.at",
  },
};

const ref = (column: string) => sql.ref(column);
const asText = (column: string) => sql`${sql.ref(column)}::text`;
const hours = (from: string, to: string) =>
  sql`round((extract(epoch from (coalesce(${ref(to)}, now()) - ${ref(from)})) / 3600)::numeric, 2)`;

const INSTANCE_STATES = ["active", "suspended", "completed", "cancelled", "terminated"];
const TASK_STATES = ["created", "claimed", "delegated", "completed", "cancelled"];
const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"];

type Fixed = [name: string, type: FieldType, expr: RawBuilder<unknown>, values?: string[]];

const definitionFields: Fixed[] = [
  ["definitionName", "text", ref("d.name")],
  ["definitionKey", "text", ref("d.key")],
];

const FIXED: Record<Exclude<QuerySource, "records">, Fixed[]> = {
  instances: [
    ["name", "text", ref("i.name")],
    ...definitionFields,
    ["businessKey", "text", ref("i.business_key")],
    ["state", "enum", ref("i.state"), INSTANCE_STATES],
    ["startedAt", "datetime", ref("i.started_at")],
    ["endedAt", "datetime", ref("i.ended_at")],
    ["durationHours", "number", hours("i.started_at", "i.ended_at")],
    ["startedBy", "user", asText("i.started_by")],
    ["incidents", "number", ref("i.incident_count")],
  ],
  tasks: [
    ["name", "text", ref("k.name")],
    ...definitionFields,
    ["assignee", "user", asText("k.assignee")],
    ["state", "enum", ref("k.state"), TASK_STATES],
    ["priority", "enum", ref("k.priority"), PRIORITIES],
    ["createdAt", "datetime", ref("k.created_at")],
    ["dueAt", "datetime", ref("k.due_at")],
    ["completedAt", "datetime", ref("k.completed_at")],
    ["completedBy", "user", asText("k.completed_by")],
    ["durationHours", "number", hours("k.created_at", "k.completed_at")],
  ],
  history: [
    ["event", "text", ref("h.event")],
    ["elementId", "text", ref("h.element_id")],
    ["elementType", "text", ref("h.element_type")],
    ["actor", "user", asText("h.actor")],
    ["at", "datetime", ref("h.at")],
    ["instanceName", "text", ref("i.name")],
    ["businessKey", "text", ref("i.business_key")],
    ...definitionFields,
  ],
};

/**
 * A record field's SQL: the JSON value read by its (whitelisted) name, cast by type. Values of
 * the wrong JSON shape read as null instead of failing the whole query.
 */
function recordExpr(f: ModelField): { type: FieldType; expr: RawBuilder<unknown> } {
  const key = sql.lit(f.name);
  const text = sql`(r.data ->> ${key})`;
  const isA = (json: string) => sql`jsonb_typeof(r.data -> ${key}) = ${sql.lit(json)}`;
  switch (f.type) {
    case "number":
      return { type: "number", expr: sql`(case when ${isA("number")} then ${text}::numeric end)` };
    case "boolean":
      return {
        type: "boolean",
        expr: sql`(case when ${isA("boolean")} then ${text}::boolean end)`,
      };
    case "date":
      return {
        type: "date",
        expr: sql`(case when ${text} ~ ${
          sql.lit("^\\d{4}-\\d{2}-\\d{2}$")
        } then ${text}::date end)`,
      };
    case "datetime":
      return {
        type: "datetime",
        expr: sql`(case when ${text} ~ ${
          sql.lit("^\\d{4}-\\d{2}-\\d{2}[T ]")
        } then ${text}::timestamptz end)`,
      };
    case "enum":
      return { type: "enum", expr: text };
    case "user":
      return { type: "user", expr: text };
    default:
      return { type: "text", expr: text };
  }
}

/** The field's text (queries.messages.ts); the key itself when none. */
const text = (locale: string, key: string) => textFor(locale, key) ?? key;
const label = (locale: string, source: QuerySource, name: string) =>
  text(locale, `workflow.queries.field.${source}.${name}`);

/** The whitelist of one source (for records: the model's fields plus the record's own). */
export function fieldsFor(
  source: QuerySource,
  modelFields: ModelField[],
  locale = "en",
): Map<string, FieldSpec> {
  const out = new Map<string, FieldSpec>();
  if (source === "records") {
    for (const f of modelFields) {
      out.set(f.name, { name: f.name, label: f.label, ...recordExpr(f), values: f.values });
    }
    const own: Fixed[] = [
      ["createdAt", "datetime", ref("r.created_at")],
      ["updatedAt", "datetime", ref("r.updated_at")],
      ["createdBy", "user", asText("r.created_by")],
      ["id", "text", asText("r.id")],
    ];
    for (const [name, type, expr] of own) {
      // A model field of the same name wins: people named it.
      if (!out.has(name)) out.set(name, { name, type, expr, label: label(locale, source, name) });
    }
    return out;
  }
  for (const [name, type, expr, values] of FIXED[source]) {
    out.set(name, {
      name,
      type,
      expr,
      label: label(locale, source, name),
      values: values?.map((v) => ({
        value: v,
        label: text(locale, `workflow.queries.state.${v}`),
      })),
    });
  }
  return out;
}

/** Fields shown when a definition names no columns. */
export function defaultColumns(source: QuerySource, fields: Map<string, FieldSpec>): string[] {
  if (source !== "records") return [...fields.keys()].slice(0, 6);
  return [...fields.keys()].filter((n) => n !== "id").slice(0, 8);
}
