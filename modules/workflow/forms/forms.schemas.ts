import { z } from "@hono/zod-openapi";
import { FORM_KEY } from "./forms.rules.ts";

/** A form-js schema (https://bpmn.io/toolkit/form-js): `{ components: [...] , ... }`. */
export const FormJsSchema = z.record(z.string(), z.unknown()).openapi("WorkflowFormJsSchema", {
  description: "A form-js schema: an object with a components list (checked on save)",
});

export const FormVersionSummary = z.object({
  id: z.uuid(),
  version: z.number().int(),
  name: z.string(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
}).openapi("WorkflowFormVersionSummary");
export type FormVersionSummary = z.infer<typeof FormVersionSummary>;

export const FormSummary = z.object({
  key: z.string(),
  /** The latest version. */
  id: z.uuid(),
  version: z.number().int(),
  name: z.string(),
  fieldCount: z.number().int(),
  /** Deployed process versions that pinned one of its versions. */
  usedBy: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
}).openapi("WorkflowFormSummary");
export type FormSummary = z.infer<typeof FormSummary>;

export const FormDetail = FormVersionSummary.extend({
  key: z.string(),
  schema: FormJsSchema,
  versions: z.array(FormVersionSummary),
  usedBy: z.number().int(),
}).openapi("WorkflowForm");
export type FormDetail = z.infer<typeof FormDetail>;

export const FormList = z.object({ items: z.array(FormSummary) }).openapi("WorkflowForms");

export const SaveFormInput = z.object({
  name: z.string().trim().min(1).max(200),
  schema: FormJsSchema,
}).openapi("WorkflowFormInput");
export type SaveFormInput = z.infer<typeof SaveFormInput>;

export const FormKeyParam = z.object({
  key: z.string().regex(FORM_KEY).openapi({ param: { name: "key", in: "path" } }),
});
export const FormVersionParams = FormKeyParam.extend({
  version: z.coerce.number().int().positive().openapi({ param: { name: "version", in: "path" } }),
});
