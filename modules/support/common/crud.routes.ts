import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { Deleted, IdParam, ListQuery } from "./common.schemas.ts";

/** The contract of a plain resource: list, read, create, replace and delete by id. */
export interface CrudDef<
  I extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  Q extends z.ZodObject = typeof ListQuery,
> {
  /** Collection path under /api/support, e.g. "/customers". */
  path: string;
  /** Schema name in the OpenAPI components, e.g. "SupportCustomer". */
  name: string;
  /** Human name in summaries, e.g. "customer". */
  noun: string;
  item: I;
  create: C;
  update: U;
  query?: Q;
  read: string;
  write: string;
}

const tags = ["support"];

export function crudRoutes<
  I extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  Q extends z.ZodObject = typeof ListQuery,
>(def: CrudDef<I, C, U, Q>) {
  const read = [requirePermission(def.read)];
  const write = [requirePermission(def.write)];
  const byId = `${def.path}/{id}`;
  return {
    list: createRoute({
      method: "get",
      path: def.path,
      tags,
      summary: `List ${def.noun}s`,
      middleware: read,
      request: { query: (def.query ?? ListQuery) as Q },
      responses: {
        200: jsonResponse(pageSchema(def.item, `${def.name}Page`), `A page of ${def.noun}s`),
        ...errorResponses(400, 401, 403),
      },
    }),
    get: createRoute({
      method: "get",
      path: byId,
      tags,
      summary: `Read a ${def.noun}`,
      middleware: read,
      request: { params: IdParam },
      responses: {
        200: jsonResponse(def.item, `The ${def.noun}`),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    create: createRoute({
      method: "post",
      path: def.path,
      tags,
      summary: `Create a ${def.noun}`,
      middleware: write,
      request: { body: jsonBody(def.create) },
      responses: {
        201: jsonResponse(def.item, "Created"),
        ...errorResponses(400, 401, 403, 409, 422),
      },
    }),
    update: createRoute({
      method: "put",
      path: byId,
      tags,
      summary: `Update a ${def.noun} (fields left out keep their values)`,
      middleware: write,
      request: { params: IdParam, body: jsonBody(def.update) },
      responses: {
        200: jsonResponse(def.item, "Updated"),
        ...errorResponses(400, 401, 403, 404, 409, 422),
      },
    }),
    remove: createRoute({
      method: "delete",
      path: byId,
      tags,
      summary: `Delete a ${def.noun}`,
      middleware: write,
      request: { params: IdParam },
      responses: {
        200: jsonResponse(Deleted, "Deleted"),
        ...errorResponses(400, 401, 403, 404, 409, 422),
      },
    }),
  };
}
export type CrudRoutes = ReturnType<typeof crudRoutes>;
