/** Saved SQL questions: the API's shapes (also the views' types). */
import { z } from "@hono/zod-openapi";
import { PARAM_TYPES } from "./questions.rules.ts";

export const QuestionParam = z.object({
  name: z.string().min(1).max(63).openapi({ description: "As written in {{name}}" }),
  type: z.enum(PARAM_TYPES as ["text", "number", "date", "boolean", "choice"]),
  label: z.string().trim().min(1).max(200),
  required: z.boolean().default(false),
  default: z.union([z.string().max(1000), z.number(), z.boolean()]).nullable().optional(),
  choices: z.array(z.object({
    value: z.string().min(1).max(200),
    label: z.string().min(1).max(200),
  })).max(100).optional(),
}).openapi("AnalyticsQuestionParam");
export type QuestionParam = z.infer<typeof QuestionParam>;

export const QuestionInput = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).default(""),
  sql: z.string().min(1).max(20_000),
  /** null or absent: the tenant's own data (datasets and tables); else an external source. */
  sourceId: z.uuid().nullable().optional(),
  params: z.array(QuestionParam).max(20).default([]),
}).openapi("AnalyticsQuestionInput");
export type QuestionInput = z.infer<typeof QuestionInput>;

// No defaults here: a field left out keeps its stored value.
export const QuestionPatch = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(2000).optional(),
  sql: z.string().min(1).max(20_000).optional(),
  sourceId: z.uuid().nullable().optional(),
  params: z.array(QuestionParam).max(20).optional(),
}).openapi("AnalyticsQuestionPatch");
export type QuestionPatch = z.infer<typeof QuestionPatch>;

export const QuestionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  sql: z.string(),
  sourceId: z.uuid().nullable(),
  /** "tenant" (the tenant's own data) or "external" (sourceId). */
  target: z.enum(["tenant", "external"]),
  params: z.array(QuestionParam),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("AnalyticsQuestion");
export type Question = z.infer<typeof QuestionSchema>;

/** Not paged: the workspace's questions by name (the router adds `nextCursor: null`). */
export const QuestionList = z.object({
  items: z.array(QuestionSchema),
}).openapi("AnalyticsQuestionList");

export const QuestionIdParam = z.object({ id: z.uuid() });

const Values = z.record(z.string(), z.unknown()).openapi({
  description: "Parameter values by name (text, number, YYYY-MM-DD, true/false, a choice)",
});

export const RunInput = z.object({
  params: Values.default({}),
  limit: z.number().int().min(1).max(10_000).optional(),
}).openapi("AnalyticsQuestionRun");
export type RunInput = z.infer<typeof RunInput>;

export const PreviewInput = z.object({
  sql: z.string().min(1).max(20_000),
  sourceId: z.uuid().nullable().optional(),
  params: z.array(QuestionParam).max(20).default([]),
  values: Values.default({}),
  limit: z.number().int().min(1).max(10_000).optional(),
}).openapi("AnalyticsQuestionPreview");
export type PreviewInput = z.infer<typeof PreviewInput>;

export const QuestionResult = z.object({
  columns: z.array(z.object({
    name: z.string(),
    type: z.enum(["text", "number", "boolean", "date", "datetime"]),
  })),
  rows: z.array(z.record(z.string(), z.unknown())),
  truncated: z.boolean(),
}).openapi("AnalyticsQuestionResult");
export type QuestionResult = z.infer<typeof QuestionResult>;
