import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  CorrelateInput,
  CorrelationAnswer,
  SignalAnswer,
  SignalInput,
} from "./messages.schemas.ts";

const tags = ["workflow"];
// A message or signal moves or starts processes: the permission that starts processes.
const write = [requirePermission("workflow.process.write")];

export const correlateMessageRoute = createRoute({
  operationId: "correlateWorkflowMessage",
  method: "post",
  path: "/messages",
  tags,
  summary:
    "Correlate a message: to the waiting execution(s) it matches, else to message start events " +
    "(404 when nothing waits or starts, 409 when several match and `all` is false)",
  middleware: write,
  request: { body: jsonBody(CorrelateInput) },
  responses: {
    200: jsonResponse(CorrelationAnswer, "What the message reached"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const broadcastSignalRoute = createRoute({
  operationId: "broadcastWorkflowSignal",
  method: "post",
  path: "/signals",
  tags,
  summary: "Broadcast a signal to every waiting signal event and signal start in the tenant",
  middleware: write,
  request: { body: jsonBody(SignalInput) },
  responses: {
    200: jsonResponse(SignalAnswer, "What the signal reached"),
    ...errorResponses(400, 401, 403, 422),
  },
});
