import { z } from "@hono/zod-openapi";

export const GLOBAL_TYPES = ["text", "number", "boolean", "json", "secret"] as const;
export type GlobalType = typeof GLOBAL_TYPES[number];

/** Identifier-like, so FEEL and JavaScript read it as `globals.<name>`. */
export const GLOBAL_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export const GlobalSchema = z.object({
  name: z.string(),
  type: z.enum(GLOBAL_TYPES),
  /** The value; always null for a secret (write-only). */
  value: z.unknown().nullable(),
  /** Whether a value is set (secrets: true once written; their value is never shown). */
  hasValue: z.boolean(),
  description: z.string(),
  updatedBy: z.uuid().nullable(),
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
}).openapi("WorkflowGlobal");
export type Global = z.infer<typeof GlobalSchema>;

export const GlobalInput = z.object({
  type: z.enum(GLOBAL_TYPES),
  /** Checked against the type: text a string, number a finite number, boolean, json any JSON,
   * secret a non-empty string (omit it when replacing a secret to keep the stored one). */
  value: z.unknown().optional(),
  description: z.string().trim().max(500).default(""),
}).openapi("WorkflowGlobalInput");
export type GlobalInput = z.infer<typeof GlobalInput>;

export const GlobalNameParam = z.object({
  name: z.string().openapi({ param: { name: "name", in: "path" } }),
});

export const GlobalList = z.object({ items: z.array(GlobalSchema) }).openapi("WorkflowGlobals");
