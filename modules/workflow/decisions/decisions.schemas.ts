import { z } from "@hono/zod-openapi";
import { AGGREGATIONS, HIT_POLICIES } from "./decisions.rules.ts";

/** Largest DMN file accepted (characters). */
export const MAX_DMN_CHARS = 500_000;

const Input = z.object({
  label: z.string(),
  expression: z.string(),
  typeRef: z.string().nullable(),
});
const Output = z.object({
  name: z.string(),
  label: z.string(),
  typeRef: z.string().nullable(),
  /** The allowed values in priority order (PRIORITY and OUTPUT ORDER rank by them). */
  values: z.array(z.unknown()).optional(),
});
const Rule = z.object({
  inputEntries: z.array(z.string()),
  outputEntries: z.array(z.string()),
  description: z.string().optional(),
});

export const DecisionTableSchema = z.object({
  hitPolicy: z.enum(HIT_POLICIES),
  aggregation: z.enum(AGGREGATIONS).nullable(),
  inputs: z.array(Input),
  outputs: z.array(Output),
  rules: z.array(Rule),
}).openapi("WorkflowDecisionTable");

export const DecisionSchema = z.object({
  id: z.uuid(),
  /** The DMN decision id: what a business rule task's camunda:decisionRef names. */
  key: z.string(),
  name: z.string(),
  version: z.number().int(),
  hitPolicy: z.enum(HIT_POLICIES),
  ruleCount: z.number().int(),
  deployedBy: z.uuid().nullable(),
  deployedByName: z.string().nullable(),
  deployedAt: z.string(),
}).openapi("WorkflowDecision");
export type Decision = z.infer<typeof DecisionSchema>;

export const DecisionDetailSchema = DecisionSchema.extend({
  xml: z.string(),
  table: DecisionTableSchema,
  /** Every deployed version number, newest first. */
  versions: z.array(z.number().int()),
}).openapi("WorkflowDecisionDetail");
export type DecisionDetail = z.infer<typeof DecisionDetailSchema>;

export const DecisionList = z.object({ items: z.array(DecisionSchema) }).openapi(
  "WorkflowDecisions",
);

export const DeployDecisionInput = z.object({
  xml: z.string().min(1).max(MAX_DMN_CHARS),
}).openapi("WorkflowDecisionDeploy");

export const DecisionKeyParam = z.object({
  key: z.string().max(128).openapi({ param: { name: "key", in: "path" } }),
});

export const DecisionVersionQuery = z.object({
  version: z.coerce.number().int().positive().optional(),
});

export const EvaluateInput = z.object({
  variables: z.record(z.string(), z.unknown()).default({}),
  /** A deployed version; the latest when omitted. */
  version: z.number().int().positive().optional(),
}).openapi("WorkflowDecisionEvaluate");

export const EvaluationSchema = z.object({
  key: z.string(),
  version: z.number().int(),
  hitPolicy: z.enum(HIT_POLICIES),
  /** 1-based numbers of the rules that gave the result. */
  matchedRules: z.array(z.number().int()),
  /** One object per result row: output name → value. */
  result: z.array(z.record(z.string(), z.unknown())),
}).openapi("WorkflowDecisionEvaluation");
export type Evaluation = z.infer<typeof EvaluationSchema>;
