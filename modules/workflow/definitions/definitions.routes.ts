import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  CreatedDefinitionSchema,
  CreateDefinitionInput,
  DefinitionDetailSchema,
  DefinitionIdParam,
  DefinitionQuery,
  DefinitionSchema,
  DeployedSchema,
  DeployInput,
  DraftInput,
  DraftSavedSchema,
  UpdateDefinitionInput,
  ValidateInput,
  ValidationSchema,
  VersionListSchema,
  VersionParam,
  VersionSchema,
} from "./definitions.schemas.ts";

const tags = ["workflow"];
const read = [requirePermission("workflow.definition.read")];
const write = [requirePermission("workflow.definition.write")];

export const listDefinitionsRoute = createRoute({
  operationId: "listWorkflowDefinitions",
  method: "get",
  path: "/admin/process",
  tags,
  summary: "Process definitions, recently changed first (q: name, key or category)",
  middleware: read,
  request: { query: DefinitionQuery },
  responses: {
    200: jsonResponse(pageSchema(DefinitionSchema, "WorkflowDefinitionPage"), "A page"),
    ...errorResponses(400, 401, 403),
  },
});

export const createDefinitionRoute = createRoute({
  operationId: "createWorkflowDefinition",
  method: "post",
  path: "/admin/process",
  tags,
  summary: "Create a process definition from BPMN 2.0 XML, or deploy by key (deploy: true)",
  description: "The key is the BPMN process id. A model without a diagram gets one laid out. " +
    "With deploy: true a model the engine cannot run is refused with 422 listing each " +
    "offending element (errors[].path = element id, errors[].elementType). An existing key " +
    "is a 409, except with deploy: true (as Camunda deploys): XML equal to the latest " +
    "version's deploys nothing and answers 200 with that version and duplicate: true; other " +
    "XML becomes the next version and the draft (201). An archived definition is a 409.",
  middleware: write,
  request: { body: jsonBody(CreateDefinitionInput) },
  responses: {
    200: jsonResponse(CreatedDefinitionSchema, "Unchanged: the latest version (duplicate)"),
    201: jsonResponse(CreatedDefinitionSchema, "Created, or the next version deployed"),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const validateBpmnRoute = createRoute({
  operationId: "validateWorkflowBpmn",
  method: "post",
  path: "/admin/process/validate",
  tags,
  summary: "Check BPMN 2.0 XML: the problems that would refuse a deployment, and lint warnings",
  middleware: read,
  request: { body: jsonBody(ValidateInput) },
  responses: {
    200: jsonResponse(ValidationSchema, "The findings"),
    ...errorResponses(400, 401, 403),
  },
});

export const getDefinitionRoute = createRoute({
  operationId: "getWorkflowDefinition",
  method: "get",
  path: "/admin/process/{id}",
  tags,
  summary: "A process definition with its draft XML",
  middleware: read,
  request: { params: DefinitionIdParam },
  responses: {
    200: jsonResponse(DefinitionDetailSchema, "The definition"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const updateDefinitionRoute = createRoute({
  operationId: "updateWorkflowDefinition",
  method: "patch",
  path: "/admin/process/{id}",
  tags,
  summary: "Change name, description, category or whether it is in the process catalog",
  middleware: write,
  request: { params: DefinitionIdParam, body: jsonBody(UpdateDefinitionInput) },
  responses: {
    200: jsonResponse(DefinitionSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const archiveDefinitionRoute = createRoute({
  operationId: "archiveWorkflowDefinition",
  method: "delete",
  path: "/admin/process/{id}",
  tags,
  summary: "Archive a process definition (refused with 409 while instances run)",
  middleware: write,
  request: { params: DefinitionIdParam },
  responses: {
    204: { description: "Archived" },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const saveDraftRoute = createRoute({
  operationId: "saveWorkflowDefinitionDraft",
  method: "put",
  path: "/admin/process/{id}/draft",
  tags,
  summary: "Save the designer's working copy (saved even with problems; they come back)",
  middleware: write,
  request: { params: DefinitionIdParam, body: jsonBody(DraftInput) },
  responses: {
    200: jsonResponse(DraftSavedSchema, "Saved"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const deployDefinitionRoute = createRoute({
  operationId: "deployWorkflowDefinition",
  method: "post",
  path: "/admin/process/{id}/deploy",
  tags,
  summary: "Deploy the draft (or the given XML) as the next immutable version",
  description: "422 lists each element the engine cannot run (errors[].path = element id). " +
    "Running instances stay on their version.",
  middleware: write,
  request: { params: DefinitionIdParam, body: { ...jsonBody(DeployInput), required: false } },
  responses: {
    201: jsonResponse(DeployedSchema, "Deployed"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const listVersionsRoute = createRoute({
  operationId: "listWorkflowDefinitionVersions",
  method: "get",
  path: "/admin/process/{id}/versions",
  tags,
  summary: "Deployed versions, newest first",
  middleware: read,
  request: { params: DefinitionIdParam },
  responses: {
    200: jsonResponse(VersionListSchema, "The versions"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const getVersionRoute = createRoute({
  operationId: "getWorkflowDefinitionVersion",
  method: "get",
  path: "/admin/process/{id}/versions/{version}",
  tags,
  summary: "One deployed version: XML, compiled model, lint warnings",
  middleware: read,
  request: { params: VersionParam },
  responses: {
    200: jsonResponse(VersionSchema, "The version"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const versionXmlRoute = createRoute({
  operationId: "downloadWorkflowDefinitionVersionXml",
  method: "get",
  path: "/admin/process/{id}/versions/{version}/xml",
  tags,
  summary: "Download the BPMN 2.0 XML of a version",
  middleware: read,
  request: { params: VersionParam },
  responses: {
    200: {
      description: "The XML",
      content: { "application/xml": { schema: z.string() } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});
