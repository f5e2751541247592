import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";
import { AGENT_KINDS, AGENT_STATES } from "../common/common.schemas.ts";

const q = (name: string) => ({ param: { name, in: "query" as const } });

export const AgentKindSchema = z.enum(AGENT_KINDS).openapi("AutomationAgentKind");
export const AgentStateSchema = z.enum(AGENT_STATES).openapi("AutomationAgentState");

export const AgentIdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});
export const VersionParam = AgentIdParam.extend({
  version: z.coerce.number().int().min(1).max(1_000_000)
    .openapi({ param: { name: "version", in: "path" } }),
});

const Name = z.string().trim().min(1).max(100);
const Description = z.string().max(2000);
const Config = z.record(z.string(), z.unknown());
const Code = z.string().max(200_000);
/** Permission names (patterns like `support.*` are not grants: an agent gets exact ones). */
const Grants = z.array(z.string().regex(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*){2}$/)).max(100);
const Note = z.string().trim().max(500);

export const AgentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  kind: AgentKindSchema,
  state: AgentStateSchema,
  config: Config,
  code: z.string(),
  grants: z.array(z.string()),
  version: z.number().int(),
  template: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  lastError: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastStatus: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("AutomationAgent");
export type Agent = z.infer<typeof AgentSchema>;

export const AgentDetailSchema = AgentSchema.extend({
  /** The jobs that run this agent (deleting it would delete them). */
  jobs: z.array(z.object({ id: z.uuid(), name: z.string(), enabled: z.boolean() })),
  envNames: z.array(z.string()),
}).openapi("AutomationAgentDetail");

export const AgentInput = z.object({
  name: Name,
  description: Description.optional(),
  /** Required unless a template gives it. */
  kind: AgentKindSchema.optional(),
  config: Config.optional(),
  code: Code.optional(),
  grants: Grants.optional(),
  /** Start from this template (GET /agent-templates); fields given here win. */
  template: z.string().max(100).optional(),
  note: Note.optional(),
}).strict().openapi("AutomationAgentInput");
export type AgentInput = z.infer<typeof AgentInput>;

export const FromTemplateInput = z.object({
  template: z.string().min(1).max(100),
  name: Name,
}).strict().openapi("AutomationAgentFromTemplate");

export const AgentUpdate = z.object({
  name: Name,
  description: Description,
  config: Config,
  code: Code,
  grants: Grants,
  /** Why code or config changed (kept with the new version). */
  note: Note,
}).partial().strict().openapi("AutomationAgentUpdate");
export type AgentUpdate = z.infer<typeof AgentUpdate>;

export const StateInput = z.object({ state: z.enum(["aktif", "pasif"]) }).strict()
  .openapi("AutomationAgentStateInput");

export const AgentQuery = PageQuery.extend({
  state: AgentStateSchema.optional().openapi(q("state")),
  kind: AgentKindSchema.optional().openapi(q("kind")),
  q: z.string().trim().max(200).optional().openapi(q("q")),
});
export type AgentQuery = z.infer<typeof AgentQuery>;

export const DeleteQuery = z.object({
  force: z.enum(["true", "false"]).default("false").openapi({
    ...q("force"),
    description: "Also delete the agent's jobs (without it an agent with jobs is a 409)",
  }),
});

export const VersionSummary = z.object({
  version: z.number().int(),
  note: z.string(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  current: z.boolean(),
}).openapi("AutomationAgentVersionSummary");

export const VersionSchema = VersionSummary.extend({
  config: Config,
  code: z.string(),
}).openapi("AutomationAgentVersion");
export type Version = z.infer<typeof VersionSchema>;

export const DiffQuery = z.object({
  against: z.coerce.number().int().min(1).max(1_000_000).optional().openapi({
    ...q("against"),
    description: "The version to compare with (default the one before)",
  }),
});
export const DiffSchema = z.object({
  version: z.number().int(),
  against: z.number().int(),
  /** A unified diff of the code and of the configuration (as formatted JSON). */
  diff: z.string(),
  changed: z.boolean(),
}).openapi("AutomationAgentVersionDiff");

export const RestoreInput = z.object({ note: Note.optional() }).strict()
  .openapi("AutomationAgentRestore");

export const GrantChoices = z.object({ items: z.array(z.string()) })
  .openapi("AutomationAgentGrantChoices");
