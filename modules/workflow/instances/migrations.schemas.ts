import { z } from "@hono/zod-openapi";

export const DefinitionParam = z.object({
  definitionId: z.uuid().openapi({ param: { name: "definitionId", in: "path" } }),
});

export const MigrationInput = z.object({
  fromVersion: z.number().int().positive(),
  toVersion: z.number().int().positive(),
  /** Source activity id → target activity id. */
  mapping: z.record(z.string().min(1).max(200), z.string().min(1).max(200)),
  /** Default: every active or suspended instance of fromVersion. */
  instanceIds: z.array(z.uuid()).max(10_000).optional(),
  dryRun: z.boolean().default(true),
}).refine((v) => v.fromVersion !== v.toVersion, {
  message: "Pick two different versions.",
  path: ["toVersion"],
}).openapi("WorkflowMigrationInput");
export type MigrationInput = z.infer<typeof MigrationInput>;

const Problem = z.object({
  instanceId: z.string().optional(),
  elementId: z.string().optional(),
  message: z.string(),
});
const Move = z.object({ instanceId: z.string(), from: z.string(), to: z.string() });

export const MigrationReportSchema = z.object({
  dryRun: z.boolean(),
  applied: z.boolean(),
  valid: z.boolean(),
  instanceCount: z.number().int(),
  problems: z.array(Problem),
  moves: z.array(Move),
  batches: z.array(z.object({
    index: z.number().int(),
    instanceIds: z.array(z.string()),
    moves: z.number().int(),
  })),
}).openapi("WorkflowMigrationReport");
export type MigrationReportOut = z.infer<typeof MigrationReportSchema>;

export const MigrationRecord = z.object({
  id: z.uuid(),
  definitionId: z.uuid(),
  fromVersion: z.number().int(),
  toVersion: z.number().int(),
  mapping: z.record(z.string(), z.string()),
  instanceCount: z.number().int(),
  state: z.enum(["applied", "failed"]),
  results: z.array(z.unknown()),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
}).openapi("WorkflowMigration");
export type MigrationRecord = z.infer<typeof MigrationRecord>;
