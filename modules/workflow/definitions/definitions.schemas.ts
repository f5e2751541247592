import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";

/** Larger XML is refused by the schema (the compiler refuses it too). */
const MAX_XML = 2_000_000;
const Xml = z.string().min(1).max(MAX_XML).openapi({ description: "BPMN 2.0 XML" });

export const DefinitionIdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});
export const VersionParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  version: z.coerce.number().int().min(1).max(1_000_000).openapi({
    param: { name: "version", in: "path" },
  }),
});

export const DefinitionQuery = PageQuery.extend({
  q: z.string().max(200).optional().openapi({
    param: { name: "q", in: "query" },
    description: "Text in the name, key or category",
  }),
  archived: z.enum(["true", "false"]).optional().openapi({
    param: { name: "archived", in: "query" },
    description: "true: archived definitions only",
  }),
});

export const BpmnProblemSchema = z.object({
  elementId: z.string().nullable(),
  elementType: z.string().nullable(),
  message: z.string(),
  rule: z.string().optional(),
}).openapi("WorkflowBpmnProblem");

export const DefinitionSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  startable: z.boolean(),
  latestVersion: z.number().int(),
  hasDraft: z.boolean(),
  draftUpdatedAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("WorkflowDefinition");
export type Definition = z.infer<typeof DefinitionSchema>;

export const DefinitionDetailSchema = DefinitionSchema.extend({
  draftXml: z.string().nullable(),
}).openapi("WorkflowDefinitionDetail");
export type DefinitionDetail = z.infer<typeof DefinitionDetailSchema>;

export const VersionSummarySchema = z.object({
  id: z.uuid(),
  definitionId: z.uuid(),
  version: z.number().int(),
  name: z.string(),
  note: z.string(),
  startEvents: z.array(z.string()),
  deployedBy: z.uuid().nullable(),
  deployedByName: z.string().nullable(),
  deployedAt: z.string(),
}).openapi("WorkflowDefinitionVersionSummary");
export type VersionSummary = z.infer<typeof VersionSummarySchema>;

export const VersionSchema = VersionSummarySchema.extend({
  xml: z.string(),
  model: z.record(z.string(), z.unknown()).openapi({
    description: "The compiled process graph the engine runs",
  }),
  lint: z.array(BpmnProblemSchema),
  startTimers: z.array(z.object({
    elementId: z.string(),
    timer: z.object({ kind: z.enum(["date", "duration", "cycle"]), expression: z.string() }),
  })),
}).openapi("WorkflowDefinitionVersion");

export const VersionListSchema = z.object({ items: z.array(VersionSummarySchema) })
  .openapi("WorkflowDefinitionVersionList");

export const CreateDefinitionInput = z.object({
  xml: Xml,
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(2000).optional(),
  category: z.string().trim().max(100).optional(),
  deploy: z.boolean().optional().openapi({
    description: "Deploy at once (422 when the model has problems): version 1 of a new key, " +
      "or the next version of an existing one unless its XML is unchanged",
  }),
  note: z.string().max(500).optional(),
}).openapi("WorkflowDefinitionCreate");
export type CreateDefinitionInput = z.infer<typeof CreateDefinitionInput>;

export const UpdateDefinitionInput = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(2000).optional(),
  category: z.string().trim().max(100).optional(),
  startable: z.boolean().optional(),
}).openapi("WorkflowDefinitionUpdate");
export type UpdateDefinitionInput = z.infer<typeof UpdateDefinitionInput>;

export const DraftInput = z.object({ xml: Xml }).openapi("WorkflowDefinitionDraft");
export const ValidateInput = z.object({ xml: Xml }).openapi("WorkflowBpmnValidate");
export const DeployInput = z.object({
  /** XML to deploy; without it the saved draft is deployed. */
  xml: Xml.optional(),
  note: z.string().max(500).optional(),
}).openapi("WorkflowDefinitionDeploy");
export type DeployInput = z.infer<typeof DeployInput>;

export const ValidationSchema = z.object({
  valid: z.boolean(),
  key: z.string().nullable(),
  name: z.string().nullable(),
  problems: z.array(BpmnProblemSchema),
  warnings: z.array(BpmnProblemSchema),
}).openapi("WorkflowBpmnValidation");
export type Validation = z.infer<typeof ValidationSchema>;

export const CreatedDefinitionSchema = DefinitionSchema.extend({
  deployed: VersionSummarySchema.nullable().openapi({
    description: "With deploy: true the version deployed (deployed.version is its number), or " +
      "for unchanged XML the latest version it duplicates; otherwise null",
  }),
  warnings: z.array(BpmnProblemSchema),
  duplicate: z.boolean().openapi({
    description: "true: the key exists and the XML equals its latest version's, so no new " +
      "version was deployed (answered with 200)",
  }),
}).openapi("WorkflowDefinitionCreated");

export const DraftSavedSchema = z.object({
  definition: DefinitionSchema,
  problems: z.array(BpmnProblemSchema),
  warnings: z.array(BpmnProblemSchema),
}).openapi("WorkflowDefinitionDraftSaved");

export const DeployedSchema = VersionSummarySchema.extend({
  warnings: z.array(BpmnProblemSchema),
}).openapi("WorkflowDefinitionDeployed");

/** A startable definition for the process catalog, with its start form. */
export interface StartableDefinition {
  id: string;
  key: string;
  name: string;
  description: string;
  category: string;
  version: number;
  versionId: string;
  formFields: import("../common/model.lib.ts").FormField[];
  formKey: string | null;
}
