import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
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
  const rows = await listMembers(c.var.sql, { limit, after, q });
  return c.json(toPage(rows, limit, (r) => [r.email.toLowerCase(), r.id]), 200);
};

export const createUserHandler: RouteHandler<typeof createUserRoute, AppEnv> = async (c) => {
  const { member, temporaryPassword } = await addMember(
    c.var.sql,
    c.var.session,
    catalog(c),
    c.req.valid("json"),
  );
  return c.json({ ...member, ...(temporaryPassword ? { temporaryPassword } : {}) }, 201);
};

export const updateUserHandler: RouteHandler<typeof updateUserRoute, AppEnv> = async (c) =>
  c.json(
    await changeMember(
      c.var.sql,
      c.var.session,
      catalog(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    ),
    200,
  );

export const listRolesHandler: RouteHandler<typeof listRolesRoute, AppEnv> = async (c) =>
  c.json({ items: await listRoles(c.var.sql) }, 200);

export const createRoleHandler: RouteHandler<typeof createRoleRoute, AppEnv> = async (c) =>
  c.json(await createCustomRole(c.var.sql, c.var.session, catalog(c), c.req.valid("json")), 201);

export const updateRoleHandler: RouteHandler<typeof updateRoleRoute, AppEnv> = async (c) =>
  c.json(
    await changeCustomRole(
      c.var.sql,
      c.var.session,
      catalog(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    ),
    200,
  );

export const listPermissionsHandler: RouteHandler<typeof listPermissionsRoute, AppEnv> = (c) =>
  c.json({ items: catalog(c) }, 200);
