import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";

export const INSTANCE_STATES = [
  "active",
  "suspended",
  "completed",
  "cancelled",
  "terminated",
] as const;
export const InstanceState = z.enum(INSTANCE_STATES);
export type InstanceState = z.infer<typeof InstanceState>;

export const IdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});

export const InstanceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  businessKey: z.string().nullable(),
  definitionId: z.uuid(),
  definitionKey: z.string(),
  definitionName: z.string(),
  versionId: z.uuid(),
  version: z.number().int(),
  state: InstanceState,
  incidentCount: z.number().int(),
  startedBy: z.uuid().nullable(),
  startedByName: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
}).openapi("WorkflowInstance");
export type Instance = z.infer<typeof InstanceSchema>;

export const InstanceTask = z.object({
  id: z.uuid(),
  name: z.string(),
  elementId: z.string().nullable(),
  state: z.string(),
  assignee: z.uuid().nullable(),
  assigneeName: z.string().nullable(),
  priority: z.string(),
  dueAt: z.string().nullable(),
  createdAt: z.string(),
}).openapi("WorkflowInstanceTask");
export type InstanceTask = z.infer<typeof InstanceTask>;

export const IncidentSchema = z.object({
  id: z.uuid(),
  instanceId: z.uuid(),
  instanceName: z.string(),
  elementId: z.string(),
  elementName: z.string(),
  kind: z.string(),
  message: z.string(),
  createdAt: z.string(),
}).openapi("WorkflowIncident");
export type Incident = z.infer<typeof IncidentSchema>;

export const InstanceDetail = InstanceSchema.extend({
  variables: z.record(z.string(), z.unknown()),
  endElementId: z.string().nullable(),
  parentInstanceId: z.uuid().nullable(),
  /** Where live tokens stand (ready, waiting or stopped by an incident). */
  activeElementIds: z.array(z.string()),
  /** Elements that completed at least once. */
  doneElementIds: z.array(z.string()),
  incidentElementIds: z.array(z.string()),
  openTasks: z.array(InstanceTask),
  incidents: z.array(IncidentSchema),
}).openapi("WorkflowInstanceDetail");
export type InstanceDetail = z.infer<typeof InstanceDetail>;

export const HistoryEntry = z.object({
  id: z.uuid(),
  at: z.string(),
  event: z.string(),
  elementId: z.string().nullable(),
  elementType: z.string().nullable(),
  /** The element's name from the model (its id when it has none). */
  elementName: z.string().nullable(),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
}).openapi("WorkflowHistoryEntry");
export type HistoryEntry = z.infer<typeof HistoryEntry>;

const q = (name: string) => ({ param: { name, in: "query" as const } });
const DateTime = z.iso.datetime({ offset: true });
const Flag = z.enum(["true", "false"]).transform((v) => v === "true");

export const InstanceQuery = PageQuery.extend({
  mine: Flag.optional().openapi(q("mine")),
  definitionId: z.uuid().optional().openapi(q("definitionId")),
  state: InstanceState.optional().openapi(q("state")),
  startedFrom: DateTime.optional().openapi(q("startedFrom")),
  startedTo: DateTime.optional().openapi(q("startedTo")),
  q: z.string().trim().max(200).optional().openapi(q("q")),
  incident: Flag.optional().openapi(q("incident")),
});
export type InstanceQuery = z.infer<typeof InstanceQuery>;

export const Variables = z.record(z.string().min(1).max(100), z.unknown());

export const StartInput = z.object({
  definitionId: z.uuid().optional(),
  key: z.string().trim().min(1).max(200).optional(),
  version: z.number().int().positive().optional(),
  variables: Variables.default({}),
  businessKey: z.string().trim().min(1).max(200).optional(),
}).refine((v) => !!v.definitionId !== !!v.key, {
  message: "Give exactly one of definitionId or key.",
  path: ["definitionId"],
}).openapi("WorkflowStartInput");
export type StartInput = z.infer<typeof StartInput>;

export const VariablesPatch = z.object({
  /** Variables to set (a null value sets null); others stay as they are. */
  variables: Variables,
}).openapi("WorkflowVariablesPatch");

export const CancelInput = z.object({
  reason: z.string().trim().max(1000).optional(),
}).openapi("WorkflowCancelInput");

export const IncidentQuery = PageQuery.extend({
  instanceId: z.uuid().optional().openapi(q("instanceId")),
});
