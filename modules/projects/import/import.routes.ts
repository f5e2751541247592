import { createRoute } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { errorResponses, problems } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../projects/projects.schemas.ts";
import { IMPORT_MAX_BYTES } from "./import.lib.ts";
import { ImportFormBody, ImportJsonBody, ImportResult } from "./import.schemas.ts";

/**
 * The import's addresses run without the request-wide transaction and the general body limit
 * (a file up to 5 MB); the handler opens one transaction for the whole import.
 */
export const IMPORT_API_PATH = /^\/api\/projects\/projects\/[^/]+\/import$/;
export const IMPORT_PAGE_PATH = /^\/projects\/projects\/[^/]+\/import$/;

/** 413 past the file limit (with room for the form's other fields). */
export const importBodyLimit = bodyLimit({
  maxSize: IMPORT_MAX_BYTES + 256 * 1024,
  onError: () => {
    throw problems.tooLarge("The file is larger than 5 MB.");
  },
});

export const importTasksRoute = createRoute({
  method: "post",
  path: "/projects/{id}/import",
  operationId: "importProjectTasks",
  tags: ["projects"],
  summary: "Import tasks from a CSV or a Jira CSV export: preview, then commit",
  description: "At most 5 MB and 5,000 rows. Preview answers the rows as they would be created " +
    "and each row's errors; commit writes all rows in one transaction, or answers 422 listing " +
    "every refused row and field (`errors[].path` is `rows.<row>.<field>`) and writes nothing. " +
    "Row numbers count the header as row 1.",
  middleware: [requirePermission("projects.task.write"), importBodyLimit] as const,
  request: {
    params: IdParam,
    body: {
      // Either content type; each is checked only when the request has it.
      required: false,
      content: {
        "application/json": { schema: ImportJsonBody },
        "multipart/form-data": { schema: ImportFormBody },
      },
    },
  },
  responses: {
    200: jsonResponse(ImportResult, "Preview or import result"),
    ...errorResponses(400, 401, 403, 404, 413, 422),
  },
});
