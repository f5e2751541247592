import type { RouteHandler } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import * as routes from "./admin.routes.ts";
import type { Context } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { clientAddress } from "./authentication.middleware.ts";
import { decodeCursor, toPage } from "../../shared/http/paging.ts";
import {
  addMember,
  changeCustomRole,
  changeMember,
  createCustomRole,
  listMembers,
  listRoles,
} from "./admin.service.ts";
import type {
  createRoleRoute,
  createUserRoute,
  listPermissionsRoute,
  listRolesRoute,
  listUsersRoute,
  updateRoleRoute,
  updateUserRoute,
} from "./admin.routes.ts";

/** The catalog a grant is checked against: every permission the modules declare. */
const catalog = (c: Context<AppEnv>) => c.var.platform.permissions;

export const listUsersHandler: RouteHandler<typeof listUsersRoute, AppEnv> = async (c) => {
  const { limit, cursor, q } = c.req.valid("query");
  const after = decodeCursor(cursor, ["text", "uuid"]) as [string, string] | null;
  const rows = await listMembers(actorOf(c), { limit, after, q });
  return c.json(toPage(rows, limit, (r) => [r.email.toLowerCase(), r.id]), 200);
};

export const createUserHandler: RouteHandler<typeof createUserRoute, AppEnv> = async (c) => {
  const { member, temporaryPassword } = await addMember(actorOf(c), {
    catalog: catalog(c),
    member: c.req.valid("json"),
    address: clientAddress(c),
  });
  return c.json({ ...member, ...(temporaryPassword ? { temporaryPassword } : {}) }, 201);
};

export const updateUserHandler: RouteHandler<typeof updateUserRoute, AppEnv> = async (c) =>
  c.json(
    await changeMember(actorOf(c), {
      catalog: catalog(c),
      userId: c.req.valid("param").id,
      patch: c.req.valid("json"),
      address: clientAddress(c),
    }),
    200,
  );

export const listRolesHandler: RouteHandler<typeof listRolesRoute, AppEnv> = async (c) =>
  c.json({ items: await listRoles(actorOf(c)) }, 200);

export const createRoleHandler: RouteHandler<typeof createRoleRoute, AppEnv> = async (c) =>
  c.json(
    await createCustomRole(actorOf(c), {
      catalog: catalog(c),
      role: c.req.valid("json"),
      address: clientAddress(c),
    }),
    201,
  );

export const updateRoleHandler: RouteHandler<typeof updateRoleRoute, AppEnv> = async (c) =>
  c.json(
    await changeCustomRole(actorOf(c), {
      catalog: catalog(c),
      id: c.req.valid("param").id,
      role: c.req.valid("json"),
      address: clientAddress(c),
    }),
    200,
  );

export const listPermissionsHandler: RouteHandler<typeof listPermissionsRoute, AppEnv> = (c) =>
  c.json({ items: catalog(c) }, 200);

/** /api/admin: the current tenant's users and roles, and the permissions. */
export function mountAdmin(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(routes.listUsersRoute, listUsersHandler)
    .openapi(routes.createUserRoute, createUserHandler)
    .openapi(routes.updateUserRoute, updateUserHandler)
    .openapi(routes.listRolesRoute, listRolesHandler)
    .openapi(routes.createRoleRoute, createRoleHandler)
    .openapi(routes.updateRoleRoute, updateRoleHandler)
    .openapi(routes.listPermissionsRoute, listPermissionsHandler);
}
