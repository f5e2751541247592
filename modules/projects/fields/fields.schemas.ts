import { z } from "@hono/zod-openapi";
import { FIELD_TYPES, MAX_OPTIONS_PER_FIELD, NUMBER_LIMIT, OPTION_COLORS } from "./fields.rules.ts";

export const FieldType = z.enum(FIELD_TYPES).openapi("CustomFieldType");
export const OptionColor = z.enum(OPTION_COLORS).openapi("CustomFieldOptionColor");

export const FieldOptionSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  color: OptionColor,
}).openapi("CustomFieldOption");

export const FieldSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  type: FieldType,
  required: z.boolean(),
  description: z.string(),
  position: z.number().int(),
  min: z.number().nullable().openapi({ description: "Number fields: the smallest value" }),
  max: z.number().nullable().openapi({ description: "Number fields: the largest value" }),
  options: z.array(FieldOptionSchema).openapi({ description: "Select fields: the choices" }),
}).openapi("CustomField");

export const FieldList = z.object({ items: z.array(FieldSchema) }).openapi("CustomFieldList");

const name = z.string().trim().min(1).max(60);
const label = z.string().trim().min(1).max(60);
const bound = z.number().min(-NUMBER_LIMIT).max(NUMBER_LIMIT).nullable();

export const CreateFieldBody = z.object({
  name,
  type: FieldType,
  required: z.boolean().default(false),
  description: z.string().trim().max(500).default(""),
  min: bound.default(null),
  max: bound.default(null),
  options: z.array(z.object({ label, color: OptionColor.default("gray") }))
    .max(MAX_OPTIONS_PER_FIELD).default([]).openapi({
      description: "Select and multi-select fields: the choices, in order",
    }),
}).openapi("CreateCustomField");

export const UpdateFieldBody = z.object({
  name,
  required: z.boolean(),
  description: z.string().trim().max(500),
  min: bound,
  max: bound,
  options: z.array(z.object({
    id: z.uuid().optional().openapi({
      description: "Keep (or rename) an option; omit for a new one",
    }),
    label,
    color: OptionColor.default("gray"),
  })).max(MAX_OPTIONS_PER_FIELD).openapi({
    description: "The whole option list in order. Renaming keeps the tasks' values; an option " +
      "left out that tasks still use is refused unless clearRemovedOptions is true",
  }),
  clearRemovedOptions: z.boolean().default(false).openapi({
    description: "Remove left-out options from the tasks that use them",
  }),
}).partial().openapi("UpdateCustomField");

export const ReorderFieldsBody = z.object({
  ids: z.array(z.uuid()).min(1).max(200).openapi({ description: "Every field id, in order" }),
}).openapi("ReorderCustomFields");

export const FieldParams = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  fieldId: z.uuid().openapi({ param: { name: "fieldId", in: "path" } }),
});

/** Values on a task, keyed by field id. */
export const CustomFieldValues = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.array(z.string())]),
).openapi("CustomFieldValues", {
  description: "Keyed by field id: text, url, date (YYYY-MM-DD), person (user id) and select " +
    "(option id) as strings, number as a number, multi-select as a list of option ids",
});

/** What tasks take on create and update: null (or "") clears a value. */
export const CustomFieldInput = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.array(z.string()), z.null()]),
).openapi("CustomFieldInput", {
  description: "Keyed by field id; each value checked against its field's type (422 naming " +
    "the field); null clears",
});

export const BreakdownQuery = z.object({
  projectId: z.uuid(),
  fieldId: z.uuid().openapi({ description: "A select, multi-select or person field" }),
});

export const FieldBreakdown = z.object({
  field: FieldSchema,
  items: z.array(z.object({
    key: z.string().nullable().openapi({ description: "Option or user id; null: no value" }),
    label: z.string(),
    color: z.string().nullable(),
    count: z.number().int(),
    open: z.number().int(),
  })),
}).openapi("CustomFieldBreakdown");

export type FieldBody = z.infer<typeof CreateFieldBody>;
export type FieldPatch = z.infer<typeof UpdateFieldBody>;
