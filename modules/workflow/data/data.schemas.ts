import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";

export const FIELD_TYPES = [
  "text",
  "number",
  "boolean",
  "date",
  "datetime",
  "enum",
  "reference",
  "user",
] as const;
export type FieldType = typeof FIELD_TYPES[number];

/** A model key as processes, forms and queries name it (the migration checks the same). */
export const MODEL_KEY = /^[a-z][a-z0-9_]{0,62}$/;
/** Identifier-like, so FEEL and scripts read a record's value as `record.<name>`. */
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

export const EnumValue = z.object({
  value: z.string().trim().min(1).max(100),
  label: z.string().trim().min(1).max(200),
});

export const FieldDef = z.object({
  name: z.string().regex(FIELD_NAME, "Letters, digits and _, starting with a letter"),
  label: z.string().trim().min(1).max(200),
  type: z.enum(FIELD_TYPES),
  required: z.boolean().default(false),
  /** enum: the allowed values with their labels. */
  values: z.array(EnumValue).max(200).optional(),
  /** reference: the key of the referenced model (may be this model itself). */
  model: z.string().regex(MODEL_KEY).optional(),
}).openapi("WorkflowDataField");
export type FieldDef = z.infer<typeof FieldDef>;

export const ModelSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  fields: z.array(FieldDef),
  titleField: z.string().nullable(),
  recordCount: z.number().int(),
  updatedBy: z.uuid().nullable(),
  updatedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("WorkflowDataModel");
export type Model = z.infer<typeof ModelSchema>;

export const ModelCreate = z.object({
  key: z.string().regex(MODEL_KEY, "Lower-case letters, digits and _, starting with a letter"),
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(""),
  fields: z.array(FieldDef).max(100).default([]),
  /** The field shown when a record is referenced; default: the first text field. */
  titleField: z.string().nullable().optional(),
}).openapi("WorkflowDataModelCreate");
export type ModelCreate = z.infer<typeof ModelCreate>;

export const ModelUpdate = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().max(2000).optional(),
  /** The complete new field list (replaces the old one). */
  fields: z.array(FieldDef).max(100).optional(),
  titleField: z.string().nullable().optional(),
  /**
   * Removing a field that records hold values for is refused (409) unless `force` is true;
   * forced, the values are removed from every record of the model.
   */
  force: z.boolean().default(false),
}).openapi("WorkflowDataModelUpdate");
export type ModelUpdate = z.infer<typeof ModelUpdate>;

export const ModelList = z.object({ items: z.array(ModelSchema) }).openapi("WorkflowDataModels");

export const KeyParam = z.object({
  key: z.string().max(100).openapi({ param: { name: "key", in: "path" } }),
});
export const RecordParams = KeyParam.extend({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});

const Json = z.unknown().openapi({ description: "Any JSON value" });

export const RecordSchema = z.object({
  id: z.uuid(),
  model: z.string().openapi({ description: "The model's key" }),
  data: z.record(z.string(), Json),
  /** The record's title (its title field's value), for references and lists. */
  title: z.string(),
  /** What people see for user and reference fields: their names and titles by field. */
  display: z.record(z.string(), z.string()),
  version: z.number().int(),
  instanceId: z.uuid().nullable(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedBy: z.uuid().nullable(),
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
}).openapi("WorkflowDataRecord");
export type DataRecord = z.infer<typeof RecordSchema>;

export const RecordCreate = z.object({
  data: z.record(z.string(), Json),
}).openapi("WorkflowDataRecordCreate");

export const RecordUpdate = z.object({
  /** The version read; a newer stored version answers 409. */
  version: z.number().int().min(1),
  /** The fields to change; null clears a field; fields left out keep their values. */
  data: z.record(z.string(), Json),
}).openapi("WorkflowDataRecordUpdate");

export const RecordQuery = PageQuery.extend({
  q: z.string().max(200).optional().openapi({
    param: { name: "q", in: "query" },
    description: "Search in every value (Turkish-aware, case and accent blind)",
  }),
  field: z.string().max(63).optional().openapi({
    param: { name: "field", in: "query" },
    description: "Only records whose field of this name equals `value`",
  }),
  value: z.string().max(500).optional().openapi({ param: { name: "value", in: "query" } }),
});
export type RecordQuery = z.infer<typeof RecordQuery>;

export const RecordPage = z.object({
  items: z.array(RecordSchema),
  nextCursor: z.string().nullable(),
}).openapi("WorkflowDataRecordPage");

export const HistoryEntry = z.object({
  id: z.uuid(),
  version: z.number().int(),
  action: z.enum(["created", "updated", "deleted"]),
  before: z.record(z.string(), Json).nullable(),
  after: z.record(z.string(), Json).nullable(),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  /** The process instance that wrote it, when a process did. */
  instanceId: z.uuid().nullable(),
  at: z.string(),
}).openapi("WorkflowDataRecordHistory");
export type HistoryEntry = z.infer<typeof HistoryEntry>;
export const HistoryList = z.object({ items: z.array(HistoryEntry) }).openapi(
  "WorkflowDataRecordHistoryList",
);
