import { createRoute } from "@hono/zod-openapi";
import { crudRoutes } from "../common/crud.routes.ts";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../common/common.schemas.ts";
import {
  ActivityQuery,
  CustomerActivity,
  CustomerInput,
  CustomerQuery,
  CustomerSchema,
  CustomerUpdate,
} from "./customers.schemas.ts";

export const customerRoutes = crudRoutes({
  path: "/customers",
  name: "SupportCustomer",
  noun: "customer",
  item: CustomerSchema,
  create: CustomerInput,
  update: CustomerUpdate,
  query: CustomerQuery,
  read: "support.customer.read",
  write: "support.customer.write",
});

export const customerActivityRoute = createRoute({
  method: "get",
  path: "/customers/{id}/activity",
  tags: ["support"],
  summary: "A customer's history: tickets, comments, contract events and record changes",
  middleware: [requirePermission("support.customer.read")] as const,
  request: { params: IdParam, query: ActivityQuery },
  responses: {
    200: jsonResponse(pageSchema(CustomerActivity, "SupportCustomerActivityPage"), "History"),
    ...errorResponses(400, 401, 403, 404),
  },
});
